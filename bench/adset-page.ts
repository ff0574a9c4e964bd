import type { Ad } from '../src/ads/model.js';
import type { AdSet } from '../src/adsets/model.js';
import type { Store } from '../src/store/index.js';
import { recordMember as adSetMember } from '../src/store/resource-cache.js';

/**
 * Listing one page of 100 ad sets from the Redis cache must cost the same whatever the cache holds.
 * S4 fills caches of 10,000 and 100,000 ad sets straight in the cache's layout (through the public
 * API it would take minutes), then times pages spread over each cache: through HTTP (autocannon) and
 * here, at the store, in the same run.
 */

export const PAGE = 100;
export const SIZES = [10_000, 100_000] as const;
const ROUNDS = 300;

export interface CacheScope {
  company: string;
  customer: string;
  platform: string;
}

/** The id of a bench connection's `i`th ad account (seed.ts saveConnection). */
export const benchAccountId = (i: number) => `${7_000_000_000 + i}`;
/** How many ad accounts the cached ad sets spread over: a cache's customer connects them all. */
export const CACHE_ACCOUNTS = 7;
const chosen = Array.from({ length: CACHE_ACCOUNTS }, (_, i) => ({ id: benchAccountId(i) }));

export function adSet(i: number): AdSet {
  const id = `as_${String(i).padStart(7, '0')}`;
  return {
    id,
    name: `Ad set ${i}`,
    platform: 'sandbox',
    status: (['Running', 'Active', 'Paused', 'Archived'] as const)[i % 4]!,
    advertiser: benchAccountId(i % CACHE_ACCOUNTS),
    parentId: `cmp_${i % 50}`,
    channelKind: 'Search',
    settings: [{ kind: 'DailyBudget', budget: 10 + (i % 90), currency: 'EUR' }],
    targetings: [{ kind: 'KeywordTargeting', keywords: ['bread', 'cake', `kw${i % 100}`] }],
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
  };
}

/** The one ad of each ad set, as the ads cache holds it (lists of ad sets carry their ads). */
export function adOf(a: AdSet): Ad {
  return {
    id: `ad_${a.id.slice(3)}_1`,
    name: 'Ad',
    platform: 'sandbox',
    status: 'Active',
    advertiser: a.advertiser,
    adSetId: a.id,
    campaignId: a.parentId,
    creative: { kind: 'Other', format: 'VIDEO' },
    review: { status: 'Approved', reasons: [] },
    created_at: a.created_at,
  };
}

/**
 * Index members `count` pages start after, spread over the whole cache (start, middle and end): of the
 * ad sets, or of their ads (`record`).
 */
export const spreadAfters = (
  size: number,
  count: number,
  record: (a: AdSet) => Pick<AdSet, 'id' | 'created_at'> = (a) => a,
): string[] =>
  Array.from({ length: count }, (_, r) =>
    adSetMember(record(adSet(Math.floor((r / count) * (size - PAGE))))),
  );

export async function fillAdSetCache(store: Store, scope: CacheScope, n: number): Promise<void> {
  const { kv, keys } = store;
  // Written in chunks: one 100k-command transaction would only time Redis.
  for (let start = 0; start < n; start += 5000) {
    const batch = kv.batch();
    for (let i = start; i < Math.min(n, start + 5000); i++) {
      const a = adSet(i);
      batch.set(keys.adSet(scope.company, scope.customer, scope.platform, a.id), JSON.stringify(a));
      batch.zaddLex(keys.adSetIndex(scope.company, scope.customer, scope.platform), adSetMember(a));
      batch.zaddLex(keys.adSetIndex(scope.company, scope.customer, scope.platform, a.status), adSetMember(a));
      const ad = adOf(a);
      batch.set(keys.ad(scope.company, scope.customer, scope.platform, ad.id), JSON.stringify(ad));
      batch.zaddLex(keys.adIndex(scope.company, scope.customer, scope.platform), adSetMember(ad));
      batch.zaddLex(keys.adIndex(scope.company, scope.customer, scope.platform, ad.status), adSetMember(ad));
      batch.sadd(keys.adSetAds(scope.company, scope.customer, scope.platform, a.id), ad.id);
    }
    await batch.exec();
  }
  await kv.set(keys.adSetsFilled(scope.company, scope.customer, scope.platform), 'bench');
  await kv.set(keys.adsFilled(scope.company, scope.customer, scope.platform), 'bench');
}

const percentile = (sorted: number[], p: number) => sorted[Math.floor(sorted.length * p)]!;

/** Pages read at the store from each filled cache, interleaved; the first rounds only warm up. */
export async function timeStorePages(store: Store, caches: { size: number; scope: CacheScope }[]) {
  const timed = caches.map((c) => ({ ...c, afters: spreadAfters(c.size, ROUNDS), times: [] as number[] }));
  for (let round = -20; round < ROUNDS; round++) {
    for (const entry of timed) {
      const started = process.hrtime.bigint();
      const page = await store.adSets.page(entry.scope, chosen, {
        limit: PAGE,
        after: entry.afters[Math.max(0, round)]!,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (page.data.length !== PAGE) throw new Error(`expected a full page, got ${page.data.length}`);
      if (round >= 0) entry.times.push(ms);
    }
  }
  return timed.map(({ size, times }) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { size, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
  });
}
