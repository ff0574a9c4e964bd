import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Spender } from './domain/budget.js';

/**
 * The closed list of error codes adlink answers with. test/errors.test.ts checks that the
 * error table of docs/api.md lists every one of them with its status.
 */
export const ERROR_CODES = {
  invalid_request: { status: 400, type: 'invalid_request_error', doc: 'A parameter is missing or invalid.' },
  invalid_json: { status: 400, type: 'invalid_request_error', doc: 'The body is not valid JSON.' },
  invalid_body: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The body does not decode: its `Content-Encoding` (gzip, deflate, br) does not decompress.',
  },
  unknown_parameter: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'A parameter this endpoint does not take.',
  },
  parameter_repeated: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'A query parameter was given more than once.',
  },
  invalid_idempotency_key: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The Idempotency-Key header is empty, too long or has characters outside printable ASCII.',
  },
  redirect_uri_not_allowed: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The redirect_uri is not exactly one of the company’s allowed redirect URIs.',
  },
  missing_token: {
    status: 401,
    type: 'authentication_error',
    doc: 'No `Authorization: Bearer <token>` header (a company token or an access token).',
  },
  invalid_token: {
    status: 401,
    type: 'authentication_error',
    doc: 'The token is malformed, unknown, expired or revoked.',
  },
  company_token_required: {
    status: 403,
    type: 'permission_error',
    doc: 'An access token cannot use this endpoint: it is about the whole company (customers list, settings, webhooks, events, tokens); send the company token.',
  },
  customer_not_allowed: {
    status: 403,
    type: 'permission_error',
    doc: 'The access token acts for another customer than the one named; `param` names where. Leave the customer out, or name the token’s own.',
  },
  insufficient_scope: {
    status: 403,
    type: 'permission_error',
    doc: 'The access token has the `read` scope and this request changes something: it needs one with the `write` scope (`WWW-Authenticate` says so too, as RFC 6750 has it).',
  },
  customer_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No customer with this id belongs to your company.',
  },
  customer_not_deletable: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The built-in customer `own` (your company’s own ad accounts) cannot be deleted; disconnect its platforms instead.',
  },
  platform_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No platform with this id; see the platform list in docs/platforms/README.md.',
  },
  connection_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'The customer has no connection on this platform.',
  },
  event_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No event with this id in the last 30 days.',
  },
  webhook_endpoint_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'The company has no webhook endpoint with this id.',
  },
  delivery_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'The webhook endpoint has no delivery with this id (kept 30 days).',
  },
  access_token_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'The customer has no live access token with this id (revoked, expired, or never its own).',
  },
  adset_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No ad set with this id for this customer on this platform.',
  },
  campaign_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No campaign with this id for this customer on this platform.',
  },
  platform_terms_required: {
    status: 409,
    type: 'platform_error',
    doc: 'The ad account has not accepted terms the platform requires for this (its customer-list terms): the message has the URL where the customer accepts them.',
  },
  audience_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No audience with this id in the customer’s connected ad accounts on this platform.',
  },
  audience_job_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No members upload with this id for this audience (jobs are kept a week).',
  },
  ad_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No ad with this id for this customer on this platform.',
  },
  report_not_found: {
    status: 404,
    type: 'invalid_request_error',
    doc: 'No report with this id for this customer, or it is older than the time reports are kept.',
  },
  route_not_found: { status: 404, type: 'invalid_request_error', doc: 'No endpoint at this path.' },
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    doc: 'The path exists but not for this method; see the `Allow` header.',
  },
  idempotency_key_in_use: {
    status: 409,
    type: 'idempotency_error',
    doc: 'A request with this Idempotency-Key is still being processed; retry later.',
  },
  platform_not_connected: {
    status: 409,
    type: 'invalid_request_error',
    doc: 'The customer has not connected this platform; send them a connect link.',
  },
  reauthorization_required: {
    status: 409,
    type: 'platform_error',
    doc: 'The platform no longer accepts the customer’s authorization, or it lacks a permission adlink needs; send them a connect link to reconnect.',
  },
  payload_too_large: {
    status: 413,
    type: 'invalid_request_error',
    doc: 'The body is larger than the endpoint takes: 100 kB (an audience’s members: 4 MB).',
  },
  unsupported_media_type: {
    status: 415,
    type: 'invalid_request_error',
    doc: 'The body has a content type this endpoint does not accept.',
  },
  quota_exceeded: {
    status: 409,
    type: 'invalid_request_error',
    doc: 'Your company holds as many of these (customers, open connect links, idempotency records, live access tokens) as its quota allows, or, with an access token, its customer’s tokens hold their share (open connect links, idempotency records); the message names which, and `param` is `Idempotency-Key` for idempotency records. Revoke links, delete customers or tokens, or wait for links, keys and tokens to expire.',
  },
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    doc: 'Too many requests from your company (with an access token: from its customer’s access tokens), or failed authentications from your address; retry after `Retry-After` seconds (see the `RateLimit` headers).',
  },
  idempotency_key_reused: {
    status: 422,
    type: 'idempotency_error',
    doc: 'This Idempotency-Key was used with a different request.',
  },
  unsupported_for_platform: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'A setting, targeting or value the platform cannot express; `param` names it.',
  },
  report_too_large: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The report has more rows than a report may have (`REPORT_MAX_ROWS`); `param` names `level` when a coarser level fits, else the range (`to`), and the message says what would fit: a coarser level, fewer days, `granularity=total` or fewer ad accounts.',
  },
  platform_validation_failed: {
    status: 400,
    type: 'invalid_request_error',
    doc: 'The platform refused the values with its own validation message; `param` names the field where the platform named one.',
  },
  no_platform_available: {
    status: 409,
    type: 'invalid_request_error',
    doc: 'No ad platform can be connected: none is configured on this deployment, or your company offers none.',
  },
  platform_rate_limited: {
    status: 429,
    type: 'platform_error',
    doc: 'The platform is throttling requests for this account; retry after `Retry-After` seconds.',
  },
  internal_error: {
    status: 500,
    type: 'api_error',
    doc: 'Something went wrong on our side; the request id identifies it in our logs.',
  },
  platform_error: {
    status: 502,
    type: 'platform_error',
    doc: 'The platform refused or failed the request; its message is included. The cache is unchanged.',
  },
  platform_timeout: {
    status: 504,
    type: 'platform_error',
    doc: 'The platform did not answer in time. The cache is unchanged; retrying is safe for reads.',
  },
  service_unavailable: {
    status: 503,
    type: 'api_error',
    doc: 'The store is unreachable; retry after `Retry-After` seconds. Nothing was written.',
  },
} as const satisfies Record<string, { status: number; type: string; doc: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface AppErrorOptions {
  param?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly type: string;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.type = ERROR_CODES[code].type;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

/** Raised by the store when Redis cannot answer; mapped to 503 so clients retry. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('store unavailable', { cause });
  }
}

export const RETRY_AFTER_SECONDS = 1;

/** 409 quota_exceeded: the company (or a customer's access tokens, their share) already holds `limit` of `what`. */
export const quotaExceeded = (what: string, limit: number, param?: string, spender?: Spender) =>
  new AppError(
    'quota_exceeded',
    spender?.customer === undefined
      ? `Your company already holds ${limit} ${what}, its quota.`
      : `The access tokens of customer ${spender.customer} already hold ${limit} ${what}, their share.`,
    param ? { param } : {},
  );

/** 404 customer_not_found: none of the company's customers has this id (another company's has none either). */
export const customerNotFound = (id: string, param = 'id') =>
  new AppError('customer_not_found', `No such customer: ${id}.`, { param });

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof StoreUnavailableError) {
    return new AppError('service_unavailable', 'The service is temporarily unavailable. Please retry.', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      cause: err,
    });
  }
  const bodyError = fromBodyParser(err);
  if (bodyError) return bodyError;
  // The router cannot decode a path parameter such as `%ZZ`: the client's URL is broken, not us.
  if (err instanceof URIError) {
    return new AppError('invalid_request', 'The URL contains malformed percent-encoding.', { param: 'path' });
  }
  return new AppError('internal_error', 'An unexpected error occurred.', { cause: err });
}

/**
 * What went wrong reading a body, as body-parser's error `type`; `body.undecodable` for a body whose
 * Content-Encoding (gzip, deflate, br) does not decompress: body-parser passes zlib's error on as a
 * bare 400 without a type. Undefined for anything that is not a body error.
 */
export function bodyErrorType(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { type, status, errno } = err as { type?: unknown; status?: unknown; errno?: unknown };
  if (typeof type === 'string') return type;
  return status === 400 && typeof errno === 'number' ? 'body.undecodable' : undefined;
}

function fromBodyParser(err: unknown): AppError | undefined {
  switch (bodyErrorType(err)) {
    case 'entity.parse.failed':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large': {
      const limit = (err as { limit?: unknown }).limit;
      const size = typeof limit === 'number' && limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : '100 kB';
      return new AppError('payload_too_large', `The request body is larger than ${size}.`);
    }
    case 'body.undecodable':
      return new AppError(
        'invalid_body',
        'The request body does not decompress as its Content-Encoding says.',
        {
          param: 'Content-Encoding',
        },
      );
    case 'encoding.unsupported':
      return new AppError(
        'unsupported_media_type',
        'The Content-Encoding is not supported: send the body as identity, gzip, deflate or br.',
        { param: 'Content-Encoding' },
      );
    case 'charset.unsupported':
      return new AppError('unsupported_media_type', 'The request body must be UTF-8 encoded.');
    case 'parameters.too.many':
      return new AppError('invalid_request', 'The request has too many parameters.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError('invalid_request', 'The request body could not be read.');
    default:
      return undefined;
  }
}

export function errorBody(err: AppError, requestId: string) {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.param === undefined ? {} : { param: err.param }),
      request_id: requestId,
    },
  };
}

/** The one error middleware for the JSON API. */
export function jsonErrorHandler(log: Logger): ErrorRequestHandler {
  return (raw, req, res, _next) => {
    const err = toAppError(raw);
    logFailure(log, err, req.id);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(err.status).set(err.headers).set('Cache-Control', 'no-store').json(errorBody(err, req.id));
  };
}

export function logFailure(log: Logger, err: AppError, requestId: string): void {
  if (err.status >= 500) {
    log.error({ err: err.cause ?? err, request_id: requestId, code: err.code }, 'request failed');
  } else if (err.status === 401) {
    log.info({ request_id: requestId, code: err.code }, 'authentication failed');
  } else if (err.status === 403) {
    log.info({ request_id: requestId, code: err.code, param: err.param }, 'access refused');
  }
}
