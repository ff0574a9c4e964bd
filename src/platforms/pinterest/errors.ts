import { PlatformError } from '../../ports/platform-error.js';
import { type PlatformAnswer, retryAfter } from '../platform-fetch.js';

/** A Pinterest field a write sent (a word its messages use) and the unified parameter it came from. */
export type ParamSource = [field: string, param: string];

/** The unified parameter behind the first of `sources` (most specific first) that `message` names. */
export const namedParam = (message: string, sources: readonly ParamSource[]): string | undefined =>
  sources.find(([field]) => new RegExp(`\\b${field}\\b`).test(message))?.[1];

/** A refusal of a write's values: a 400, or an item's exceptions in a batch answer. */
export const refusal = (message: string, sources: readonly ParamSource[], status: number, code?: string) =>
  new PlatformError('invalid', message, undefined, status, code, namedParam(message, sources));

/**
 * Reads Pinterest's error body `{code, message}`: 401 (code 2: the token is missing, unknown, revoked
 * or expired; 3: a scope is missing) asks for a refresh or a reconnection, 429 is throttling, and a
 * 400 answering a write is a validation failure about the unified parameter its message names.
 */
export function classifyPinterest(sources?: readonly ParamSource[]) {
  return ({ status, headers, body }: PlatformAnswer): PlatformError | undefined => {
    if (status < 400) return undefined;
    const error = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      message?: unknown;
    };
    const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
    const code = typeof error.code === 'number' ? String(error.code) : undefined;
    if (status === 401) return new PlatformError('unauthorized', message, undefined, status, code);
    if (status === 429) return new PlatformError('throttled', message, retryAfter(headers), status, code);
    if (status === 400 && sources) return refusal(message, sources, status, code);
    return new PlatformError('rejected', message, undefined, status, code);
  };
}
