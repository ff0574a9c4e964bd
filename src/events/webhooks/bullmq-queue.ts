import type { Job, Queue, Worker } from 'bullmq';
import { Cluster, type Redis, type RedisOptions } from 'ioredis';
import { JobDeferred, type JobQueue, type JobRun, type QueueJob } from './job-queue.js';

const QUEUE = 'events';
/** Finished jobs kept for inspection; deliveries and their attempts are kept in the store anyway. */
const KEEP = { age: 24 * 3600, count: 1000 };

/**
 * BullMQ is loaded on first use: its hundred-odd modules would otherwise be read and compiled before
 * adlink answers its first request (server.ts starts the worker once it listens).
 */
let bullmq: Promise<typeof import('bullmq')> | undefined;
const loadBullmq = () => {
  bullmq ??= import('bullmq');
  return bullmq;
};

/**
 * The queue on Redis. Adding uses the store's queue connection (fail-fast, like every request); the
 * worker opens its own, with the blocking reads BullMQ needs. `prefix` carries a hash tag, so every
 * key of the queue lives in one Redis Cluster slot.
 */
export class BullJobQueue implements JobQueue {
  private queue: Promise<Queue<QueueJob>> | undefined;
  private working: Promise<void> | undefined;
  private worker: Worker<QueueJob> | undefined;
  private workerConnection: Redis | Cluster | undefined;

  constructor(
    private readonly client: Redis | Cluster,
    private readonly prefix: string,
    private readonly onError: (err: Error) => void,
  ) {}

  private opened(): Promise<Queue<QueueJob>> {
    this.queue ??= loadBullmq().then(({ Queue }) => {
      const queue = new Queue<QueueJob>(QUEUE, { connection: this.client, prefix: this.prefix });
      queue.on('error', this.onError);
      return queue;
    });
    return this.queue;
  }

  async add(job: QueueJob, options: Parameters<JobQueue['add']>[1]): Promise<void> {
    await (await this.opened()).add(job.kind, job, {
      ...(options.id ? { jobId: options.id } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
      attempts: options.retry.attempts,
      backoff: { type: 'exponential', delay: options.retry.firstRetryMs },
      removeOnComplete: KEEP,
      removeOnFail: KEEP,
    });
  }

  work(handler: (run: JobRun) => Promise<void>): Promise<void> {
    this.working ??= this.startWorker(handler);
    return this.working;
  }

  private async startWorker(handler: (run: JobRun) => Promise<void>): Promise<void> {
    const { Worker, DelayedError } = await loadBullmq();
    this.workerConnection = workerConnection(this.client);
    this.worker = new Worker<QueueJob>(
      QUEUE,
      async (job: Job<QueueJob>, token?: string) => {
        const attempt = job.attemptsMade + 1;
        try {
          await handler({ job: job.data, attempt, last: attempt >= (job.opts.attempts ?? 1) });
        } catch (err) {
          if (!(err instanceof JobDeferred)) throw err;
          await job.moveToDelayed(Date.now() + err.delayMs, token);
          throw new DelayedError();
        }
      },
      { connection: this.workerConnection, prefix: this.prefix, concurrency: 10 },
    );
    this.worker.on('error', this.onError);
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.working?.catch(() => {});
    this.working = undefined;
    await this.worker?.close();
    this.worker = undefined;
    this.workerConnection?.disconnect();
    this.workerConnection = undefined;
    const queue = this.queue;
    this.queue = undefined;
    if (queue) await (await queue).close();
  }
}

/** The store's connection without its fail-fast limits: BullMQ's blocking reads wait for jobs. */
function workerConnection(client: Redis | Cluster): Redis | Cluster {
  const blocking: RedisOptions = {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    commandTimeout: undefined,
  };
  if (client instanceof Cluster) {
    return client.duplicate(undefined, {
      enableOfflineQueue: true,
      redisOptions: { ...client.options.redisOptions, ...blocking },
    });
  }
  return client.duplicate(blocking);
}
