import type { Request } from 'express';
import { z } from 'zod';
import { hasBody } from '../../http/validate.js';
import { ApiError } from '../errors.js';
import { firstIssue, singleValued } from '../params.js';
import { decodeCursor, ROW_KEY } from './cursor.js';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { param, message } = firstIssue(result.error, input);
  throw new ApiError(400, 'invalid_request', message, param);
}

/** Query parameters: each at most once, none unknown. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const params = singleValued(req.query);
  if ('repeated' in params) {
    const param = params.repeated;
    throw new ApiError(400, 'invalid_request', `The query parameter ${param} must be given once.`, param);
  }
  return parse(schema, params.values);
}

/** A JSON object body; an absent body reads as `{}`. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  if (hasBody(req) && !req.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_request', 'The body must be a JSON object.');
  }
  return parse(schema, body);
}

export const noQuery = z.strictObject({});

const limit = z
  .string()
  .regex(/^\d{1,4}$/, 'must be an integer')
  .transform(Number)
  .pipe(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100'))
  .default(25);

const cursorOf = (format?: RegExp) =>
  z
    .string()
    .transform((cursor, ctx) => {
      const member = decodeCursor(cursor, format);
      if (member === null) {
        ctx.addIssue({ code: 'custom', message: 'is not a cursor this API returned' });
        return z.NEVER;
      }
      return member;
    })
    .optional();

const after = cursorOf();

/** `GET /reports/:id`: the page after `after` (a report's `paging.next`). */
export const reportRunQuery = z.strictObject({ after: cursorOf(ROW_KEY) });

export const campaignsQuery = z.strictObject({ limit, after });

const expand = z.literal('ads', { error: 'only ads can be expanded' }).optional();

export const adsetsQuery = z.strictObject({
  limit,
  after,
  status: z
    .enum(['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'], {
      error: 'must be ACTIVE, PAUSED, ARCHIVED or DELETED; without it, every ad set but the deleted ones',
    })
    .optional(),
  expand,
});

export const adsetQuery = z.strictObject({ expand });
