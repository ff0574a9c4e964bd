import type { CustomAudience } from './audience-routes.js';
import type { Ad, AdGroup, Advertiser, Campaign, Creative, Identity, Image, Review } from './model.js';
import { tiktokTime } from './model.js';

/** Every advertiser, campaign, ad group and ad of one emulator instance. */
export class TikTokState {
  readonly advertisers = new Map<string, Advertiser>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adGroups = new Map<string, AdGroup>();
  readonly ads = new Map<string, Ad>();
  readonly images = new Map<string, Image>();
  readonly identities = new Map<string, Identity>();
  readonly audiences = new Map<string, CustomAudience>();
  /** The advertiser of each video in an Asset Library (seeded: the emulator takes no video uploads). */
  readonly videos = new Map<string, string>();
  private nextId = 1_800_000_000_000_000_000n;
  private clock = Date.UTC(2026, 0, 5, 9, 0, 0);

  private nextAsset = 7_200_000_000_000_000_000n;

  /** TikTok ids are 19-digit numbers, sent as strings. */
  id(): string {
    this.nextId += 1n;
    return String(this.nextId);
  }

  /** Ids of identities and Asset Library files, counted apart so campaigns and ads keep theirs. */
  assetId(): string {
    this.nextAsset += 1n;
    return String(this.nextAsset);
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

  /** The ad's `secondary_status` (the SDK's CreativeStatus enum package): its switch, review, parents. */
  adStatus(ad: Ad): string {
    if (ad.deleted) return 'AD_STATUS_DELETE';
    if (ad.operation_status === 'DISABLE') return 'AD_STATUS_DISABLE';
    if (ad.review.review_status === 'PENDING') return 'AD_STATUS_AUDIT';
    if (ad.review.review_status === 'UNAVAILABLE') return 'AD_STATUS_AUDIT_DENY';
    const adGroup = this.adGroups.get(ad.adgroup_id)!;
    if (this.adGroupStatus(adGroup) !== 'ADGROUP_STATUS_DELIVERY_OK') return 'AD_STATUS_ADGROUP_DISABLE';
    return ad.review.review_status === 'PART_AVAILABLE'
      ? 'AD_STATUS_PARTIAL_AUDIT_DELIVERY_OK'
      : 'AD_STATUS_DELIVERY_OK';
  }

  addAdGroup(fields: Omit<AdGroup, 'adgroup_id' | 'create_time' | 'modify_time'>): AdGroup {
    const time = this.now();
    const adGroup: AdGroup = { ...fields, adgroup_id: this.id(), create_time: time, modify_time: time };
    this.adGroups.set(adGroup.adgroup_id, adGroup);
    return adGroup;
  }

  /** A new ad starts in review, as TikTok's do. */
  addAd(
    adGroup: AdGroup,
    creative: Creative,
    operation_status: Ad['operation_status'] = 'ENABLE',
    review: Review = { review_status: 'PENDING', reasons: [] },
  ): Ad {
    const time = this.now();
    const ad: Ad = {
      ...creative,
      advertiser_id: adGroup.advertiser_id,
      campaign_id: adGroup.campaign_id,
      adgroup_id: adGroup.adgroup_id,
      ad_id: this.id(),
      operation_status,
      deleted: false,
      review,
      create_time: time,
      modify_time: time,
    };
    this.ads.set(ad.ad_id, ad);
    return ad;
  }
}
