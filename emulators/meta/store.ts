import type { Ad, AdAccount, AdSet, Campaign } from './model.js';
import { graphTime } from './model.js';

/** Meta ids are numeric strings (new campaigns' ids stay clear of the seeded ones). */
const ID_BASES = {
  campaign: 120_210_000_001_000_000n,
  adset: 120_211_000_000_000_000n,
  ad: 120_212_000_000_000_000n,
};

/** The emulated user's ad accounts and everything in them. */
export class MetaStore {
  readonly accounts = new Map<string, AdAccount>();
  readonly campaigns = new Map<string, Campaign>();
  readonly adSets = new Map<string, AdSet>();
  readonly ads = new Map<string, Ad>();
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

  adEffectiveStatus(ad: Ad): string {
    if (ad.status !== 'ACTIVE') return ad.status;
    if (this.campaigns.get(ad.campaign_id)?.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
    const adSet = this.adSets.get(ad.adset_id);
    return adSet?.status === 'ACTIVE' ? 'ACTIVE' : 'ADSET_PAUSED';
  }
}
