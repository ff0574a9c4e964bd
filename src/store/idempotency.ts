import { createHash } from 'node:crypto';
import type { Spender } from '../domain/budget.js';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';
import type { Ledger } from './ledger.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a crashed request can hold its key; longer than any request may run. */
export const IN_FLIGHT_TTL_MS = 2 * 60 * 1000;

export interface SavedResponse {
  status: number;
  body: unknown;
}

type IdempotencyRecord = { fingerprint: string } & (
  | { state: 'in_flight' }
  | ({ state: 'done' } & SavedResponse)
);

export type Reservation =
  | { kind: 'started' }
  | { kind: 'replay'; response: SavedResponse }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Idempotency records of a spender: the company's (its company tokens'), or one customer's access
 * tokens', each its own namespace of keys. Kept records count in the spender's ledger, for its quota.
 */
export class IdempotencyStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
    private readonly ledger: Ledger,
  ) {}

  private key(spender: Spender, idempotencyKey: string) {
    return this.k.idempotency(spender.company, hash(idempotencyKey), spender.customer);
  }

  /** Claims the key for this request (SET NX), or says why it cannot be claimed. */
  async reserve(spender: Spender, idempotencyKey: string, fingerprint: string): Promise<Reservation> {
    const key = this.key(spender, idempotencyKey);
    const claim: IdempotencyRecord = { state: 'in_flight', fingerprint };
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.kv.set(key, JSON.stringify(claim), { nx: true, ttlMs: IN_FLIGHT_TTL_MS })) {
        return { kind: 'started' };
      }
      const raw = await this.kv.get(key);
      if (raw === null) continue; // expired between the two calls: claim again
      const existing = JSON.parse(raw) as IdempotencyRecord;
      if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (existing.state === 'in_flight') return { kind: 'in_flight' };
      return { kind: 'replay', response: { status: existing.status, body: existing.body } };
    }
    return { kind: 'in_flight' };
  }

  /** How many records the spender keeps now, for its quota (claims of running requests are not). */
  kept(spender: Spender): Promise<number> {
    return this.ledger.live(spender, 'idempotency');
  }

  /** Keeps the response for replays, counted against the spender's quota `cap`, in one transaction. */
  async complete(
    spender: Spender,
    idempotencyKey: string,
    fingerprint: string,
    response: SavedResponse,
    cap: number,
  ) {
    const record: IdempotencyRecord = { state: 'done', fingerprint, ...response };
    const batch = this.kv.batch().set(this.key(spender, idempotencyKey), JSON.stringify(record), {
      ttlMs: IDEMPOTENCY_TTL_MS,
    });
    await this.ledger
      .entry(
        batch,
        spender,
        'idempotency',
        hash(idempotencyKey),
        Date.now() + IDEMPOTENCY_TTL_MS,
        cap,
        IDEMPOTENCY_TTL_MS,
      )
      .exec();
  }

  /** Frees the key after an answer that kept nothing, so the client can retry with it. */
  async release(spender: Spender, idempotencyKey: string) {
    await this.kv.del(this.key(spender, idempotencyKey));
  }
}
