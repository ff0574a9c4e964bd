import type { Spender } from '../domain/budget.js';
import type { Keys } from './keys.js';
import type { Batch, Kv, ReadPlan } from './kv.js';

/** Records that expire by themselves and count against a quota. */
export type LedgerKind = 'open_links' | 'idempotency' | 'access_tokens';

/** Expiry times sort as text when they have one width. */
const at = (ms: number) => String(Math.floor(ms)).padStart(15, '0');

/**
 * Counts a spender's live records of a kind, for its quota (the company's, or the share of one
 * customer's access tokens): one sorted set of `<expiry>|<id>`. It keeps only the `cap`
 * latest-expiring entries (more can never be live at once under the quota), and the whole set
 * expires after `ttlMs`, the longest any of these records lives.
 */
export class Ledger {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  private key(spender: Spender, kind: LedgerKind) {
    return this.k.ledger(spender.company, kind, spender.customer);
  }

  live(spender: Spender, kind: LedgerKind): Promise<number> {
    return this.kv.zcountFrom(this.key(spender, kind), at(Date.now()));
  }

  livePlan(spender: Spender, kind: LedgerKind): ReadPlan<number> {
    return {
      reads: [{ zcountFrom: this.key(spender, kind), from: at(Date.now()) }],
      decode: ([count]) => count as number,
    };
  }

  /** Adds the entry's writes to `batch` (to go with the record it counts). */
  entry(
    batch: Batch,
    spender: Spender,
    kind: LedgerKind,
    id: string,
    expiresAtMs: number,
    cap: number,
    ttlMs: number,
  ) {
    const key = this.key(spender, kind);
    return batch
      .zaddLex(key, `${at(expiresAtMs)}|${id}`)
      .zkeepLast(key, cap)
      .pexpire(key, ttlMs);
  }

  /** Adds to `batch` the removal of an entry whose record ended before it expired (a revoked token). */
  removal(batch: Batch, spender: Spender, kind: LedgerKind, id: string, expiresAtMs: number) {
    return batch.zrem(this.key(spender, kind), `${at(expiresAtMs)}|${id}`);
  }
}
