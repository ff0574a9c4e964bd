import type { Ad, AdGroup, Advertiser, Campaign } from './model.js';
import { tiktokTime } from './model.js';

/** Every advertiser, campaign, ad group and ad of one emulator instance. */
export class TikTokState {
  readonly advertisers = new Map<string, Advertiser>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adGroups = new Map<string, AdGroup>();
  readonly ads = new Map<string, Ad>();
  private nextId = 1_800_000_000_000_000_000n;
  private clock = Date.UTC(2026, 0, 5, 9, 0, 0);

  /** TikTok ids are 19-digit numbers, sent as strings. */
  id(): string {
    this.nextId += 1n;
    return String(this.nextId);
  }

  /** Creation times strictly increase, so lists have a stable order. */
  now(): string {
    this.clock = Math.max(this.clock + 1000, Date.now());
    return tiktokTime(new Date(this.clock));
  }

  /** The ad group's `secondary_status`, derived as TikTok derives it from its state and its parents'. */
  adGroupStatus(adGroup: AdGroup): string {
    if (adGroup.deleted) return 'ADGROUP_STATUS_DELETE';
    if (adGroup.operation_status === 'DISABLE') return 'ADGROUP_STATUS_DISABLE';
    const campaign = this.campaigns.get(adGroup.campaign_id)!;
    if (campaign.deleted) return 'ADGROUP_STATUS_CAMPAIGN_DELETE';
    if (campaign.operation_status === 'DISABLE') return 'ADGROUP_STATUS_CAMPAIGN_DISABLE';
    if (adGroup.delivery_issue) return adGroup.delivery_issue;
    const delivering = [...this.ads.values()].some(
      (ad) => ad.adgroup_id === adGroup.adgroup_id && !ad.deleted && ad.operation_status === 'ENABLE',
    );
    return delivering ? 'ADGROUP_STATUS_DELIVERY_OK' : 'ADGROUP_STATUS_CREATE';
  }

  campaignStatus(campaign: Campaign): string {
    if (campaign.deleted) return 'CAMPAIGN_STATUS_DELETE';
    return campaign.operation_status === 'ENABLE' ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE';
  }

  adStatus(ad: Ad): string {
    if (ad.deleted) return 'AD_STATUS_DELETE';
    if (ad.operation_status === 'DISABLE') return 'AD_STATUS_DISABLE';
    const adGroup = this.adGroups.get(ad.adgroup_id)!;
    return this.adGroupStatus(adGroup) === 'ADGROUP_STATUS_DELIVERY_OK'
      ? 'AD_STATUS_DELIVERY_OK'
      : 'AD_STATUS_ADGROUP_DISABLE';
  }

  addAdGroup(fields: Omit<AdGroup, 'adgroup_id' | 'create_time' | 'modify_time'>): AdGroup {
    const time = this.now();
    const adGroup: AdGroup = { ...fields, adgroup_id: this.id(), create_time: time, modify_time: time };
    this.adGroups.set(adGroup.adgroup_id, adGroup);
    return adGroup;
  }

  addAd(adGroup: AdGroup, ad_name: string, operation_status: Ad['operation_status'] = 'ENABLE'): Ad {
    const ad: Ad = {
      advertiser_id: adGroup.advertiser_id,
      campaign_id: adGroup.campaign_id,
      adgroup_id: adGroup.adgroup_id,
      ad_id: this.id(),
      ad_name,
      operation_status,
      deleted: false,
      create_time: this.now(),
    };
    this.ads.set(ad.ad_id, ad);
    return ad;
  }
}
