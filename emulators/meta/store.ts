import type { Ad, AdAccount, AdCreative, AdImage, AdSet, Campaign, CustomAudience, Page } from './model.js';
import { graphTime } from './model.js';

/** Meta ids are numeric strings (new campaigns' ids stay clear of the seeded ones). */
const ID_BASES = {
  campaign: 120_210_000_001_000_000n,
  adset: 120_211_000_000_000_000n,
  ad: 120_212_000_000_000_000n,
  creative: 120_213_000_000_000_000n,
  customAudience: 23_850_000_000_000_000n,
};

/** Matched people an audience needs before it delivers (Meta: at least 100). */
export const MIN_AUDIENCE_SIZE = 100;

/** The emulated user's ad accounts and everything in them. */
export class MetaStore {
  readonly accounts = new Map<string, AdAccount>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adSets = new Map<string, AdSet>();
  readonly ads = new Map<string, Ad>();
  readonly creatives = new Map<string, AdCreative>();
  /** Each account's image library, by hash. */
  readonly images = new Map<string, Map<string, AdImage>>();
  readonly pages = new Map<string, Page>();
  /** The Pages each ad account may promote (`promote_pages`), by account id. */
  readonly promotePages = new Map<string, string[]>();
  readonly customAudiences = new Map<string, CustomAudience>();
  /** The ad accounts that accepted the Custom Audience terms (`tos_accepted`). */
  readonly tosAccepted = new Set<string>();
  private sequence = 0n;
  private clock = Date.parse('2026-01-05T09:00:00Z');

  nextId(kind: keyof typeof ID_BASES): string {
    this.sequence++;
    return String(ID_BASES[kind] + this.sequence);
  }

  /** Creation times that increase by a second per object, so lists have a stable order. */
  nextTime(): string {
    this.clock += 1000;
    return graphTime(new Date(this.clock));
  }

  /** What an ad set delivers as: its own status, unless everything is on and the campaign holds it. */
  adSetEffectiveStatus(adSet: AdSet): string {
    if (adSet.status !== 'ACTIVE') return adSet.status;
    if (this.campaigns.get(adSet.campaign_id)?.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
    return adSet.held ?? 'ACTIVE';
  }

  /**
   * What Meta says of a custom audience: while an upload is matched, `operation_status` 441 and no
   * count (-1); then every hash added and not removed counts as matched, and `delivery_status` says
   * ready (200) from the minimum size on, too small (300) below it.
   */
  customAudienceState(audience: CustomAudience) {
    if (audience.matching_until > Date.now()) {
      return {
        count: -1,
        operation_status: { code: 441, description: "We're finding people who are part of this audience." },
        delivery_status: { code: 300, description: 'This audience is too small to be used for ads.' },
      };
    }
    const removed = new Set(audience.removed);
    const count = new Set(audience.added.filter((hash) => !removed.has(hash))).size;
    return {
      count,
      operation_status: { code: 200, description: 'Normal' },
      delivery_status:
        count >= MIN_AUDIENCE_SIZE
          ? { code: 200, description: 'This audience is ready for use.' }
          : { code: 300, description: 'This audience is too small to be used for ads.' },
    };
  }

  imagesOf(accountId: string): Map<string, AdImage> {
    const library = this.images.get(accountId) ?? new Map<string, AdImage>();
    this.images.set(accountId, library);
    return library;
  }

  /**
   * What an ad delivers as. Review comes before the configured PAUSED: an ad in review, paused or
   * not, is PENDING_REVIEW (and stays paused after it), a disapproved one DISAPPROVED.
   */
  adEffectiveStatus(ad: Ad): string {
    if (ad.status === 'ARCHIVED' || ad.status === 'DELETED') return ad.status;
    if (ad.review === 'DISAPPROVED') return 'DISAPPROVED';
    if (ad.review === 'PENDING') return 'PENDING_REVIEW';
    // Meta's own example of WITH_ISSUES is a paused ad ("Introducing WITH_ISSUES", ads blog 2018).
    if (ad.issues?.length) return 'WITH_ISSUES';
    if (ad.status !== 'ACTIVE') return ad.status;
    if (this.campaigns.get(ad.campaign_id)?.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
    const adSet = this.adSets.get(ad.adset_id);
    return adSet?.status === 'ACTIVE' ? 'ACTIVE' : 'ADSET_PAUSED';
  }
}
