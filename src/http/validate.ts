import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Rejects prototype-polluting keys anywhere in a parsed body. */
export function assertSafeKeys(value: unknown, path: string[] = []): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      assertSafeKeys(item, [...path, String(i)]);
    });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) {
      throw new AppError('invalid_request', `The key "${key}" is not allowed.`, {
        param: [...path, key].join('.'),
      });
    }
    assertSafeKeys((value as Record<string, unknown>)[key], [...path, key]);
  }
}

/** `settings[0].currency`: the way params are named in errors. */
export const paramPath = (path: readonly PropertyKey[]): string =>
  path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');

export function fromZod(error: z.ZodError, where: 'body' | 'query'): AppError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = paramPath([...issue.path, issue.keys[0]!]);
    const named = key === '' ? 'A parameter with an empty name is not known.' : `Unknown parameter: ${key}.`;
    return new AppError('unknown_parameter', named, { param: key });
  }
  const param = paramPath(issue.path);
  const message =
    issue.code === 'invalid_type' && issue.input === undefined
      ? `Missing required parameter: ${param}.`
      : `Invalid ${param || where}: ${issue.message}.`;
  return new AppError('invalid_request', message, param ? { param } : {});
}

export function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A JSON body checked against a strict schema; an absent body reads as `{}`. */
export function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  if (hasBody(req) && !req.is('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'The request body must be JSON (Content-Type: application/json).',
      {
        param: 'Content-Type',
      },
    );
  }
  return validateBody(schema, req.body ?? {});
}

/** A parsed body (JSON or form fields) checked against a strict schema. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('invalid_request', 'The request body must be a JSON object.');
  }
  assertSafeKeys(body);
  const result = schema.safeParse(body);
  if (!result.success) throw fromZod(result.error, 'body');
  return result.data;
}

/** The query of an endpoint that takes no parameters: any is 400 `unknown_parameter`. */
export const noQuery = z.strictObject({});

/** Query parameters: each at most once, none unknown, then the schema. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const query = req.query as Record<string, unknown>;
  let empty = true;
  for (const key in query) {
    empty = false;
    if (typeof query[key] !== 'string') {
      throw new AppError('parameter_repeated', `The query parameter ${key} must be given once.`, {
        param: key,
      });
    }
  }
  if (empty) return emptyQuery(schema);
  assertSafeKeys(query);
  return checkedQuery(schema, query);
}

function checkedQuery<S extends z.ZodType>(schema: S, query: object): z.infer<S> {
  const result = schema.safeParse(query);
  if (!result.success) throw fromZod(result.error, 'query');
  return result.data;
}

/** A schema's answer to no query at all, kept when it holds plain values only (each caller gets a copy). */
const emptyQueries = new WeakMap<z.ZodType, Record<string, unknown>>();

function emptyQuery<S extends z.ZodType>(schema: S): z.infer<S> {
  const kept = emptyQueries.get(schema);
  if (kept) return { ...kept } as z.infer<S>;
  const parsed = checkedQuery(schema, {});
  const plain =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.values(parsed).every((value) => value === null || typeof value !== 'object');
  if (plain) emptyQueries.set(schema, { ...(parsed as Record<string, unknown>) });
  return parsed;
}

/** An integer query parameter in [min, max], `fallback` when absent. */
export const integerParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback);

/** Without it, a company token acts for the company's own ad accounts and an access token for its own customer. */
export const customer = z.string().min(1, 'is required').max(100).optional();

export const boolean = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true')
  .default(false);
