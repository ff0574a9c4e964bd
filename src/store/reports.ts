import { eachYielding } from '../each-yielding.js';
import { randomToken } from '../ids.js';
import type { Keys } from './keys.js';
import { chunksOf, type Kv } from './kv.js';
import type { CacheScope } from './resource-cache.js';

/** The index of a scope's cached reports outlives the longest a report may be cached (7 days). */
const INDEX_TTL_MS = 7 * 86_400_000;
/**
 * A cached report's rows outlive its description by this much, so that rows are still there for every
 * page read of a report whose description was found (the description alone decides a cache hit); rows
 * a newer copy replaced are kept this long too.
 */
const ROWS_GRACE_MS = 60_000;
/**
 * Rows per key of a cached report. A sorted set of this many rows is freed in about 3 ms when it
 * expires or is deleted (one of 200,000 rows takes Redis ≈ 50 ms, blocking every other client), and a
 * page (at most 10,000 rows) spans at most two of them.
 */
const SEGMENT_ROWS = 10_000;

/** Where a cached report's rows are: its segments (SEGMENT_ROWS rows each) and the key of each one's first row. */
export interface CachedRows {
  id: string;
  starts: string[];
}

export interface CachedReport {
  description: string;
  rows: CachedRows;
}

/** The key that orders a serialized row (reports/rows.ts: the key, a NUL, then the JSON). */
const keyOf = (row: string) => row.slice(0, row.indexOf('\0'));

/**
 * Reports as the report service writes them: the cached answers of one customer's platform by query
 * (a description, and the rows serialized in lexicographic sets, ready to page), and the runs still
 * pending at a platform when a request answered 202 (company-scoped, so another company's run id is
 * simply not found).
 *
 * A report is cached as: its rows, a segment of SEGMENT_ROWS at a time, under keys of their own for
 * this copy; then its description, which names those keys. Only the description makes a cache hit
 * and it is written last (Kv.Batch), so a reader finds either the previous copy or the complete new
 * one, never rows still being written.
 */
export class ReportStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  /** A cached report, or null when none is cached. */
  async cached(s: CacheScope, queryHash: string): Promise<CachedReport | null> {
    const raw = await this.kv.get(this.k.report(s.company, s.customer, s.platform, queryHash));
    if (raw === null) return null;
    const split = raw.indexOf('\n');
    return { rows: JSON.parse(raw.slice(0, split)) as CachedRows, description: raw.slice(split + 1) };
  }

  private segment(s: CacheScope, rows: CachedRows, i: number): string {
    return this.k.reportRows(s.company, s.customer, s.platform, `${rows.id}:${i}`);
  }

  /** Up to `limit` rows of a cached report, after the bound `after` (all from the first without). */
  async rows(s: CacheScope, rows: CachedRows, range: { after?: string; limit: number }): Promise<string[]> {
    const { after, limit } = range;
    // The segment of the first row after the bound: the last one whose first row sorts before it.
    let i = 0;
    if (after !== undefined) while (i + 1 < rows.starts.length && `${rows.starts[i + 1]}\0` < after) i++;
    let found: string[] = [];
    for (; i < rows.starts.length && found.length < limit; i++) {
      const more = await this.kv.zrangeLex(this.segment(s, rows, i), {
        limit: limit - found.length,
        ...(after === undefined ? {} : { after }),
      });
      found = found.concat(more);
    }
    return found;
  }

  /** Every row of a cached report, in order. */
  async allRows(s: CacheScope, rows: CachedRows): Promise<string[]> {
    let all: string[] = [];
    for (let i = 0; i < rows.starts.length; i++) {
      all = all.concat(await this.kv.zrangeLex(this.segment(s, rows, i), { limit: SEGMENT_ROWS }));
    }
    return all;
  }

  /**
   * Caches a report: its description and its rows (strings that sort in page order, sorted). The rows
   * go in chunks (Kv.Batch), into keys of this copy; the description last. The copy it replaces is
   * left to expire ROWS_GRACE_MS later, for the readers still paging it.
   */
  async cache(
    s: CacheScope,
    queryHash: string,
    report: { description: string; rows: string[] },
    ttlMs: number,
  ): Promise<void> {
    const key = this.k.report(s.company, s.customer, s.platform, queryHash);
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    const previous = await this.cached(s, queryHash);
    const segments = chunksOf(report.rows, SEGMENT_ROWS);
    const rows: CachedRows = {
      id: `${queryHash}:${randomToken(9)}`,
      starts: segments.map((segment) => keyOf(segment[0]!)),
    };
    const batch = this.kv.batch().sadd(index, key).pexpire(index, INDEX_TTL_MS);
    for (const [i, segment] of segments.entries()) {
      const rowsKey = this.segment(s, rows, i);
      // Listed and given a TTL with its first row: a copy cut off halfway is still forgotten.
      batch
        .sadd(index, rowsKey)
        .zaddLex(rowsKey, segment[0]!)
        .pexpire(rowsKey, ttlMs + ROWS_GRACE_MS);
      await eachYielding(segment.slice(1), (row) => batch.zaddLex(rowsKey, row));
    }
    if (previous) {
      previous.rows.starts.forEach((_, i) => {
        const old = this.segment(s, previous.rows, i);
        batch.pexpire(old, ROWS_GRACE_MS).srem(index, old);
      });
    }
    // Last: the write that makes the copy a cache hit (its operation ends the batch's last chunk).
    await batch.set(key, `${JSON.stringify(rows)}\n${report.description}`, { ttlMs }).exec();
  }

  /** Forgets every cached report of the scope (the platform was disconnected): descriptions first. */
  async clear(s: CacheScope): Promise<void> {
    const index = this.k.reportIndex(s.company, s.customer, s.platform);
    const descriptions = this.k.report(s.company, s.customer, s.platform, '');
    const keys = await this.kv.smembers(index);
    const batch = this.kv.batch();
    for (const key of keys) if (key.startsWith(descriptions)) batch.del(key);
    for (const key of keys) if (!key.startsWith(descriptions)) batch.del(key);
    await batch.del(index).exec();
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
