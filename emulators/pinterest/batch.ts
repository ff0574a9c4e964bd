import type { z } from 'zod';
import { type BodyCheck, describeBodyIssues } from '../toolkit/body-schema.js';
import { badRequest } from './errors.js';

/** The size limits of the batch endpoints' arrays (ad groups and campaigns). */
export const MAX_BATCH = 30;

/** One item of a batch answer: the object, or why it was refused (HTTP 200 either way). */
export type Element = { data: unknown; exceptions: { code: number; message: string }[] };
export const refused = (message: string): Element => ({
  data: null,
  exceptions: [{ code: 400, message }],
});

/** The body of a batch write: a list of 1 to 30 items. */
export function batch(body: unknown, what: string): unknown[] {
  if (!Array.isArray(body) || body.length < 1 || body.length > MAX_BATCH) {
    throw badRequest(`Invalid request: the body must be a list of 1 to ${MAX_BATCH} ${what}.`);
  }
  return body;
}

/** A zod failure as Pinterest words it, naming the field. */
export const describeIssues = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');

/** One item against the OpenAPI's request schema, then the fields this emulator models; a string is why not. */
export function parseItem<T>(official: BodyCheck, schema: z.ZodType<T>, item: unknown): T | string {
  const issues = official(item);
  if (issues.length > 0) return describeBodyIssues(issues);
  const parsed = schema.safeParse(item);
  return parsed.success ? parsed.data : describeIssues(parsed.error);
}
