import { PlatformError } from '../platform-error.js';
import type { PlatformAnswer } from '../platform-fetch.js';

/** TikTok's return codes that mean the access token no longer works (missing, expired, revoked, no permission). */
const UNAUTHORIZED = new Set([40001, 40102, 40104, 40105]);
const RATE_LIMITED = 40100;
const INVALID_PARAMETER = 40002;

/** Unified parameter names by TikTok field, for validation messages that name one. */
export type FieldParams = Record<string, string>;

/**
 * TikTok answers HTTP 200 with `{"code", "message", "request_id", "data"}`: a non-zero `code` is the
 * error. Parameter errors name the field first ("budget: …"), which `params` maps to adlink's name.
 */
export function classifyTikTok(answer: PlatformAnswer, params: FieldParams = {}): PlatformError | undefined {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  if (typeof body !== 'object' || body === null || typeof body.code !== 'number' || body.code === 0) {
    return undefined;
  }
  const message = typeof body.message === 'string' && body.message ? body.message : `code ${body.code}`;
  const code = String(body.code);
  if (body.code === RATE_LIMITED) return new PlatformError('throttled', message, 1, answer.status, code);
  if (UNAUTHORIZED.has(body.code))
    return new PlatformError('unauthorized', message, undefined, answer.status, code);
  if (body.code === INVALID_PARAMETER) {
    const field = /^([a-z_]+)(?:\.[\w.]+)?:/.exec(message)?.[1];
    const param = field === undefined ? undefined : params[field];
    return new PlatformError('invalid', message, undefined, answer.status, code, param);
  }
  return new PlatformError('rejected', message, undefined, answer.status, code);
}
