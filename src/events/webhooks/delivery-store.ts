import { monotonicTimestamp, randomToken, timeOrdered } from '../../ids.js';
import { type Kv, type ReadPlan, readPlans } from '../../store/kv.js';
import { updateRecord } from '../../store/update-record.js';
import type { EventKeys } from '../keys.js';
import { EVENT_RETENTION_MS } from '../model.js';
import { timeOrderedPage } from '../time-ordered-page.js';

/** One try to deliver: the receiver's status (null: no answer), how long it took, what went wrong. */
export interface DeliveryAttempt {
  at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  /** The first 1 kB of the receiver's answer. */
  response_body: string;
}

export interface Delivery {
  id: string;
  endpoint: string;
  /** The event's id (`ping` for a test delivery), so a receiver can drop duplicates. */
  event: string;
  event_type: string;
  created_at: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  /** The exact JSON body that is signed and sent. */
  body: string;
}

/** A delivery as read, with its record's exact text. */
export interface ReadDelivery {
  delivery: Delivery;
  raw: string;
}

/**
 * Deliveries kept per endpoint: a newer one deletes the oldest finished record with its index entry,
 * in one step, so resends and pings cannot fill Redis. Pending deliveries go last (deliveries finish
 * out of order while a company waits for a slot or a retry): only a backlog of more than this many
 * pushes one out, which is then not retried; its event stays in `GET /events`.
 */
export const DELIVERIES_KEPT = 1000;

const PENDING = { field: 'state', value: 'pending' } as const;

export class DeliveryStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: EventKeys,
  ) {}

  /** Counts a resend or test ping of the company's in the current minute. */
  countManualSend(company: string): Promise<{ count: number; ttlMs: number }> {
    return this.kv.hit(this.k.manualSends(company), 60_000);
  }

  async create(
    company: string,
    input: Pick<Delivery, 'endpoint' | 'event' | 'event_type' | 'body'>,
  ): Promise<Delivery> {
    const delivery: Delivery = {
      id: `dlv_${randomToken(12)}`,
      created_at: monotonicTimestamp(),
      state: 'pending',
      attempts: [],
      ...input,
    };
    const index = this.k.deliveries(company, input.endpoint);
    await this.kv
      .batch()
      .set(this.k.delivery(company, delivery.id), JSON.stringify(delivery), { ttlMs: EVENT_RETENTION_MS })
      .zaddLex(index, timeOrdered(delivery.created_at, delivery.id))
      .zkeepLastDeleting(index, DELIVERIES_KEPT, this.k.delivery(company, ''), PENDING)
      .pexpire(index, EVENT_RETENTION_MS)
      .exec();
    return delivery;
  }

  /** A delivery with the record it was read from (to `record` an attempt over it in one step). */
  readPlan(company: string, id: string): ReadPlan<ReadDelivery | null> {
    return {
      reads: [{ get: this.k.delivery(company, id) }],
      decode: ([raw]) =>
        raw ? { delivery: JSON.parse(raw as string) as Delivery, raw: raw as string } : null,
    };
  }

  async get(company: string, id: string): Promise<Delivery | null> {
    return (await readPlans(this.kv, this.readPlan(company, id)))[0]?.delivery ?? null;
  }

  /**
   * Appends an attempt and sets the state; null when the delivery has expired meanwhile. `read`: the
   * record as the caller read it, written over without reading it again while it is unchanged.
   */
  async record(
    company: string,
    id: string,
    attempt: DeliveryAttempt,
    state: Delivery['state'],
    read?: { delivery: Delivery; raw?: string },
  ) {
    return updateRecord(
      this.kv,
      this.k.delivery(company, id),
      (raw) => {
        if (!raw) return { value: null, result: null };
        const delivery = raw === read?.raw ? read.delivery : (JSON.parse(raw) as Delivery);
        const next = { ...delivery, state, attempts: [...delivery.attempts, attempt] };
        // Written with the retention left from its creation, in the same step (one round trip).
        const left = Date.parse(delivery.created_at) + EVENT_RETENTION_MS - Date.now();
        return { value: JSON.stringify(next), result: next, ttlMs: Math.max(1000, left) };
      },
      read?.raw,
    );
  }

  async list(company: string, endpoint: string, limit: number): Promise<Delivery[]> {
    const page = await timeOrderedPage<Delivery>(
      this.kv,
      this.k.deliveries(company, endpoint),
      (id) => this.k.delivery(company, id),
      { limit },
    );
    return page.data;
  }
}
