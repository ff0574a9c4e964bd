import { AD_SET_STATUSES, type AdSetStatus } from '../domain/ad-set-statuses.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

/** Which cache: one customer's ad sets on one platform. */
export interface CacheScope {
  company: string;
  customer: string;
  platform: string;
}

/**
 * What the cache indexes an ad set by; the rest of the record is the unified ad set (adsets/model),
 * kept as its JSON: the type is the service's, which alone writes here.
 */
export interface CachedAdSet {
  id: string;
  created_at: string;
  status: AdSetStatus;
  /** The campaign: lists may be filtered by it. */
  parentId: string;
}

/** Index member: creation time then id, so pages are in a stable creation order. */
export const adSetMember = (adSet: Pick<CachedAdSet, 'created_at' | 'id'>): string =>
  `${new Date(adSet.created_at).toISOString()}|${adSet.id}`;

const SCAN_CHUNK = 1000;

/**
 * The ad-set cache: one record per ad set plus sorted-set indexes (all, and one per status), so a page
 * costs O(log n + page) whatever the cache holds.
 */
export class AdSetCache<AdSet extends CachedAdSet = CachedAdSet> {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  private recordKey(s: CacheScope, id: string) {
    return this.k.adSet(s.company, s.customer, s.platform, id);
  }

  private indexKey(s: CacheScope, status?: AdSetStatus) {
    return this.k.adSetIndex(s.company, s.customer, s.platform, status);
  }

  async isFilled(s: CacheScope): Promise<boolean> {
    return (await this.kv.get(this.k.adSetsFilled(s.company, s.customer, s.platform))) !== null;
  }

  async get(s: CacheScope, id: string): Promise<AdSet | null> {
    const raw = await this.kv.get(this.recordKey(s, id));
    return raw ? (JSON.parse(raw) as AdSet) : null;
  }

  /**
   * One page after `after` (an index member), and the member to continue from when there is more.
   * With `parentId`, only that campaign's ad sets: the index is read a chunk per round trip and
   * filtered until the page is full (campaigns have no index of their own).
   */
  async page(
    s: CacheScope,
    options: { limit: number; status?: AdSetStatus; after?: string; parentId?: string },
  ): Promise<{ data: AdSet[]; next: string | undefined }> {
    const { limit, parentId } = options;
    const found: { member: string; adSet: AdSet }[] = [];
    const chunk = parentId === undefined ? limit + 1 : Math.max(limit + 1, SCAN_CHUNK);
    let after = options.after;
    for (;;) {
      const members = await this.kv.zrangeLex(this.indexKey(s, options.status), {
        limit: chunk,
        ...(after ? { after } : {}),
      });
      const raws = await this.kv.mget(members.map((m) => this.recordKey(s, m.slice(m.indexOf('|') + 1))));
      members.forEach((member, i) => {
        const raw = raws[i];
        if (!raw) return;
        const adSet = JSON.parse(raw) as AdSet;
        if (parentId === undefined || adSet.parentId === parentId) found.push({ member, adSet });
      });
      if (found.length > limit || members.length < chunk) break;
      after = members.at(-1);
    }
    const page = found.slice(0, limit);
    return { data: page.map((f) => f.adSet), next: found.length > limit ? page.at(-1)!.member : undefined };
  }

  private async allMembers(s: CacheScope): Promise<string[]> {
    const members: string[] = [];
    let after: string | undefined;
    for (;;) {
      const chunk = await this.kv.zrangeLex(this.indexKey(s), {
        limit: SCAN_CHUNK,
        ...(after ? { after } : {}),
      });
      members.push(...chunk);
      if (chunk.length < SCAN_CHUNK) return members;
      after = chunk.at(-1);
    }
  }

  /** Replaces the whole cache of the scope with what the platform holds now, in one transaction. */
  async replaceAll(s: CacheScope, adSets: AdSet[]): Promise<void> {
    const old = await this.allMembers(s);
    const batch = this.kv.batch();
    batch.del(
      ...old.map((m) => this.recordKey(s, m.slice(m.indexOf('|') + 1))),
      this.indexKey(s),
      ...AD_SET_STATUSES.map((status) => this.indexKey(s, status)),
    );
    for (const adSet of adSets) {
      batch.set(this.recordKey(s, adSet.id), JSON.stringify(adSet));
      batch.zaddLex(this.indexKey(s), adSetMember(adSet));
      batch.zaddLex(this.indexKey(s, adSet.status), adSetMember(adSet));
    }
    batch.set(this.k.adSetsFilled(s.company, s.customer, s.platform), new Date().toISOString());
    await batch.exec();
  }

  /** Writes one ad set (after the platform accepted a change), moving it between status indexes. */
  async put(s: CacheScope, adSet: AdSet): Promise<void> {
    const previous = await this.get(s, adSet.id);
    const batch = this.kv.batch().set(this.recordKey(s, adSet.id), JSON.stringify(adSet));
    if (previous) {
      batch.zrem(this.indexKey(s), adSetMember(previous));
      batch.zrem(this.indexKey(s, previous.status), adSetMember(previous));
    }
    batch.zaddLex(this.indexKey(s), adSetMember(adSet));
    batch.zaddLex(this.indexKey(s, adSet.status), adSetMember(adSet));
    await batch.exec();
  }

  /** Drops an ad set the platform no longer has. */
  async remove(s: CacheScope, id: string): Promise<void> {
    const previous = await this.get(s, id);
    if (!previous) return;
    await this.kv
      .batch()
      .del(this.recordKey(s, id))
      .zrem(this.indexKey(s), adSetMember(previous))
      .zrem(this.indexKey(s, previous.status), adSetMember(previous))
      .exec();
  }

  /** Forgets the scope entirely (the platform was disconnected or the customer deleted). */
  async clear(s: CacheScope): Promise<void> {
    await this.replaceAll(s, []);
    await this.kv.del(this.k.adSetsFilled(s.company, s.customer, s.platform));
  }
}
