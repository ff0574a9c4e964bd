import type { Logger } from 'pino';
import type { WebhookSettings } from '../config.js';
import type { EncryptionKey } from '../crypto/keys.js';
import type { Kv } from '../store/kv.js';
import { EventStore } from './event-store.js';
import { Events } from './events.js';
import { eventKeys } from './keys.js';
import { DeliveryStore } from './webhooks/delivery-store.js';
import { EndpointStore } from './webhooks/endpoint-store.js';
import type { JobQueue } from './webhooks/job-queue.js';
import { openJobQueue } from './webhooks/open-queue.js';
import { type AttemptObserver, Webhooks } from './webhooks/webhooks.js';

export interface EventsDeps {
  kv: Kv;
  prefix: string;
  encryption: EncryptionKey[];
  webhooks: WebhookSettings;
  log: Logger;
  /** Told of every delivery attempt (metrics). */
  onAttempt?: AttemptObserver;
}

/** The events service of one app or worker, and the queue it uses. */
export function createEvents({ kv, prefix, encryption, webhooks, log, onAttempt }: EventsDeps): {
  events: Events;
  queue: JobQueue;
} {
  const k = eventKeys(prefix);
  const queue = openJobQueue(kv, k.queuePrefix(), log);
  const hooks = new Webhooks(
    kv,
    new EndpointStore(kv, k, encryption),
    new DeliveryStore(kv, k),
    queue,
    webhooks,
    log,
    onAttempt,
  );
  return { events: new Events(new EventStore(kv, k), hooks, kv, k, queue, log), queue };
}
