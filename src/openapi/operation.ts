import type { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { errorResponses } from './errors.js';
import { type HeaderName, headerRef, parameterRef } from './headers.js';
import { type JsonSchema, refTo, requestSchema } from './json-schema.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Answer {
  description: string;
  /** A shape registered in resources.ts. */
  schema: z.ZodType;
  example: unknown;
  headers?: HeaderName[];
  /** The same answer as CSV (`Accept: text/csv`), with this example. */
  csv?: string;
}

export interface BodyVariant {
  schema: z.ZodType;
  example: unknown;
}

export interface Operation {
  method: Method;
  /** As Express writes it: `/customers/:id`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** No company token needed. */
  public?: true;
  /**
   * An access token may call this for its own customer, with this scope (`read`: any); without it,
   * only the company token may.
   */
  access?: 'read' | 'write';
  /** Path parameters, keyed like the path's `:names`. */
  pathParams?: z.ZodObject;
  /** The query schema the handler validates with. */
  query?: z.ZodObject;
  /** A description of every path and query parameter. */
  params?: Record<string, string>;
  body?: { required: boolean; description: string; content: Record<string, BodyVariant> };
  idempotent?: true;
  responses: Record<number, Answer>;
  /** The error codes particular to this operation; those all (or all vendor) endpoints share are added. */
  errors?: ErrorCode[];
  /** Why AI agents are not offered this operation as a tool (src/mcp/tools.ts), where its tag would be. */
  noTool?: string;
}

/** Every endpoint checks its query: none unknown (`__proto__` is invalid), each at most once. */
const QUERY_ERRORS: ErrorCode[] = ['unknown_parameter', 'parameter_repeated', 'invalid_request'];
const VENDOR_ERRORS: ErrorCode[] = [
  'missing_token',
  'invalid_token',
  'rate_limited',
  'internal_error',
  'service_unavailable',
];
const BODY_ERRORS: ErrorCode[] = [
  'invalid_request',
  'invalid_json',
  'invalid_body',
  'payload_too_large',
  'unsupported_media_type',
];

export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined, op: Operation) {
  if (!schema) return [];
  const { properties = {}, required = [] } = requestSchema(schema) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description: _own, ...rest }]) => {
    const description = op.params?.[name];
    if (description === undefined) throw new Error(`${op.operationId}: describe the parameter "${name}".`);
    return {
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      description,
      schema: rest,
    };
  });
}

function answer(op: Operation, status: number, { description, schema, example, headers = [], csv }: Answer) {
  const names: HeaderName[] = ['X-Request-Id', ...headers];
  if (!op.public) names.push('RateLimit', 'RateLimit-Policy');
  if (op.idempotent && status < 300) names.push('Idempotent-Replayed');
  return {
    description,
    headers: Object.fromEntries(names.map((n) => [n, headerRef(n)])),
    content: {
      'application/json': { schema: refTo(schema), example },
      ...(csv === undefined ? {} : { 'text/csv': { schema: { type: 'string' }, example: csv } }),
    },
  };
}

/** What an access token is refused with on an operation, by what the operation lets it do. */
const accessErrors = (op: Operation): ErrorCode[] =>
  op.access === undefined
    ? ['company_token_required']
    : op.access === 'read'
      ? ['customer_not_allowed']
      : ['customer_not_allowed', 'insufficient_scope'];

const ACCESS_NOTES = {
  read: 'An access token may call this for its own customer (either scope).',
  write: 'An access token with the `write` scope may call this for its own customer.',
};

/** The operation's description, with what an access token may do with it. */
export const operationDescription = (op: Operation): string =>
  [op.description, op.access && ACCESS_NOTES[op.access]].filter(Boolean).join('\n\n');

/** The error codes an operation may answer with. */
export const operationErrors = (op: Operation): ErrorCode[] => [
  ...QUERY_ERRORS,
  ...(op.public ? [] : [...VENDOR_ERRORS, ...accessErrors(op)]),
  ...(op.body ? BODY_ERRORS : []),
  ...(op.errors ?? []),
];

/** One operation object of the document, with the parameters, headers and errors every endpoint shares. */
export function operationObject(op: Operation): Record<string, unknown> {
  const declared = Object.keys(op.pathParams?.shape ?? {});
  if (declared.join() !== pathNames(op.path).join()) {
    throw new Error(`${op.operationId}: pathParams must name ${pathNames(op.path).join(', ') || 'nothing'}.`);
  }
  const description = operationDescription(op);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(description ? { description } : {}),
    ...(op.public
      ? { security: [] }
      : op.access
        ? { security: [{ companyToken: [] }, { accessToken: [] }] }
        : {}),
    parameters: [
      ...parameters('path', op.pathParams, op),
      ...parameters('query', op.query, op),
      parameterRef('RequestId'),
      ...(op.idempotent ? [parameterRef('IdempotencyKey')] : []),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required,
            description: op.body.description,
            content: Object.fromEntries(
              Object.entries(op.body.content).map(([type, { schema, example }]) => [
                type,
                { schema: requestSchema(schema), example },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(Object.entries(op.responses).map(([s, a]) => [s, answer(op, Number(s), a)])),
      ...errorResponses(operationErrors(op)),
    },
  };
}
