import type { ObservedCall } from '../ports/platform-call.js';
import { PlatformError } from '../ports/platform-error.js';
import { type AnswerHeaders, type HttpAnswer, type HttpRequest, httpCall } from './http-call.js';
import { reportCall } from './platform-calls.js';

/** What a platform answered, for an adapter's `classify` hook. */
export interface PlatformAnswer {
  status: number;
  headers: AnswerHeaders;
  body: unknown;
}

export interface PlatformFetchOptions {
  timeoutMs: number;
  /** The adapter method's observer (`PlatformCall.observed`): each attempt is reported to it. */
  observed?: ObservedCall;
  /**
   * The platform's own error envelope: returns the error an answer means (also for a 200 that carries
   * one, as TikTok sends), or undefined to fall back to the HTTP status.
   */
  classify?: (answer: PlatformAnswer) => PlatformError | undefined;
  /** How often a throttled call is retried (THROTTLE_RETRIES); 0 keeps the call within one timeout. */
  throttleRetries?: number;
}

/** Throttled calls are retried this many times, waiting as the platform asks, if it asks briefly. */
export const THROTTLE_RETRIES = 2;
/** A platform asking to wait longer than this is not waited for: the vendor gets 429 with Retry-After. */
export const MAX_THROTTLE_WAIT_MS = 2_000;
const BACKOFF_MS = 250;

/**
 * Calls a platform's JSON API with a timeout, mapping transport and HTTP failures to PlatformError.
 * Throttling is retried with backoff (bounded in count and wait), then reported as `throttled`.
 */
export async function platformFetch(
  url: string,
  init: HttpRequest,
  options: number | PlatformFetchOptions,
): Promise<unknown> {
  const opts: PlatformFetchOptions = typeof options === 'number' ? { timeoutMs: options } : options;
  for (let attempt = 0; ; attempt++) {
    try {
      return (await reportCall(opts.observed, url, init.method, () => fetchOnce(url, init, opts))).body;
    } catch (err) {
      const retries = opts.throttleRetries ?? THROTTLE_RETRIES;
      if (!(err instanceof PlatformError) || err.kind !== 'throttled' || attempt >= retries) throw err;
      const wait = Math.max((err.retryAfterSeconds ?? 0) * 1000, BACKOFF_MS * 2 ** attempt);
      if (wait > MAX_THROTTLE_WAIT_MS) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function fetchOnce(
  url: string,
  init: HttpRequest,
  opts: PlatformFetchOptions,
): Promise<{ status: number; body: unknown }> {
  let response: HttpAnswer;
  try {
    response = await httpCall(url, init, opts.timeoutMs);
  } catch (err) {
    const timedOut = (err as { timeout?: boolean }).timeout === true;
    throw new PlatformError(timedOut ? 'timeout' : 'unreachable', (err as Error).message);
  }
  const body = response.text === '' ? undefined : parseJson(response.text);
  const classified = opts.classify?.({ status: response.status, headers: response.headers, body });
  if (classified) throw classified;
  if (response.status >= 200 && response.status < 300) return { status: response.status, body };
  const message = describe(body) ?? `HTTP ${response.status}`;
  const code = errorCode(body);
  if (response.status === 401) throw new PlatformError('unauthorized', message, undefined, 401, code);
  if (response.status === 429) {
    throw new PlatformError('throttled', message, retryAfter(response.headers), 429, code);
  }
  throw new PlatformError('rejected', message, undefined, response.status, code);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Seconds from a Retry-After header (delta seconds), at least 1. */
export function retryAfter(headers: AnswerHeaders): number {
  const value = Number(headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 1;
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: { code?: unknown } }).error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function describe(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return undefined;
}
