import { createHash } from 'node:crypto';
import type { Keys } from './keys.js';
import type { Kv } from './kv.js';

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

export class IdempotencyStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: Keys,
  ) {}

  private key(companyId: string, idempotencyKey: string) {
    return this.k.idempotency(companyId, hash(idempotencyKey));
  }

  /** Claims the key for this request (SET NX), or says why it cannot be claimed. */
  async reserve(companyId: string, idempotencyKey: string, fingerprint: string): Promise<Reservation> {
    const key = this.key(companyId, idempotencyKey);
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

  async complete(companyId: string, idempotencyKey: string, fingerprint: string, response: SavedResponse) {
    const record: IdempotencyRecord = { state: 'done', fingerprint, ...response };
    await this.kv.set(this.key(companyId, idempotencyKey), JSON.stringify(record), {
      ttlMs: IDEMPOTENCY_TTL_MS,
    });
  }

  /** Frees the key after a failure that saved nothing, so the client can retry with it. */
  async release(companyId: string, idempotencyKey: string) {
    await this.kv.del(this.key(companyId, idempotencyKey));
  }
}
