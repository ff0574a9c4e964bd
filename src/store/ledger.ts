import type { Keys } from './keys.js';
import type { Batch, Kv, ReadPlan } from './kv.js';

/** Records of a company that expire by themselves and count against a quota. */
export type LedgerKind = 'open_links' | 'idempotency' | 'access_tokens';

/** Expiry times sort as text when they have one width. */
const at = (ms: number) => String(Math.floor(ms)).padStart(15, '0');

/**
 * Counts a company's live records of a kind, for its quota: one sorted set of `<expiry>|<id>`. It
 * keeps only the `cap` latest-expiring entries (more can never be live at once under the quota), and
 * the whole set expires after `ttlMs`, the longest any of these records lives.
 */
export class Ledger {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  live(company: string, kind: LedgerKind): Promise<number> {
    return this.kv.zcountFrom(this.k.ledger(company, kind), at(Date.now()));
  }

  livePlan(company: string, kind: LedgerKind): ReadPlan<number> {
    return {
      reads: [{ zcountFrom: this.k.ledger(company, kind), from: at(Date.now()) }],
      decode: ([count]) => count as number,
    };
  }

  async add(company: string, kind: LedgerKind, id: string, expiresAtMs: number, cap: number, ttlMs: number) {
    await this.entry(this.kv.batch(), company, kind, id, expiresAtMs, cap, ttlMs).exec();
  }

  /** Adds the entry's writes to `batch` (to go with the record it counts). */
  entry(
    batch: Batch,
    company: string,
    kind: LedgerKind,
    id: string,
    expiresAtMs: number,
    cap: number,
    ttlMs: number,
  ) {
    const key = this.k.ledger(company, kind);
    return batch
      .zaddLex(key, `${at(expiresAtMs)}|${id}`)
      .zkeepLast(key, cap)
      .pexpire(key, ttlMs);
  }

  /** Adds to `batch` the removal of an entry whose record ended before it expired (a revoked token). */
  removal(batch: Batch, company: string, kind: LedgerKind, id: string, expiresAtMs: number) {
    return batch.zrem(this.k.ledger(company, kind), `${at(expiresAtMs)}|${id}`);
  }
}
