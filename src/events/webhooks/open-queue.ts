import type { Logger } from 'pino';
import type { Kv } from '../../store/kv.js';
import { RedisKv } from '../../store/redis-kv.js';
import { BullJobQueue } from './bullmq-queue.js';
import type { JobQueue } from './job-queue.js';
import { MemoryJobQueue } from './memory-queue.js';

/** The embedded store's queue, one per store: the app adds to it, the worker of the same store works it. */
const memoryQueues = new WeakMap<Kv, MemoryJobQueue>();

/** The events queue of this store: BullMQ on Redis, in memory with the embedded store. */
export function openJobQueue(kv: Kv, prefix: string, log: Logger): JobQueue {
  if (kv instanceof RedisKv) {
    return new BullJobQueue(kv.queueClient(), prefix, (err) =>
      log.warn({ err: err.message }, 'events queue problem'),
    );
  }
  const queue = memoryQueues.get(kv) ?? new MemoryJobQueue();
  memoryQueues.set(kv, queue);
  return queue;
}
