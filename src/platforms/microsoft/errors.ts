import { PlatformError } from '../../ports/platform-error.js';
import { type PlatformAnswer, retryAfter } from '../platform-fetch.js';
import type { BatchError } from './model.js';

/** One error of an ApplicationFault (`Errors` of AdApiFaultDetail, `OperationErrors`, `BatchErrors`). */
interface FaultError {
  Code?: number;
  ErrorCode?: string;
  Message?: string;
}

interface ApplicationFault {
  Type?: string;
  TrackingId?: string;
  Errors?: FaultError[] | null;
  OperationErrors?: FaultError[] | null;
  BatchErrors?: FaultError[] | null;
}

const CALL_RATE_EXCEEDED = 117;
/** InvalidCredentials (an unknown, revoked or wrong-audience token) and AuthenticationTokenExpired. */
const TOKEN_ERRORS = [105, 109];

/** Refusals about an ad group field, by symbolic code: the unified parameter they are about. */
const AD_GROUP_PARAMS: Record<string, string> = {
  CampaignServiceInvalidAdGroupName: 'name',
  CampaignServiceCannotCreateDuplicateAdGroup: 'name',
  CampaignServiceInvalidEntityState: 'status',
  CampaignServiceInvalidCampaignId: 'parentId',
};

const describe = (errors: FaultError[], fallback: string) =>
  errors
    .map((e) => e.Message)
    .filter(Boolean)
    .join(' ') || fallback;

const codeOf = (error: FaultError | undefined) =>
  error?.ErrorCode ?? (error?.Code === undefined ? undefined : String(error.Code));

/**
 * Reads Microsoft's ApplicationFault: error 117 (or HTTP 429) is throttling, 105/109 a token to
 * refresh (then reconnect), a refusal about an ad group field is `invalid` naming the unified
 * parameter; anything else is `rejected`. The TrackingId is kept in the message for support cases.
 */
export function classifyMicrosoftAnswer(answer: PlatformAnswer): PlatformError | undefined {
  if (answer.status < 400) return undefined;
  const fault = (
    typeof answer.body === 'object' && answer.body !== null ? answer.body : {}
  ) as ApplicationFault;
  const errors = [...(fault.Errors ?? []), ...(fault.OperationErrors ?? []), ...(fault.BatchErrors ?? [])];
  const tracking = fault.TrackingId ? ` (TrackingId ${fault.TrackingId})` : '';
  const message = `${describe(errors, `HTTP ${answer.status}`)}${tracking}`;
  const code = codeOf(errors[0]);
  if (answer.status === 429 || errors.some((e) => e.Code === CALL_RATE_EXCEEDED)) {
    return new PlatformError('throttled', message, retryAfter(answer.headers), answer.status, code);
  }
  if (errors.some((e) => TOKEN_ERRORS.includes(e.Code ?? 0))) {
    return new PlatformError('unauthorized', message, undefined, answer.status, code);
  }
  const param = errors.map((e) => AD_GROUP_PARAMS[e.ErrorCode ?? '']).find(Boolean);
  if (param) return new PlatformError('invalid', message, undefined, answer.status, code, param);
  return new PlatformError('rejected', message, undefined, answer.status, code);
}

/**
 * A batch operation's `PartialErrors` (in a 200 answer): the platform refused the values. `params`
 * names the unified parameter of the fields a code is about (before the ad group codes above), and
 * `paramOf` that of the item at an index, where the code does not name a field.
 */
export function partialFailure(
  errors: BatchError[] | null | undefined,
  paramOf: (index: number) => string | undefined = () => undefined,
  params: Record<string, string | undefined> = {},
): PlatformError | undefined {
  const [first] = errors ?? [];
  if (!first) return undefined;
  const code = first.ErrorCode ?? '';
  const param = params[code] ?? AD_GROUP_PARAMS[code] ?? paramOf(first.Index ?? 0);
  return new PlatformError(
    'invalid',
    describe(errors ?? [], 'refused'),
    undefined,
    200,
    codeOf(first),
    param,
  );
}
