import type { Logger } from 'pino';
import type { WebhookSettings } from '../../config.js';
import { AppError } from '../../errors.js';
import { randomToken } from '../../ids.js';
import { type Kv, readPlans } from '../../store/kv.js';
import { CompanySlots } from './company-slots.js';
import type { Delivery, DeliveryStore } from './delivery-store.js';
import {
  type EndpointStore,
  endpointNotFound,
  type SigningEndpoint,
  type WebhookEndpoint,
} from './endpoint-store.js';
import { JobDeferred, type JobQueue, type RetryPolicy, retryPolicy } from './job-queue.js';
import { type SendResult, sendWebhook } from './send.js';
import { signatureHeader } from './signature.js';

export const deliveryNotFound = (id: string) =>
  new AppError('delivery_not_found', `No delivery ${id} of this endpoint.`, { param: 'delivery' });

/** Runs a delivery's send (a queued one: within a slot of its company's). */
type SendAround = (send: () => Promise<SendResult>) => Promise<SendResult>;

/** Raised to retry a delivery later (the queue's backoff). */
class DeliveryFailed extends Error {}

/**
 * How long a delivery that found no slot of its company's free steps aside (with up to as much again,
 * so they spread); also how long a company's deliveries may run for its other jobs to wait for a slot.
 */
const SLOT_WAIT_MS = 1000;

/** Told of each delivery attempt: how it ended (a failure with retries left: `retrying`) and how long the send took. */
export type AttemptObserver = (outcome: 'succeeded' | 'retrying' | 'failed', seconds: number) => void;

/**
 * Webhook deliveries: one record per event and endpoint, sent by the queue's workers with retries,
 * every attempt recorded. An endpoint that keeps failing for the retry window is disabled.
 */
export class Webhooks {
  readonly retry: RetryPolicy;
  private readonly slots: CompanySlots;

  constructor(
    private readonly kv: Kv,
    readonly endpoints: EndpointStore,
    readonly deliveries: DeliveryStore,
    private readonly queue: JobQueue,
    private readonly settings: WebhookSettings,
    private readonly log: Logger,
    private readonly onAttempt: AttemptObserver = () => {},
  ) {
    this.retry = retryPolicy(settings.firstRetryMs, settings.retryWindowMs);
    this.slots = new CompanySlots(settings.companyConcurrency, SLOT_WAIT_MS);
  }

  /** Queues `body` (an event's JSON) for one endpoint. */
  async enqueue(company: string, endpoint: string, event: { id: string; type: string }, body: string) {
    const delivery = await this.deliveries.create(company, {
      endpoint,
      event: event.id,
      event_type: event.type,
      body,
    });
    await this.queue.add(
      { kind: 'deliver', company, delivery: delivery.id },
      { id: delivery.id, retry: this.retry },
    );
    return delivery;
  }

  /** Sends an earlier delivery's body again, as a new delivery (same event id: receivers can drop it). */
  async resend(company: string, endpoint: string, id: string): Promise<Delivery> {
    await this.countManualSend(company);
    const earlier = await this.deliveries.get(company, id);
    if (!earlier || earlier.endpoint !== endpoint) throw deliveryNotFound(id);
    return this.enqueue(company, endpoint, { id: earlier.event, type: earlier.event_type }, earlier.body);
  }

  /** A signed `ping` sent now, once, and recorded like any delivery. */
  async ping(company: string, endpoint: WebhookEndpoint): Promise<Delivery> {
    await this.countManualSend(company);
    const body = JSON.stringify({
      id: `evt_ping_${randomToken(12)}`,
      type: 'ping',
      created_at: new Date().toISOString(),
      company,
      customer: null,
      data: { endpoint: endpoint.id },
    });
    const delivery = await this.deliveries.create(company, {
      endpoint: endpoint.id,
      event: JSON.parse(body).id,
      event_type: 'ping',
      body,
    });
    const secrets = await this.endpoints.secrets(company, endpoint.id);
    return this.attempt(company, { delivery }, { endpoint, secrets }, true);
  }

  /** Resends and pings per company per minute: each stores a delivery and sends one. */
  private async countManualSend(company: string): Promise<void> {
    const { count, ttlMs } = await this.deliveries.countManualSend(company);
    const limit = this.settings.manualSendsPerMinute;
    if (count <= limit) return;
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    throw new AppError('rate_limited', `At most ${limit} resends and test pings a minute; retry later.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }

  /**
   * One attempt of a queued delivery; throws to have the queue retry it. The send takes one of the
   * company's slots on this instance; while they are all taken, the job waits briefly for one
   * (company-slots.ts), else steps aside without holding a worker's slot.
   */
  async deliver(company: string, id: string, last: boolean): Promise<void> {
    const [read, endpointOf] = await readPlans(
      this.kv,
      this.deliveries.readPlan(company, id),
      this.endpoints.signingPlan(company),
    );
    if (read?.delivery.state !== 'pending') return;
    const target = endpointOf(read.delivery.endpoint);
    if (!target?.endpoint.enabled) {
      const reason = target ? 'endpoint_disabled' : 'endpoint_deleted';
      await this.deliveries.record(company, id, skipped(reason), 'failed', read);
      return;
    }
    const inSlot: SendAround = async (send) => {
      const release = await this.slots.take(company);
      if (!release) throw new JobDeferred(SLOT_WAIT_MS + Math.random() * SLOT_WAIT_MS);
      try {
        return await send();
      } finally {
        release();
      }
    };
    const result = await this.attempt(company, read, target, last, inSlot);
    if (result.state === 'pending') throw new DeliveryFailed(result.attempts.at(-1)?.error ?? 'failed');
  }

  private async attempt(
    company: string,
    read: { delivery: Delivery; raw?: string },
    { endpoint, secrets }: SigningEndpoint,
    last: boolean,
    around: SendAround = (send) => send(),
  ) {
    const { delivery } = read;
    const at = new Date().toISOString();
    const sent = await around(() =>
      sendWebhook(
        endpoint.url,
        delivery.body,
        {
          'Adlink-Signature': signatureHeader(secrets, delivery.body),
          'Adlink-Delivery': delivery.id,
          'User-Agent': 'adlink-webhooks/1',
        },
        { policy: this.settings.privateTargets, dnsServers: this.settings.dnsServers },
      ),
    );
    const error = sent.error ?? (sent.ok ? null : `status ${sent.status}`);
    const state = sent.ok ? 'succeeded' : last ? 'failed' : 'pending';
    this.onAttempt(state === 'pending' ? 'retrying' : state, sent.durationMs / 1000);
    const recorded = await this.deliveries.record(
      company,
      delivery.id,
      { at, status: sent.status, duration_ms: sent.durationMs, error, response_body: sent.responseBody },
      state,
      read,
    );
    // A success changes the endpoint only when it ends a failure streak: concurrent deliveries to a
    // healthy endpoint do not contend for the company's endpoints record.
    const after =
      sent.ok && endpoint.failing_since === null
        ? null
        : await this.endpoints
            .recordOutcome(company, endpoint.id, sent.ok, this.settings.retryWindowMs)
            .catch(() => null);
    if (endpoint.enabled && after && !after.enabled) {
      this.log.warn(
        { company, endpoint: endpoint.id },
        'webhook endpoint disabled: failing for the whole retry window',
      );
    }
    if (!sent.ok)
      this.log.info(
        { company, endpoint: endpoint.id, delivery: delivery.id, error },
        'webhook delivery failed',
      );
    return recorded ?? delivery;
  }

  async endpoint(company: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.get(company, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }
}

const skipped = (error: string) => ({
  at: new Date().toISOString(),
  status: null,
  duration_ms: 0,
  error,
  response_body: '',
});
