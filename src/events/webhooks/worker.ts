import type { Logger } from 'pino';
import type { Events } from '../events.js';
import type { JobQueue, JobRun } from './job-queue.js';

/**
 * Works the events queue on this instance (every instance runs one; server.ts starts and stops it):
 * webhook deliveries and the checks for abandoned visits.
 */
export class EventsWorker {
  constructor(
    private readonly events: Events,
    private readonly queue: JobQueue,
    private readonly flowKey: (flow: string) => string,
    private readonly log: Logger,
  ) {}

  start(): Promise<void> {
    return this.queue.work((run) => this.handle(run));
  }

  stop(): Promise<void> {
    return this.queue.close();
  }

  private async handle({ job, last }: JobRun): Promise<void> {
    try {
      if (job.kind === 'deliver') return await this.events.webhooks.deliver(job.company, job.delivery, last);
      const { kind: _kind, ...visit } = job;
      await this.events.checkAbandoned(visit, this.flowKey(job.flow));
    } catch (err) {
      if (last) this.log.warn({ err: (err as Error).message, job: job.kind }, 'events job gave up');
      throw err;
    }
  }
}
