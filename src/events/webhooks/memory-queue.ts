import {
  JobDeferred,
  type JobQueue,
  type JobRun,
  type QueueJob,
  type RetryPolicy,
  retryDelay,
} from './job-queue.js';

interface Pending {
  job: QueueJob;
  retry: RetryPolicy;
  attempt: number;
  dueAt: number;
}

/**
 * The queue of the embedded store: in this process only (pending jobs are lost when it stops, like
 * everything of an embedded store without DATA_FILE). Same retry rules as the Redis queue.
 */
export class MemoryJobQueue implements JobQueue {
  private readonly pending: Pending[] = [];
  private readonly running = new Set<Promise<void>>();
  private handler: ((run: JobRun) => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  async add(job: QueueJob, options: Parameters<JobQueue['add']>[1]): Promise<void> {
    this.pending.push({ job, retry: options.retry, attempt: 1, dueAt: Date.now() + (options.delayMs ?? 0) });
    this.wake();
  }

  async work(handler: (run: JobRun) => Promise<void>): Promise<void> {
    this.handler = handler;
    this.wake();
  }

  async close(): Promise<void> {
    this.handler = undefined;
    clearTimeout(this.timer);
    await Promise.all(this.running);
  }

  private wake(): void {
    const handler = this.handler;
    if (!handler) return;
    clearTimeout(this.timer);
    const now = Date.now();
    for (const item of this.pending.filter((p) => p.dueAt <= now)) {
      this.pending.splice(this.pending.indexOf(item), 1);
      const running = this.run(handler, item).finally(() => this.running.delete(running));
      this.running.add(running);
    }
    const next = Math.min(...this.pending.map((p) => p.dueAt));
    if (Number.isFinite(next)) {
      this.timer = setTimeout(() => this.wake(), next - now);
      this.timer.unref();
    }
  }

  private async run(handler: (run: JobRun) => Promise<void>, item: Pending): Promise<void> {
    const last = item.attempt >= item.retry.attempts;
    try {
      await handler({ job: item.job, attempt: item.attempt, last });
    } catch (err) {
      if (err instanceof JobDeferred) {
        this.pending.push({ ...item, dueAt: Date.now() + err.delayMs });
        this.wake();
        return;
      }
      if (last) return;
      this.pending.push({
        ...item,
        attempt: item.attempt + 1,
        dueAt: Date.now() + retryDelay(item.retry, item.attempt),
      });
      this.wake();
    }
  }
}
