import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { CacheScope } from './resource-cache.js';

/** The index of a scope's cached reports outlives the longest a report may be cached (7 days). */
const INDEX_TTL_MS = 7 * 86_400_000;
/**
 * A cached report's rows outlive its description by this much, so that rows are still there for every
 * page read of a report whose description was found (the description alone decides a cache hit).
 */
const ROWS_GRACE_MS = 60_000;
const ROWS_CHUNK = 10_000;

/**
 * Reports as the report service writes them: the cached answers of one customer's platform by query
 * (a description as JSON, and the rows serialized in a lexicographic set, ready to page), and the runs still pending at a platform when a request answered 202 (company-scoped, so
 * another company's run id is simply not found).
 */
export class ReportStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  /** The description of a cached report, or null when none is cached. */
  cached(s: CacheScope, queryHash: string): Promise<string | null> {
    return this.kv.get(this.k.report(s.company, s.customer, s.platform, queryHash));
  }

  /** Up to `limit` rows of a cached report, after the bound `after` (all from the first without). */
  rows(s: CacheScope, queryHash: string, range: { after?: string; limit: number }): Promise<string[]> {
    return this.kv.zrangeLex(this.k.reportRows(s.company, s.customer, s.platform, queryHash), range);
  }

  /** Every row of a cached report, in order. */
  async allRows(s: CacheScope, queryHash: string): Promise<string[]> {
    const all: string[] = [];
    for (;;) {
      const last = all.at(-1);
      const chunk = await this.rows(s, queryHash, {
        limit: ROWS_CHUNK,
        ...(last === undefined ? {} : { after: last }),
      });
      all.push(...chunk);
      if (chunk.length < ROWS_CHUNK) return all;
    }
  }

  /** Caches a report, its description and its rows (strings that sort in page order), in one transaction. */
  async cache(
    s: CacheScope,
    queryHash: string,
    report: { description: string; rows: string[] },
    ttlMs: number,
  ): Promise<void> {
    const key = this.k.report(s.company, s.customer, s.platform, queryHash);
    const rowsKey = this.k.reportRows(s.company, s.customer, s.platform, queryHash);
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    const batch = this.kv.batch().del(rowsKey);
    for (const row of report.rows) batch.zaddLex(rowsKey, row);
    await batch
      .pexpire(rowsKey, ttlMs + ROWS_GRACE_MS)
      .set(key, report.description, { ttlMs })
      .sadd(index, key)
      .sadd(index, rowsKey)
      .pexpire(index, INDEX_TTL_MS)
      .exec();
  }

  /** Forgets every cached report of the scope (the platform was disconnected). */
  async clear(s: CacheScope): Promise<void> {
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    await this.kv.del(index, ...(await this.kv.smembers(index)));
  }

  run(company: string, id: string): Promise<string | null> {
    return this.kv.get(this.k.reportRun(company, id));
  }

  /** Keeps a run of the customer's at its id, listed with the customer's runs (deleted with it). */
  async saveRun(company: string, customer: string, id: string, json: string, ttlMs: number): Promise<void> {
    const index = this.k.customerReportRuns(company, customer);
    await this.kv
      .batch()
      .set(this.k.reportRun(company, id), json, { ttlMs })
      .sadd(index, id)
      .pexpire(index, ttlMs)
      .exec();
  }
}
