import type { Logger } from 'pino';
import { monotonicTimestamp, randomToken } from '../ids.js';
import { FLOW_TTL_MS } from '../store/connect-sessions.js';
import type { Kv } from '../store/kv.js';
import type { EventStore } from './event-store.js';
import type { EventKeys } from './keys.js';
import type { AdlinkEvent, EventType, NewEvent } from './model.js';
import type { JobQueue } from './webhooks/job-queue.js';
import { receives } from './webhooks/subscriptions.js';
import type { Webhooks } from './webhooks/webhooks.js';

/** Checks for an abandoned visit are retried a few times on store trouble, then given up. */
const CHECK_RETRY = { attempts: 5, firstRetryMs: 60_000 };
/** How long a completion is remembered: past any flow's lifetime, so its abandonment check sees it. */
const COMPLETION_KEPT_MS = 2 * FLOW_TTL_MS;

/** A visit of the hosted pages, from the redeemed link on. */
export interface Visit {
  company: string;
  customer: string;
  flow: string;
  opened_at: string;
}

/**
 * Emits events: stores each one (30 days, `GET /events`) and queues a delivery to every enabled
 * webhook endpoint of the company subscribed to its type. Emitting never fails the work that caused
 * the event: a failure is logged.
 */
export class Events {
  constructor(
    readonly store: EventStore,
    readonly webhooks: Webhooks,
    private readonly kv: Kv,
    private readonly k: EventKeys,
    private readonly queue: JobQueue,
    private readonly log: Logger,
  ) {}

  async emit(type: EventType, input: NewEvent): Promise<AdlinkEvent | null> {
    const event: AdlinkEvent = {
      id: `evt_${randomToken(16)}`,
      type,
      created_at: monotonicTimestamp(),
      company: input.company,
      customer: input.customer,
      actor: input.actor ?? null,
      data: input.data,
    };
    try {
      await this.store.save(event);
      const body = JSON.stringify(event);
      const endpoints = await this.webhooks.endpoints.list(event.company);
      for (const endpoint of endpoints.filter((e) => e.enabled && receives(e.events, type))) {
        await this.webhooks.enqueue(event.company, endpoint.id, event, body);
      }
      return event;
    } catch (err) {
      this.log.error({ err, type, company: input.company }, 'could not emit event');
      return null;
    }
  }

  /** A visit began (its link was redeemed): unless it completes, `connect_flow.abandoned` follows. */
  async visitStarted(visit: Visit): Promise<void> {
    await this.checkAbandonedLater(visit, FLOW_TTL_MS).catch((err: Error) =>
      this.log.error({ err, company: visit.company }, 'could not schedule the abandoned-visit check'),
    );
  }

  private checkAbandonedLater(visit: Visit, delayMs: number) {
    return this.queue.add({ kind: 'abandon_check', ...visit }, { delayMs, retry: CHECK_RETRY });
  }

  /** `connect_flow.completed`, once per visit however often its end is reached. */
  async visitCompleted(company: string, customer: string, flow: string, data: Record<string, unknown>) {
    const first = await this.kv.set(this.k.flowCompleted(company, flow), '1', {
      nx: true,
      ttlMs: COMPLETION_KEPT_MS,
    });
    if (first) await this.emit('connect_flow.completed', { company, customer, data });
  }

  /**
   * The queued check: a completed visit is left alone, one still open (its flow record lives on while
   * the customer is active) is checked again when that record would expire, and one that ended
   * without completing is reported once.
   */
  async checkAbandoned(visit: Visit, flowKey: string) {
    if (await this.kv.get(this.k.flowCompleted(visit.company, visit.flow))) return;
    const left = await this.kv.pttl(flowKey);
    if (left > 0) return this.checkAbandonedLater(visit, left + 1000);
    const ended = await this.kv.set(this.k.flowCompleted(visit.company, visit.flow), 'abandoned', {
      nx: true,
      ttlMs: COMPLETION_KEPT_MS,
    });
    if (ended) {
      const { company, customer, opened_at } = visit;
      await this.emit('connect_flow.abandoned', { company, customer, data: { opened_at } });
    }
  }
}
