import { PlatformError } from '../../ports/platform-error.js';
import type { PlatformAnswer } from '../platform-fetch.js';

/**
 * Codes as named by the official SDK's `tiktok_code.py` (tiktok/tiktok-business-api-sdk @ f809c39).
 * TikTok's return codes that mean the access token no longer works (expired, missing, invalid). 40001
 * is not one: the SDK names it PERMISSION_ERROR, a refusal of one call. TikTok grants have no refresh
 * token, so reading it as a token failure would mark the whole connection for reauthorization.
 */
const UNAUTHORIZED = new Set([40102, 40104, 40105]);
/** 40100 (the app's QPS/QPM limit) and 40132 REQUEST_FREQUENCY_LIMITED: throttling, retried. */
const RATE_LIMITED = new Set([40100, 40132]);
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
  if (RATE_LIMITED.has(body.code)) return new PlatformError('throttled', message, 1, answer.status, code);
  if (UNAUTHORIZED.has(body.code))
    return new PlatformError('unauthorized', message, undefined, answer.status, code);
  if (body.code === INVALID_PARAMETER) {
    const field = /^([a-z_]+)(?:\.[\w.]+)?:/.exec(message)?.[1];
    const param = field === undefined ? undefined : params[field];
    return new PlatformError('invalid', message, undefined, answer.status, code, param);
  }
  return new PlatformError('rejected', message, undefined, answer.status, code);
}
