import type { Request } from 'express';
import { z } from 'zod';
import { isPlatformId, type PlatformId } from '../domain/platform-ids.js';
import { assertSafeKeys, parseQuery } from '../http/validate.js';
import type { LinkParams } from './flow.js';
import { FlowPage } from './flow-page.js';

/** What the hosted pages accept: links, forms and the platforms' redirects; anything else is a page, never an API error. */

const linkSchema = z.strictObject({
  customer: z.string().min(1).max(100),
  token: z.string().min(1).max(4096),
  redirect_uri: z.string().min(1).max(2000).optional(),
  locale: z.string().max(35).optional(),
});

export const overviewSchema = z.strictObject({ connected: z.string().max(40).optional() });

/** The Start and Finish forms: the flow's own token (see ConnectFlow.checkForm). */
export const flowFormSchema = z.strictObject({ flow: z.string().max(100).optional() });

/** The most ad accounts one "Choose ad accounts" form may send back (an agency may reach hundreds). */
export const MAX_CHOSEN = 2000;
const accountId = z.string().min(1).max(200);
export const chooseFormSchema = z.strictObject({
  flow: z.string().max(100).optional(),
  account: z.union([accountId.transform((id) => [id]), z.array(accountId).max(MAX_CHOSEN)]).default([]),
});

/** From this many ad accounts on, the choice has a filter field. */
export const FILTER_FROM = 8;

const codeSchema = z.string().min(1).max(4096).optional();
const callbackSchema = z.strictObject({
  code: codeSchema,
  state: z.string().min(1).max(512).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  error_uri: z.string().max(2000).optional(),
  error_reason: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

export type CallbackSchema = z.ZodType<z.infer<typeof callbackSchema>>;

/** The callback's parameters, with those the platform documents adding and those that carry its code. */
export const callbackSchemaWith = (codeParams: string[], callbackParams: string[]): CallbackSchema =>
  callbackSchema.extend({
    ...Object.fromEntries(callbackParams.map((name) => [name, z.string().max(2000).optional()])),
    ...Object.fromEntries(codeParams.map((name) => [name, codeSchema])),
  });

/** A link whose query is malformed is an invalid link, not an API error. */
export function linkFrom(source: Record<string, unknown>): LinkParams {
  const result = linkSchema.safeParse(source);
  if (!result.success) throw new FlowPage('link_invalid', 400);
  return result.data;
}

export function parseQueryOrInvalid(req: Request): Record<string, unknown> {
  try {
    return parseQuery(z.record(z.string(), z.string()), req);
  } catch {
    throw new FlowPage('link_invalid', 400);
  }
}

export function formBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (!req.is('application/x-www-form-urlencoded') && req.headers['content-length'] !== '0') {
    throw new FlowPage('link_invalid', 400);
  }
  assertSafeKeys(body);
  return body as Record<string, unknown>;
}

export function platformParam(value: unknown): PlatformId {
  if (typeof value !== 'string' || !isPlatformId(value)) throw new FlowPage('platform_unavailable', 404);
  return value;
}
