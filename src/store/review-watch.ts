import type { Kv } from './kv.js';

/** An ad whose review was pending when adlink last read it. */
export interface WatchedAd {
  company: string;
  customer: string;
  platform: string;
  id: string;
  /** When adlink first saw it pending (epoch seconds): it is watched for a limited time. */
  since: number;
  /** Its member of the set, to remove it once checked. */
  member: string;
}

/** Wide enough for epoch seconds for ever; members sort by due time as text. */
const WIDTH = 12;

/**
 * Ads to look at again until their review is decided: one lexicographic set ordered by when each is
 * next due (`<due>|<since>|<company>|<customer>|<platform>|<ad id>`), under the `{keeper}` hash tag
 * beside the token schedule. An ad may be in it twice (seen pending twice); a check removes what it
 * checked, and a second check of a decided ad finds nothing to report.
 */
export class ReviewWatch {
  private readonly key: string;

  constructor(
    private readonly kv: Kv,
    prefix: string,
  ) {
    this.key = `${prefix}{keeper}:reviews`;
  }

  /** Looks at each ad again at its `dueAt` (epoch seconds). */
  async watch(ads: (Omit<WatchedAd, 'member'> & { dueAt: number })[]): Promise<void> {
    if (ads.length === 0) return;
    const batch = this.kv.batch();
    for (const ad of ads) {
      const due = String(Math.floor(ad.dueAt)).padStart(WIDTH, '0');
      batch.zaddLex(this.key, [due, ad.since, ad.company, ad.customer, ad.platform, ad.id].join('|'));
    }
    await batch.exec();
  }

  /** The ads due at `now` (epoch seconds), at most `limit`, oldest first. */
  async due(now: number, limit: number): Promise<WatchedAd[]> {
    const members = await this.kv.zrangeLex(this.key, { limit });
    const bound = String(Math.floor(now)).padStart(WIDTH, '0');
    return members
      .filter((m) => m.slice(0, WIDTH) <= bound)
      .map((member) => {
        const [, since, company, customer, platform, ...id] = member.split('|');
        return {
          company: company!,
          customer: customer!,
          platform: platform!,
          id: id.join('|'),
          since: Number(since),
          member,
        };
      });
  }

  async remove(ads: WatchedAd[]): Promise<void> {
    const batch = this.kv.batch();
    for (const ad of ads) batch.zrem(this.key, ad.member);
    await batch.exec();
  }
}
