import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { CacheScope } from './resource-cache.js';

/** The index of a scope's cached reports outlives the longest a report may be cached (7 days). */
const INDEX_TTL_MS = 7 * 86_400_000;

/**
 * Reports as JSON, their type the report service's: the cached answers of one customer's platform by
 * query, and the runs still pending at a platform when a request answered 202 (company-scoped, so
 * another company's run id is simply not found).
 */
export class ReportStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  cached(s: CacheScope, queryHash: string): Promise<string | null> {
    return this.kv.get(this.k.report(s.company, s.customer, s.platform, queryHash));
  }

  async cache(s: CacheScope, queryHash: string, json: string, ttlMs: number): Promise<void> {
    const key = this.k.report(s.company, s.customer, s.platform, queryHash);
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    await this.kv.batch().set(key, json, { ttlMs }).sadd(index, key).pexpire(index, INDEX_TTL_MS).exec();
  }

  /** Forgets every cached report of the scope (the platform was disconnected). */
  async clear(s: CacheScope): Promise<void> {
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    await this.kv.del(index, ...(await this.kv.smembers(index)));
  }

  run(company: string, id: string): Promise<string | null> {
    return this.kv.get(this.k.reportRun(company, id));
  }

  async saveRun(company: string, id: string, json: string, ttlMs: number): Promise<void> {
    await this.kv.set(this.k.reportRun(company, id), json, { ttlMs });
  }
}
