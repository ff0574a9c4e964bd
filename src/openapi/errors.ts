import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { type HeaderName, headerRef } from './headers.js';
import { refTo } from './json-schema.js';
import { resources } from './resources.js';

const CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
const typesOf = (codes: ErrorCode[]) => [...new Set(codes.map((c) => ERROR_CODES[c].type))];

export const ApiError = z.strictObject({
  error: z.strictObject({
    type: z.enum(typesOf(CODES) as [string, ...string[]]),
    code: z.enum(CODES).describe('Match on this; the closed list is in the API description.'),
    message: z.string().describe('For people; exposed only below 500.'),
    param: z
      .string()
      .optional()
      .describe('The field, query parameter or header at fault, when there is one.'),
    request_id: z.string(),
  }),
});
resources.add(ApiError, { id: 'Error', description: 'Every error has this shape.' });

/** The codes answered with Retry-After, besides every 429 and 503. */
const RETRY_AFTER: ErrorCode[] = ['idempotency_key_in_use'];

function headersOf(status: number, codes: ErrorCode[]): HeaderName[] {
  const names: HeaderName[] = [];
  if (status === 429 || status === 503 || codes.some((c) => RETRY_AFTER.includes(c)))
    names.push('Retry-After');
  if (status === 401) names.push('WWW-Authenticate');
  return names;
}

/** One example answer per code, as `components/examples`. */
export const errorExamples = (codes: Iterable<ErrorCode>) =>
  Object.fromEntries(
    [...new Set(codes)].map((code) => [
      code,
      {
        summary: code,
        value: {
          error: {
            type: ERROR_CODES[code].type,
            code,
            message: ERROR_CODES[code].doc.replaceAll('`', ''),
            request_id: 'req_4bq1Cw0zTj2mW8pXkq3VJA',
          },
        },
      },
    ]),
  );

/**
 * `Error`, narrowed to the codes one response may carry. The narrowing names only the fields it
 * narrows and says that it leaves the others to `Error` (`unevaluatedProperties: true`): Redocly's
 * example check reads a schema that does not say so as closed, refusing `message` and `request_id`.
 */
const errorOf = (codes: ErrorCode[]) => ({
  ...refTo(ApiError),
  properties: {
    error: {
      properties: { type: { enum: typesOf(codes) }, code: { enum: codes } },
      unevaluatedProperties: true,
    },
  },
});

/** One response per status, naming the codes it may carry (each with an example). */
export function errorResponses(codes: Iterable<ErrorCode>): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((c) => `\`${c}\`: ${ERROR_CODES[c].doc}`).join('\n\n'),
          headers: Object.fromEntries(
            ['X-Request-Id' as const, ...headersOf(status, list)].map((n) => [n, headerRef(n)]),
          ),
          content: {
            'application/json': {
              schema: errorOf(list),
              examples: Object.fromEntries(list.map((c) => [c, { $ref: `#/components/examples/${c}` }])),
            },
          },
        },
      ]),
  );
}

/** The closed list as a markdown table, for the document's description. */
export const errorTable = (): string =>
  [
    '| code | status | type | meaning |',
    '|---|---|---|---|',
    ...CODES.map(
      (c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_CODES[c].type} | ${ERROR_CODES[c].doc} |`,
    ),
  ].join('\n');
