import { PlatformError } from '../../ports/platform-error.js';
import { type PlatformAnswer, retryAfter } from '../platform-fetch.js';
import type { SnapAnswer, SubRequest } from './model.js';

/** "Resource can not be found": what an unknown, foreign or deleted id gets. */
export const NOT_FOUND_CODE = 'E3003';

/** A Snap field name a validation message may name, and the unified parameter it came from. */
export type FieldSource = [snapField: string, param: string];

/** The first failed sub-request's reason: a batch write reports its refusals per entity. */
export function failedSubRequest(answer: SnapAnswer | undefined): string | undefined {
  for (const value of Object.values(answer ?? {})) {
    if (!Array.isArray(value)) continue;
    const failed = (value as SubRequest[]).find((item) => item?.sub_request_status === 'ERROR');
    if (failed) return failed.sub_request_error_reason ?? 'the entity was refused';
  }
  return undefined;
}

/** The refusal of a message naming one of `fields`, on the unified parameter of the first it names. */
export function invalidEntity(message: string, fields: FieldSource[], status?: number, code?: string) {
  const named = fields.find(([field]) => new RegExp(`\\b${field}\\b`).test(message));
  return new PlatformError('invalid', message, undefined, status, code, named?.[1]);
}

/**
 * Snap's error envelope (`request_status: "ERROR"`, `debug_message`, `error_code`) to adlink's kinds:
 * 401 is an expired or revoked token, 429 throttling (Snap sends no Retry-After), a 400 is a
 * validation refusal (of the request or of one entity of a batch), anything else a rejection.
 */
export function classifySnap(fields: FieldSource[] = []) {
  return ({ status, headers, body }: PlatformAnswer): PlatformError | undefined => {
    const answer = (typeof body === 'object' && body !== null ? body : {}) as SnapAnswer;
    if (status < 400 && answer.request_status !== 'ERROR') return undefined;
    const message = failedSubRequest(answer) ?? answer.debug_message ?? `HTTP ${status}`;
    const code = answer.error_code;
    if (status === 401) return new PlatformError('unauthorized', message, undefined, status, code);
    if (status === 429) return new PlatformError('throttled', message, retryAfter(headers), status, code);
    if (status === 400) return invalidEntity(message, fields, status, code);
    return new PlatformError('rejected', message, undefined, status, code);
  };
}
