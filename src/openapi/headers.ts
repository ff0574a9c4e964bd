import { KEY_FORMAT } from '../http/idempotency.js';
import { CLIENT_REQUEST_ID } from '../http/request.js';

/**
 * The headers adlink writes besides the body, as components of the OpenAPI document: `required` ones
 * are on every answer that refers to them.
 */
export const HEADERS = {
  'X-Request-Id': {
    required: true,
    description:
      'Identifies this request in adlink’s logs: the `X-Request-Id` you sent when it is 8–128 characters of `A-Za-z0-9._:-`, else one adlink made.',
    schema: { type: 'string' },
    example: 'req_4bq1Cw0zTj2mW8pXkq3VJA',
  },
  RateLimit: {
    required: true,
    description:
      'What is left of the budget this request counted against this window (draft-ietf-httpapi-ratelimit-headers): `r` requests remaining, `t` seconds until the window resets. `"api"` is your company’s (company tokens), `"customer"` the customer’s own (its access tokens, all together).',
    schema: { type: 'string' },
    example: '"api";r=1199;t=60',
  },
  'RateLimit-Policy': {
    required: true,
    description:
      'The budget this request counted against: `q` requests per `w` seconds. `"api"`: your company’s, with a company token (`API_RATE_LIMIT`); `"customer"`: the customer’s own, with its access tokens, apart from the company’s (`ACCESS_TOKEN_RATE_LIMIT`).',
    schema: { type: 'string' },
    example: '"api";q=1200;w=60',
  },
  'Retry-After': {
    required: true,
    description: 'Seconds to wait before retrying.',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: '1',
  },
  Link: {
    description: 'On a CSV page that has a next one: its URL, as `<…>; rel="next"` (RFC 8288).',
    schema: { type: 'string' },
    example: '</reports?level=adset&from=2026-11-01&to=2026-11-07&cursor=eyJhZnRlciI6…>; rel="next"',
  },
  'Idempotent-Replayed': {
    description: 'Present when this is the saved answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
    example: 'true',
  },
  'WWW-Authenticate': {
    required: true,
    description: 'The Bearer challenge; `error="invalid_token"` when a token was sent.',
    schema: { type: 'string' },
    example: 'Bearer realm="adlink", error="invalid_token"',
  },
} as const;

export type HeaderName = keyof typeof HEADERS;

export const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** Request headers taken as parameters. */
export const PARAMETERS = {
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Your own id for this request (8–128 characters of `A-Za-z0-9._:-`); echoed back.',
    schema: { type: 'string', pattern: CLIENT_REQUEST_ID.source },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Retrying with the same key and the same request within 24 hours replays the first answer (with `Idempotent-Replayed: true`) instead of acting twice. The same key with another request is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are the company token’s, or an access token’s customer’s: neither sees the other’s. Only an answer that went through (2xx) is kept: a refused request (4xx) or one failed on our side (5xx) saves nothing.',
    schema: { type: 'string', pattern: KEY_FORMAT.source },
    example: 'signup-4711',
  },
} as const;

export const parameterRef = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });
