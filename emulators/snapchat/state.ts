import { randomUUID } from 'node:crypto';
import type {
  Ad,
  AdAccount,
  AdSquad,
  AdSquadValues,
  AdValues,
  Campaign,
  Creative,
  CreativeValues,
  DeliveryStatus,
  Media,
  Organization,
} from './model.js';
import type { Segment } from './segments.js';

/** The emulated user's organizations and everything in their ad accounts. */
export class SnapState {
  readonly organizations = new Map<string, Organization>();
  readonly adAccounts = new Map<string, AdAccount>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adSquads = new Map<string, AdSquad>();
  readonly ads = new Map<string, Ad>();
  readonly media = new Map<string, Media>();
  readonly creatives = new Map<string, Creative>();
  readonly segments = new Map<string, Segment>();
  private clock = Date.parse('2026-01-05T09:00:00.000Z');

  /** Snap ids are UUIDs. */
  id(): string {
    return randomUUID();
  }

  /** While seeding, times run on from January 2026 (not the real clock): seeded ads have a history. */
  seeding = false;

  /** Times that increase by a second per call (and never lag the real clock), so lists keep an order. */
  now(): string {
    this.clock = this.seeding ? this.clock + 1000 : Math.max(this.clock + 1000, Date.now());
    return new Date(this.clock).toISOString();
  }

  addAdSquad(campaign: Campaign, values: AdSquadValues): AdSquad {
    const time = this.now();
    const squad: AdSquad = {
      ...values,
      id: this.id(),
      campaign_id: campaign.id,
      ad_account_id: campaign.ad_account_id,
      created_at: time,
      updated_at: time,
      deleted: false,
    };
    this.adSquads.set(squad.id, squad);
    return squad;
  }

  /** A full update: the new values replace every writable field (an omitted optional one is cleared). */
  replaceAdSquad(current: AdSquad, values: AdSquadValues): AdSquad {
    const { id, campaign_id, ad_account_id, created_at } = current;
    const squad: AdSquad = {
      ...values,
      id,
      campaign_id,
      ad_account_id,
      created_at,
      updated_at: this.now(),
      deleted: false,
    };
    this.adSquads.set(id, squad);
    return squad;
  }

  addMedia(account: string, values: Pick<Media, 'name' | 'type'>): Media {
    const time = this.now();
    const media: Media = {
      ...values,
      id: this.id(),
      ad_account_id: account,
      media_status: 'PENDING_UPLOAD',
      created_at: time,
      updated_at: time,
    };
    this.media.set(media.id, media);
    return media;
  }

  addCreative(account: string, values: CreativeValues): Creative {
    const time = this.now();
    const creative: Creative = {
      ...values,
      id: this.id(),
      ad_account_id: account,
      created_at: time,
      updated_at: time,
    };
    this.creatives.set(creative.id, creative);
    return creative;
  }

  /** A full update of a creative; the ads showing it go back to review. */
  replaceCreative(current: Creative, values: CreativeValues): Creative {
    const { id, ad_account_id, created_at } = current;
    const creative: Creative = { ...values, id, ad_account_id, created_at, updated_at: this.now() };
    this.creatives.set(id, creative);
    for (const ad of this.ads.values()) {
      if (ad.creative_id === id && !ad.deleted) {
        Object.assign(ad, { review_status: 'PENDING', updated_at: creative.updated_at });
        delete ad.review_status_reasons;
      }
    }
    return creative;
  }

  /** A new ad waits for Snap's review. */
  addAd(squad: AdSquad, values: AdValues): Ad {
    const time = this.now();
    const ad: Ad = {
      ...values,
      id: this.id(),
      ad_squad_id: squad.id,
      ad_account_id: squad.ad_account_id,
      review_status: 'PENDING',
      created_at: time,
      updated_at: time,
      deleted: false,
    };
    this.ads.set(ad.id, ad);
    return ad;
  }

  /** A full update: name, status, type and creative replace the ad's; its review stays. */
  replaceAd(current: Ad, values: AdValues): Ad {
    const ad: Ad = { ...current, ...values, updated_at: this.now() };
    this.ads.set(ad.id, ad);
    return ad;
  }

  /** Creation order, as Snap's cursors follow it. */
  ordered<T extends { created_at: string; id: string }>(entities: Iterable<T>): T[] {
    return [...entities].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  campaignDelivery(campaign: Campaign): DeliveryStatus[] {
    return [campaign.status === 'ACTIVE' ? 'VALID' : 'INVALID_NOT_ACTIVE'];
  }

  /** Why an ad squad does or does not deliver: its own status and schedule, then its campaign's. */
  adSquadDelivery(squad: AdSquad, now = Date.now()): DeliveryStatus[] {
    if (squad.status !== 'ACTIVE') return ['INVALID_NOT_ACTIVE'];
    if (Date.parse(squad.start_time) > now) return ['INVALID_START_TIME'];
    if (squad.end_time && Date.parse(squad.end_time) < now) return ['INVALID_END_TIME'];
    const campaign = this.campaigns.get(squad.campaign_id)!;
    if (campaign.deleted) return ['INVALID_EFFECTIVE_DELETED'];
    return campaign.status === 'ACTIVE' ? ['VALID'] : ['INVALID_NOT_EFFECTIVE_ACTIVE'];
  }

  adDelivery(ad: Ad): DeliveryStatus[] {
    if (ad.deleted) return ['INVALID_EFFECTIVE_DELETED'];
    if (ad.status !== 'ACTIVE') return ['INVALID_NOT_ACTIVE'];
    const squad = this.adSquads.get(ad.ad_squad_id)!;
    return this.adSquadDelivery(squad)[0] === 'VALID' ? ['VALID'] : ['INVALID_NOT_EFFECTIVE_ACTIVE'];
  }
}
