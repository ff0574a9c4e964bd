import type { AdSet } from '../src/adsets/model.js';
import { randomToken } from '../src/ids.js';
import { adSetMember } from '../src/store/adset-cache.js';
import { createStore } from '../src/store/index.js';
import { RedisKv } from '../src/store/redis-kv.js';

/**
 * Listing one page of 100 ad sets from the Redis cache must cost the same whatever the cache holds:
 * pages from caches of 10,000 and 100,000 ad sets, timed in the same run, reported as a ratio.
 */

const PAGE = 100;
const SIZES = [10_000, 100_000];
const ROUNDS = 300;

function adSet(i: number): AdSet {
  const id = `as_${String(i).padStart(7, '0')}`;
  return {
    id,
    name: `Ad set ${i}`,
    platform: 'sandbox',
    status: (['Running', 'Active', 'Paused', 'Archived'] as const)[i % 4]!,
    advertiser: `act_${i % 7}`,
    parentId: `cmp_${i % 50}`,
    channelKind: 'Search',
    settings: [{ kind: 'DailyBudget', budget: 10 + (i % 90), currency: 'EUR' }],
    ads: [{ id: `ad_${i}_1`, name: 'Ad', status: 'Active', channelKind: 'Search' }],
    targetings: [{ kind: 'KeywordTargeting', keywords: ['bread', 'cake', `kw${i % 100}`] }],
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
  };
}

async function fill(
  kv: RedisKv,
  prefix: string,
  scope: { company: string; customer: string; platform: string },
  n: number,
) {
  const keys = createStore(kv, prefix, []).keys;
  // Written in chunks straight to the cache's layout: one 100k-command transaction would only time Redis.
  for (let start = 0; start < n; start += 5000) {
    const batch = kv.batch();
    for (let i = start; i < Math.min(n, start + 5000); i++) {
      const a = adSet(i);
      batch.set(keys.adSet(scope.company, scope.customer, scope.platform, a.id), JSON.stringify(a));
      batch.zaddLex(keys.adSetIndex(scope.company, scope.customer, scope.platform), adSetMember(a));
      batch.zaddLex(keys.adSetIndex(scope.company, scope.customer, scope.platform, a.status), adSetMember(a));
    }
    await batch.exec();
  }
  await kv.set(keys.adSetsFilled(scope.company, scope.customer, scope.platform), 'bench');
}

export async function adSetPageBench(redisUrl: string) {
  const kv = new RedisKv(redisUrl, () => {});
  await kv.connect();
  const prefix = `bench:${randomToken(6)}:`;
  const store = createStore(kv, prefix, []);
  const scopes = SIZES.map((size) => ({
    size,
    scope: { company: '00000000-0000-4000-8000-000000000001', customer: `c${size}`, platform: 'sandbox' },
    // Pages spread over the whole cache: the start, the middle and the end cost the same.
    afters: Array.from({ length: ROUNDS }, (_, r) =>
      adSetMember(adSet(Math.floor((r / ROUNDS) * (size - PAGE)))),
    ),
    times: [] as number[],
  }));
  try {
    for (const { size, scope } of scopes) await fill(kv, prefix, scope, size);
    // Interleaved, so both sizes see the same machine load; the first rounds only warm up.
    for (let round = -20; round < ROUNDS; round++) {
      for (const entry of scopes) {
        const after = entry.afters[Math.max(0, round)]!;
        const started = process.hrtime.bigint();
        const page = await store.adSets.page(entry.scope, { limit: PAGE, after });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (page.data.length !== PAGE) throw new Error(`expected a full page, got ${page.data.length}`);
        if (round >= 0) entry.times.push(ms);
      }
    }
  } finally {
    const keys: string[] = [];
    for await (const key of kv.scan(prefix)) keys.push(key);
    for (let i = 0; i < keys.length; i += 1000) await kv.del(...keys.slice(i, i + 1000));
    await kv.close();
  }
  const results = scopes.map(({ size, times }) => {
    const sorted = [...times].sort((a, b) => a - b);
    return {
      size,
      medianMs: sorted[Math.floor(sorted.length / 2)]!,
      p95Ms: sorted[Math.floor(sorted.length * 0.95)]!,
    };
  });
  const [small, large] = results as [(typeof results)[0], (typeof results)[0]];
  return {
    scenario: 'adset-cache-page',
    description: `one page of ${PAGE} ad sets from the Redis cache, ${ROUNDS} pages spread over the cache`,
    results,
    ratio: large.medianMs / small.medianMs,
    goal: 'ratio within 1.15',
  };
}
