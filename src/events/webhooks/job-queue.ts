/** The jobs of the events queue: a webhook delivery, and the check whether a visit was abandoned. */
export type QueueJob =
  | { kind: 'deliver'; company: string; delivery: string }
  | { kind: 'abandon_check'; company: string; customer: string; flow: string; opened_at: string };

export interface JobRun {
  job: QueueJob;
  /** 1 for the first attempt. */
  attempt: number;
  /** Whether a failure now is final (no retry follows). */
  last: boolean;
}

/**
 * Thrown by a handler to run the job again `delayMs` later without counting an attempt: the work
 * could not start yet (its company has as many deliveries running as it may), nothing failed.
 */
export class JobDeferred extends Error {
  constructor(readonly delayMs: number) {
    super('deferred');
  }
}

/** Retries after a failure: `attempts` in all, the n-th retry `firstRetryMs * 2^(n-1)` later. */
export interface RetryPolicy {
  attempts: number;
  firstRetryMs: number;
}

/** The delay before retry number `retry` (1-based). */
export const retryDelay = (policy: RetryPolicy, retry: number) => policy.firstRetryMs * 2 ** (retry - 1);

/** As many attempts as fit in `windowMs` when every retry waits twice as long as the one before. */
export function retryPolicy(firstRetryMs: number, windowMs: number): RetryPolicy {
  let attempts = 1;
  let elapsed = 0;
  while (elapsed + firstRetryMs * 2 ** (attempts - 1) <= windowMs) {
    elapsed += firstRetryMs * 2 ** (attempts - 1);
    attempts++;
  }
  return { attempts, firstRetryMs };
}

/**
 * A durable queue of delayed, retried jobs (BullMQ on Redis; in memory for the embedded store). A
 * job whose handler throws is retried per its policy; at-least-once, so handlers are idempotent
 * enough (a delivery may be sent twice when an instance dies mid-send).
 */
export interface JobQueue {
  add(job: QueueJob, options: { delayMs?: number; retry: RetryPolicy; id?: string }): Promise<void>;
  /** Starts processing on this instance; resolves once it runs. */
  work(handler: (run: JobRun) => Promise<void>): Promise<void>;
  /** Stops processing (waits for running jobs) and lets go of the connections it opened. */
  close(): Promise<void>;
}
