import { PlatformError } from '../../ports/platform-error.js';
import type { AnswerHeaders } from '../http-call.js';
import type { PlatformAnswer } from '../platform-fetch.js';

interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
}

/** Token problems: 190 invalid or expired token, 102 session key, 104 no token. */
const AUTH_CODES = new Set([102, 104, 190]);
/** Rate limits: app (4), user (17), ad account (613), and the business use case limits (80000–80014). */
const isThrottle = (code: number) =>
  code === 4 || code === 17 || code === 613 || (code >= 80_000 && code <= 80_014);
/** Validation refusals: invalid parameter (100) and an insights range beyond the lookback (3018). */
const VALIDATION_CODES = new Set([100, 3018]);
/** "Unsupported get request. Object with ID … does not exist": what an unknown or foreign id gets. */
export const NOT_FOUND_CODE = '100/33';

/**
 * "Terms of service has not been accepted. To accept, go to https://www.facebook.com/customaudiences/app/tos/?act=…":
 * the ad account has not accepted the Custom Audience terms (a `terms` error; its message has the URL).
 */
export const TERMS_NOT_ACCEPTED_CODE = '2663';

/** The answer of a read, or null where the id does not exist (or is not this user's). */
export async function orNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PlatformError && err.code === NOT_FOUND_CODE) return null;
    throw err;
  }
}

/**
 * Seconds Meta asks to wait: the largest `estimated_time_to_regain_access` (minutes) in the
 * `X-Business-Use-Case-Usage` header (or `X-Ad-Account-Usage`'s `reset_time_duration`, seconds); 0 or
 * none means "now", which is waited as one second.
 */
export function retryAfterSeconds(headers: AnswerHeaders): number {
  let seconds = 0;
  try {
    const buc = JSON.parse(headers.get('x-business-use-case-usage') ?? '{}') as Record<string, unknown>;
    for (const entries of Object.values(buc)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        seconds = Math.max(seconds, Number(entry?.estimated_time_to_regain_access ?? 0) * 60);
      }
    }
    const account = JSON.parse(headers.get('x-ad-account-usage') ?? '{}') as { reset_time_duration?: number };
    seconds = Math.max(seconds, Number(account.reset_time_duration ?? 0));
  } catch {
    return 1;
  }
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
}

/** A Meta parameter name (a regex fragment: `zips?`, or a word Meta uses for it) and the unified parameter it came from. */
export type ParamSource = [metaName: string, param: string];

/**
 * Meta's error envelope to adlink's kinds. `params` lists the Meta parameters a request sent with the
 * unified parameters they came from, most specific first; a validation message naming one (in
 * `message` or `error_user_title`/`error_user_msg`) is reported on the first it names.
 */
export function classifyMetaError(params: ParamSource[] = []) {
  return ({ status, headers, body }: PlatformAnswer): PlatformError | undefined => {
    const error = (body as { error?: GraphErrorBody } | undefined)?.error;
    if (typeof error !== 'object' || error === null || typeof error.code !== 'number') return undefined;
    const code =
      error.error_subcode === undefined ? String(error.code) : `${error.code}/${error.error_subcode}`;
    const message = [error.message, error.error_user_title, error.error_user_msg].filter(Boolean).join(' — ');
    if (AUTH_CODES.has(error.code))
      return new PlatformError('unauthorized', message, undefined, status, code);
    if (isThrottle(error.code)) {
      return new PlatformError('throttled', message, retryAfterSeconds(headers), status, code);
    }
    if (code === TERMS_NOT_ACCEPTED_CODE) return new PlatformError('terms', message, undefined, status, code);
    if (code === NOT_FOUND_CODE || !VALIDATION_CODES.has(error.code)) {
      return new PlatformError('rejected', message, undefined, status, code);
    }
    const named = params.find(([name]) => new RegExp(`\\b${name}\\b`, 'i').test(message));
    return new PlatformError('invalid', message, undefined, status, code, named?.[1]);
  };
}
