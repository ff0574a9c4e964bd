import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

/** Records of a company that expire by themselves and count against a quota. */
export type LedgerKind = 'open_links' | 'idempotency';

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

  async add(company: string, kind: LedgerKind, id: string, expiresAtMs: number, cap: number, ttlMs: number) {
    const key = this.k.ledger(company, kind);
    await this.kv
      .batch()
      .zaddLex(key, `${at(expiresAtMs)}|${id}`)
      .zkeepLast(key, cap)
      .pexpire(key, ttlMs)
      .exec();
  }
}
