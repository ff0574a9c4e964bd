import { PlatformError } from '../../ports/platform-error.js';
import type { PlatformAnswer } from '../platform-fetch.js';

/** One step of a GoogleAdsError's `location`: `{fieldName: 'operations', index: 0}`, `{fieldName: 'name'}`. */
export interface FieldPathElement {
  fieldName: string;
  index?: number;
}

interface GoogleAdsError {
  errorCode?: Record<string, string>;
  message?: string;
  location?: { fieldPathElements?: FieldPathElement[] };
  details?: { quotaErrorDetails?: { retryDelay?: string } };
}

interface RpcStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { '@type'?: string; errors?: GoogleAdsError[] }[];
}

/** Maps where a Google error points (its field path) to the unified parameter it is about. */
export type ParamFor = (path: FieldPathElement[]) => string | undefined;

const FIELD_PARAMS: Record<string, string> = { name: 'name', status: 'status', campaign: 'parentId' };

/** The unified parameter of an ad group field: `…create.name` → `name`. */
export const adGroupParam: ParamFor = (path) => FIELD_PARAMS[path.at(-1)?.fieldName ?? ''];

/** Authentication errors that mean the OAuth token is bad (refresh, then reconnect), not the app. */
const TOKEN_ERRORS = /^(AUTHENTICATION_ERROR|OAUTH_TOKEN_\w+)$/;

function failureOf(body: unknown): { status: RpcStatus; errors: GoogleAdsError[] } | undefined {
  const status = (body as { error?: RpcStatus } | undefined)?.error;
  if (typeof status !== 'object' || status === null) return undefined;
  const failure = status.details?.find((d) => d['@type']?.endsWith('.errors.GoogleAdsFailure'));
  return { status, errors: failure?.errors ?? [] };
}

/** `"1s"`, `"0.5s"` (a protobuf Duration in JSON) → whole seconds, at least 1. */
function seconds(duration: string | undefined): number | undefined {
  const match = duration ? /^(\d+(?:\.\d+)?)s$/.exec(duration) : null;
  return match ? Math.max(1, Math.ceil(Number(match[1]))) : undefined;
}

/**
 * Reads Google's error answer (google.rpc.Status carrying a GoogleAdsFailure): a bad OAuth token is
 * `unauthorized`, quota exhaustion `throttled` with its retry delay, field errors `invalid` naming
 * the unified parameter where `paramFor` knows it; anything else is `rejected`.
 */
export function classifyGoogleAnswer(
  answer: PlatformAnswer,
  paramFor: ParamFor = adGroupParam,
): PlatformError | undefined {
  if (answer.status < 400) return undefined;
  const failure = failureOf(answer.body);
  const errors = failure?.errors ?? [];
  const codes = errors.flatMap((e) => Object.values(e.errorCode ?? {}));
  const message =
    errors
      .map((e) => e.message)
      .filter(Boolean)
      .join(' ') ||
    failure?.status.message ||
    `HTTP ${answer.status}`;
  const code = codes[0] ?? failure?.status.status;
  const rpc = failure?.status.status;

  if (answer.status === 401 || rpc === 'UNAUTHENTICATED') {
    const authentication = errors.map((e) => e.errorCode?.authenticationError).filter(Boolean) as string[];
    if (authentication.every((c) => TOKEN_ERRORS.test(c))) {
      return new PlatformError('unauthorized', message, undefined, answer.status, code);
    }
    return new PlatformError('rejected', message, undefined, answer.status, code);
  }
  if (answer.status === 429 || rpc === 'RESOURCE_EXHAUSTED') {
    const delay = errors
      .map((e) => seconds(e.details?.quotaErrorDetails?.retryDelay))
      .find((s) => s !== undefined);
    const header = Number(answer.headers.get('retry-after'));
    const retry = delay ?? (header > 0 ? Math.ceil(header) : 1);
    return new PlatformError('throttled', message, retry, answer.status, code);
  }
  const located = errors.filter((e) => e.location?.fieldPathElements?.length);
  if (rpc === 'INVALID_ARGUMENT' && located.length > 0) {
    const param = located.map((e) => paramFor(e.location!.fieldPathElements!)).find((p) => p !== undefined);
    return new PlatformError('invalid', message, undefined, answer.status, code, param);
  }
  return new PlatformError('rejected', message, undefined, answer.status, code);
}
