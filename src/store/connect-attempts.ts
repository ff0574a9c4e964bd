import { monotonicTimestamp, randomToken, timeOrdered } from '../ids.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

/** One customer's try to connect a platform, or a disconnection, as the vendor's activity log shows it. */
export interface ConnectAttemptRecord {
  id: string;
  customer: string;
  platform: string;
  outcome: 'connected' | 'denied' | 'failed' | 'disconnected';
  /**
   * Why it failed: the platform's `error`, or adlink's reason (e.g. `no_ad_accounts`); for a
   * disconnection, why the platform did not revoke the grant (e.g. `timeout`).
   */
  error_code: string | null;
  /** For a disconnection: whether the platform revoked the grant. */
  platform_revoked?: boolean;
  created_at: string;
}

/** How long, and how many, attempts are kept per company. */
export const ATTEMPT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
export const ATTEMPTS_KEPT = 10_000;

export class ConnectAttemptStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  async record(company: string, attempt: Omit<ConnectAttemptRecord, 'id' | 'created_at'>): Promise<void> {
    const record: ConnectAttemptRecord = {
      id: `cat_${randomToken(12)}`,
      created_at: monotonicTimestamp(),
      ...attempt,
    };
    await this.kv
      .batch()
      .set(this.k.connectAttempt(company, record.id), JSON.stringify(record), { ttlMs: ATTEMPT_RETENTION_MS })
      .zaddLex(this.k.connectAttempts(company), timeOrdered(record.created_at, record.id))
      .zkeepLast(this.k.connectAttempts(company), ATTEMPTS_KEPT)
      .exec();
  }

  /** Newest first, after the attempt `startingAfter` (its index member) when given; optionally one customer's. */
  async list(company: string, options: { limit: number; after?: string; customer?: string }) {
    const data: ConnectAttemptRecord[] = [];
    let after = options.after;
    // Index entries whose record has expired are skipped; a customer filter may need several reads.
    for (;;) {
      const members = await this.kv.zrangeLex(this.k.connectAttempts(company), {
        reverse: true,
        limit: 200,
        ...(after ? { after } : {}),
      });
      const raws = await this.kv.mget(
        members.map((m) => this.k.connectAttempt(company, m.slice(m.indexOf('|') + 1))),
      );
      for (const raw of raws) {
        if (!raw) continue;
        const record = JSON.parse(raw) as ConnectAttemptRecord;
        if (options.customer && record.customer !== options.customer) continue;
        if (data.length === options.limit)
          return { data, next: timeOrdered(data.at(-1)!.created_at, data.at(-1)!.id) };
        data.push(record);
      }
      if (members.length < 200) return { data, next: undefined };
      after = members.at(-1);
    }
  }
}
