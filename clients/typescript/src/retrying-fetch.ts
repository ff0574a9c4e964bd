import { retryAfterSeconds } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 turns retrying off). */
  retries?: number;
  /**
   * The longest wait before a retry, in milliseconds (default 10,000). An answer whose `Retry-After`
   * asks for longer is returned as it is, so the caller decides instead of hanging.
   */
  maxDelayMs?: number;
}

/**
 * 429 (adlink's or a platform's rate limit) and 503 (the store unreachable): adlink wrote nothing, so
 * the same request can be sent again. POSTs carry an Idempotency-Key, so a create is never repeated.
 */
const RETRYABLE = new Set([429, 503]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch for openapi-fetch that gives every POST without one an `Idempotency-Key` (the same for all
 * its retries) and retries 429 and 503 answers after their `Retry-After` (else 0.5 s, doubling).
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  { retries = 2, maxDelayMs = 10_000 }: RetryOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const response = await fetchImpl(last ? request : request.clone());
      if (last || !RETRYABLE.has(response.status)) return response;
      const after = retryAfterSeconds(response);
      const delay = after === undefined ? 500 * 2 ** attempt : after * 1000;
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
