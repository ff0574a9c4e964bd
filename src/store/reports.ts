import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { CacheScope } from './resource-cache.js';

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
    await this.kv.set(this.k.report(s.company, s.customer, s.platform, queryHash), json, { ttlMs });
  }

  run(company: string, id: string): Promise<string | null> {
    return this.kv.get(this.k.reportRun(company, id));
  }

  async saveRun(company: string, id: string, json: string, ttlMs: number): Promise<void> {
    await this.kv.set(this.k.reportRun(company, id), json, { ttlMs });
  }
}
