import { PlatformError } from '../../ports/platform-error.js';
import { type PlatformAnswer, retryAfter } from '../platform-fetch.js';

/** LinkedIn's error body: `{status, serviceErrorCode, code, message, errorDetails}`. */
interface LinkedInError {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: {
    inputErrors?: { description?: string; code?: string; input?: { inputPath?: { fieldPath?: string } } }[];
  };
}

/** Maps a field path LinkedIn complains about (`dailyBudget.amount`) to the unified parameter. */
export type FieldParam = (fieldPath: string) => string | undefined;

const isError = (body: unknown): body is LinkedInError => typeof body === 'object' && body !== null;

/**
 * Reads LinkedIn's error envelope: 401 (expired, revoked or unknown token) asks for a refresh or a
 * reconnection, 403 `ACCESS_DENIED` is a missing permission (a scope such as `r_ads_reporting`, or a role
 * on the ad account), 429 is throttling (LinkedIn sends no rate headers), and a 400/422 that names input
 * fields is a validation failure about the unified parameter those fields come from.
 */
export function classifyLinkedIn(answer: PlatformAnswer, param: FieldParam = () => undefined) {
  if (answer.status < 400) return undefined;
  const body = isError(answer.body) ? answer.body : {};
  const inputErrors = body.errorDetails?.inputErrors ?? [];
  const details = inputErrors.map((e) => e.description).filter((d): d is string => Boolean(d));
  const message = [body.message, ...details].filter(Boolean).join(' ') || `HTTP ${answer.status}`;
  const code = body.code;
  if (answer.status === 401) return new PlatformError('unauthorized', message, undefined, 401, code);
  if (answer.status === 403 && code === 'ACCESS_DENIED') {
    return new PlatformError('forbidden', message, undefined, 403, code);
  }
  if (answer.status === 429) {
    return new PlatformError('throttled', message, retryAfter(answer.headers), 429, code);
  }
  if ((answer.status === 400 || answer.status === 422) && inputErrors.length > 0) {
    const fieldPath = inputErrors[0]?.input?.inputPath?.fieldPath;
    const unified = fieldPath === undefined ? undefined : param(fieldPath);
    return new PlatformError('invalid', message, undefined, answer.status, code, unified);
  }
  return new PlatformError('rejected', message, undefined, answer.status, code);
}
