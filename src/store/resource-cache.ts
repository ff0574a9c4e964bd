import { AD_SET_STATUSES, type AdSetStatus } from '../domain/ad-set-statuses.js';
import { eachYielding } from '../each-yielding.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

/** Which cache: one customer's records of one resource on one platform. */
export interface CacheScope {
  company: string;
  customer: string;
  platform: string;
}

/**
 * What the cache indexes a record by; the rest of the record is the unified resource (an ad set, a
 * campaign), kept as its JSON: the type is its service's, which alone writes here.
 */
export interface CachedRecord {
  id: string;
  /** The ad account the record belongs to: only those of the connection's chosen accounts are read. */
  advertiser: string;
  /** Orders the index; records without one (campaigns) sort by id alone. */
  created_at?: string;
  status: AdSetStatus;
}

/** Index member: creation time (where known) then id, so pages are in a stable order. */
export const recordMember = (record: Pick<CachedRecord, 'created_at' | 'id'>): string =>
  `${record.created_at === undefined ? '' : new Date(record.created_at).toISOString()}|${record.id}`;

/** The record id of an index member. */
const idOfMember = (member: string) => member.slice(member.indexOf('|') + 1);

const SCAN_CHUNK = 1000;

/** The connection's chosen ad accounts, as the services hold them. */
export type ChosenAccounts = readonly { id: string }[];

/**
 * Whether a cached record is of one of the chosen accounts. The cache is cleared when the choice
 * changes, but a platform read that began before the change may still write records of an account
 * no longer chosen: reads never trust the cache on this.
 */
const chosen = (accounts: ChosenAccounts, record: CachedRecord) =>
  accounts.some((a) => a.id === record.advertiser);

/** Where one resource's cache lives (store/keys.ts). */
export interface ResourceKeys {
  record(s: CacheScope, id: string): string;
  /** All records of the scope; `status` narrows to one status. */
  index(s: CacheScope, status?: AdSetStatus): string;
  /** Set once the scope was filled from the platform. */
  filled(s: CacheScope): string;
  /** The ids of one group's records (an ad set's ads), where the resource is read by group. */
  group?(s: CacheScope, group: string): string;
}

export const adSetKeys = (k: Keys): ResourceKeys => ({
  record: (s, id) => k.adSet(s.company, s.customer, s.platform, id),
  index: (s, status) => k.adSetIndex(s.company, s.customer, s.platform, status),
  filled: (s) => k.adSetsFilled(s.company, s.customer, s.platform),
});

export const campaignKeys = (k: Keys): ResourceKeys => ({
  record: (s, id) => k.campaign(s.company, s.customer, s.platform, id),
  index: (s, status) => k.campaignIndex(s.company, s.customer, s.platform, status),
  filled: (s) => k.campaignsFilled(s.company, s.customer, s.platform),
});

export const adKeys = (k: Keys): ResourceKeys => ({
  record: (s, id) => k.ad(s.company, s.customer, s.platform, id),
  index: (s, status) => k.adIndex(s.company, s.customer, s.platform, status),
  filled: (s) => k.adsFilled(s.company, s.customer, s.platform),
  group: (s, adSet) => k.adSetAds(s.company, s.customer, s.platform, adSet),
});

/**
 * The cache of one resource (ad sets, campaigns, ads): one record each plus sorted-set indexes (all, and
 * one per status), so a page costs O(log n + page) whatever the cache holds.
 */
export class ResourceCache<T extends CachedRecord = CachedRecord> {
  constructor(
    private readonly kv: Kv,
    private readonly k: ResourceKeys,
    /**
     * The field naming the group a record is read with (an ad's `adSetId`), with `k.group`. A group's
     * set may keep the id of a record since removed: reads check each against its record.
     */
    private readonly groupField?: string,
  ) {}

  private groupOf(record: T): string | undefined {
    return this.groupField === undefined
      ? undefined
      : (record as unknown as Record<string, string>)[this.groupField];
  }

  private groupKey(s: CacheScope, record: T): string | undefined {
    const group = this.groupOf(record);
    return group === undefined ? undefined : this.k.group?.(s, group);
  }

  /**
   * The chosen accounts' records of these groups, in index order, in two round trips whatever the
   * cache holds.
   */
  async inGroups(s: CacheScope, accounts: ChosenAccounts, groups: string[]): Promise<T[]> {
    if (this.groupField === undefined || !this.k.group || groups.length === 0) return [];
    const wanted = new Set(groups);
    const sets = (await this.kv.readAll(
      groups.map((g) => ({ smembers: this.k.group!(s, g) })),
    )) as string[][];
    const ids = [...new Set(sets.flat())];
    const raws = await this.kv.mget(ids.map((id) => this.recordKey(s, id)));
    return raws
      .filter((raw): raw is string => raw !== null)
      .map((raw) => JSON.parse(raw) as T)
      .filter((record) => chosen(accounts, record) && wanted.has(this.groupOf(record)!))
      .sort((a, b) => (recordMember(a) < recordMember(b) ? -1 : 1));
  }

  private recordKey(s: CacheScope, id: string) {
    return this.k.record(s, id);
  }

  private indexKey(s: CacheScope, status?: AdSetStatus) {
    return this.k.index(s, status);
  }

  async isFilled(s: CacheScope): Promise<boolean> {
    return (await this.kv.get(this.k.filled(s))) !== null;
  }

  /** The cached JSON of each id (null where none), to compare with what a live read found. */
  raw(s: CacheScope, ids: string[]): Promise<(string | null)[]> {
    return this.kv.mget(ids.map((id) => this.recordKey(s, id)));
  }

  /** The cached record, null when there is none or it is of an account that is not chosen. */
  async get(s: CacheScope, id: string, accounts: ChosenAccounts): Promise<T | null> {
    const record = await this.stored(s, id);
    return record && chosen(accounts, record) ? record : null;
  }

  private async stored(s: CacheScope, id: string): Promise<T | null> {
    const raw = await this.kv.get(this.recordKey(s, id));
    return raw ? (JSON.parse(raw) as T) : null;
  }

  /**
   * One page of the chosen accounts' records after `after` (an index member), and the member to
   * continue from when there is more. With `keep`, only the records it keeps (an ad set's campaign,
   * say): the index is read a larger chunk per round trip and filtered until the page is full.
   */
  async page(
    s: CacheScope,
    accounts: ChosenAccounts,
    options: { limit: number; status?: AdSetStatus; after?: string; keep?: (record: T) => boolean },
  ): Promise<{ data: T[]; next: string | undefined }> {
    const { limit, keep } = options;
    const found: { member: string; record: T }[] = [];
    const chunk = keep === undefined ? limit + 1 : Math.max(limit + 1, SCAN_CHUNK);
    let after = options.after;
    for (;;) {
      const members = await this.kv.zrangeLex(this.indexKey(s, options.status), {
        limit: chunk,
        ...(after ? { after } : {}),
      });
      const raws = await this.kv.mget(members.map((m) => this.recordKey(s, idOfMember(m))));
      members.forEach((member, i) => {
        const raw = raws[i];
        if (!raw) return;
        const record = JSON.parse(raw) as T;
        if (chosen(accounts, record) && (keep === undefined || keep(record))) found.push({ member, record });
      });
      if (found.length > limit || members.length < chunk) break;
      after = members.at(-1);
    }
    const page = found.slice(0, limit);
    return { data: page.map((f) => f.record), next: found.length > limit ? page.at(-1)!.member : undefined };
  }

  /** Every member of an index, a chunk per round trip. */
  private async allMembers(s: CacheScope, status?: AdSetStatus): Promise<string[]> {
    let members: string[] = [];
    let after: string | undefined;
    for (;;) {
      const chunk = await this.kv.zrangeLex(this.indexKey(s, status), {
        limit: SCAN_CHUNK,
        ...(after ? { after } : {}),
      });
      members = members.concat(chunk);
      if (chunk.length < SCAN_CHUNK) return members;
      after = chunk.at(-1);
    }
  }

  /**
   * Replaces the whole cache of the scope with what the platform holds now, then marks it filled. The
   * writes go in chunks (Kv.Batch) so that no step holds Redis long, in an order that never loses a
   * record: first every record and its index members, then the members and records the platform no
   * longer has, the filled marker last. Meanwhile a reader may see a record in its new version, a
   * record about to go, or one briefly in both its old and new status index; never one missing that
   * the platform has in both versions.
   */
  async replaceAll(s: CacheScope, records: T[]): Promise<void> {
    const statuses = [undefined, ...AD_SET_STATUSES];
    const old = await Promise.all(statuses.map((status) => this.allMembers(s, status)));
    const kept = new Map(statuses.map((status) => [status, new Set<string>()]));
    const ids = new Set<string>();
    const batch = this.kv.batch();
    await eachYielding(records, (record) => {
      const member = recordMember(record);
      ids.add(record.id);
      kept.get(undefined)!.add(member);
      kept.get(record.status)!.add(member);
      batch
        .set(this.recordKey(s, record.id), JSON.stringify(record))
        .zaddLex(this.indexKey(s), member)
        .zaddLex(this.indexKey(s, record.status), member);
      const group = this.groupKey(s, record);
      if (group) batch.sadd(group, record.id);
    });
    statuses.forEach((status, i) => {
      for (const member of old[i]!)
        if (!kept.get(status)!.has(member)) batch.zrem(this.indexKey(s, status), member);
    });
    for (const member of old[0]!) {
      const id = idOfMember(member);
      if (!ids.has(id)) batch.del(this.recordKey(s, id));
    }
    await batch.set(this.k.filled(s), new Date().toISOString()).exec();
  }

  /** Writes one record (after the platform accepted a change), moving it between status indexes. */
  async put(s: CacheScope, record: T): Promise<void> {
    const previous = await this.stored(s, record.id);
    const batch = this.kv.batch().set(this.recordKey(s, record.id), JSON.stringify(record));
    if (previous) {
      batch.zrem(this.indexKey(s), recordMember(previous));
      batch.zrem(this.indexKey(s, previous.status), recordMember(previous));
    }
    batch.zaddLex(this.indexKey(s), recordMember(record));
    batch.zaddLex(this.indexKey(s, record.status), recordMember(record));
    const group = this.groupKey(s, record);
    if (group) batch.sadd(group, record.id);
    await batch.exec();
  }

  /** Drops a record the platform no longer has. */
  async remove(s: CacheScope, id: string): Promise<void> {
    const previous = await this.stored(s, id);
    if (!previous) return;
    await this.kv
      .batch()
      .del(this.recordKey(s, id))
      .zrem(this.indexKey(s), recordMember(previous))
      .zrem(this.indexKey(s, previous.status), recordMember(previous))
      .exec();
  }

  /**
   * Forgets the scope entirely (the platform was disconnected or the customer deleted): unmarked
   * first, so that readers go to the platform instead of a cache being emptied; then its records and
   * indexes, in chunks.
   */
  async clear(s: CacheScope): Promise<void> {
    await this.kv.del(this.k.filled(s));
    const batch = this.kv.batch();
    const members = await this.allMembers(s);
    if (this.groupField !== undefined) {
      // The groups' sets are named by the records: read them (in chunks) before they go.
      for (let i = 0; i < members.length; i += SCAN_CHUNK) {
        const chunk = members.slice(i, i + SCAN_CHUNK).map((m) => this.recordKey(s, idOfMember(m)));
        for (const raw of await this.kv.mget(chunk)) {
          const group = raw === null ? undefined : this.groupKey(s, JSON.parse(raw) as T);
          if (group) batch.del(group);
        }
      }
    }
    for (const member of members) batch.del(this.recordKey(s, idOfMember(member)));
    for (const status of [undefined, ...AD_SET_STATUSES]) batch.del(this.indexKey(s, status));
    await batch.exec();
  }
}
