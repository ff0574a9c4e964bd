import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { hasBody, parseJsonBody, validateBody } from '../http/validate.js';
import { displayName } from '../names.js';
import { CHANNEL_KINDS } from '../platforms/catalog.js';
import {
  AD_SET_STATUSES,
  isBudget,
  type Setting,
  settingSchema,
  targetingChangeSchema,
  targetingSchema,
} from './model.js';

export const objectId = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

/**
 * `campaignId` is `parentId`'s other name (the API may rename the field): either may be given, both
 * only with one value. Issues name the field at fault; `required` says whether one must be given.
 */
export function oneCampaign(required: boolean) {
  return (
    value: { parentId?: string | undefined; campaignId?: string | undefined },
    ctx: z.RefinementCtx,
  ) => {
    const { parentId, campaignId } = value;
    if (parentId !== undefined && campaignId !== undefined && parentId !== campaignId) {
      ctx.addIssue({
        code: 'custom',
        message: 'must equal parentId (campaignId is another name for it); give one of them',
        path: ['campaignId'],
      });
    }
    if (required && parentId === undefined && campaignId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'is required (or campaignId)', path: ['parentId'] });
    }
  };
}

/** The create body's fields, as the API documents them (the OpenAPI document is built from these). */
export const newAdSetFields = z.strictObject({
  name: displayName,
  advertiser: objectId,
  parentId: objectId.optional().describe('The campaign. Required, unless `campaignId` is given.'),
  campaignId: objectId.optional().describe('Another name for `parentId`: give either, or both alike.'),
  channelKind: z.enum(CHANNEL_KINDS),
  settings: z.array(settingSchema).max(20, 'at most 20 settings'),
  targetings: z.array(targetingSchema).max(20, 'at most 20 targetings'),
  status: z.enum(AD_SET_STATUSES).default('Paused'),
});

export const newAdSetSchema = newAdSetFields
  .superRefine(oneCampaign(true))
  .transform(({ campaignId, parentId, ...rest }) => ({ ...rest, parentId: (parentId ?? campaignId)! }));

/** Budgets are one kind (an ad set has one budget); every other kind is its own. */
const settingGroup = (s: Setting) => (isBudget(s) ? 'budget' : s.kind);

/** A list in which no kind (or kind group) appears twice: each entry replaces the ad set's own. */
const eachKindOnce =
  <T extends { kind: string }>(group: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = group(item);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message:
            key === 'budget' ? 'one budget: DailyBudget or TotalBudget' : `${item.kind} is given twice`,
          path: [i],
        });
      }
      seen.add(key);
    });
    if (items.length === 0) ctx.addIssue({ code: 'custom', message: `give at least one ${what}` });
  };

export const adSetChangesSchema = z
  .strictObject({
    name: displayName.optional(),
    status: z.enum(AD_SET_STATUSES).optional(),
    settings: z
      .array(settingSchema)
      .max(20, 'at most 20 settings')
      .superRefine(eachKindOnce(settingGroup, 'setting'))
      .optional()
      .describe('The setting kinds to replace; kinds not sent stay as they are.'),
    targetings: z
      .array(targetingChangeSchema)
      .max(20, 'at most 20 targetings')
      .superRefine(eachKindOnce((t) => t.kind, 'targeting'))
      .optional()
      .describe('The targeting kinds to replace; an empty list removes all of its kind.'),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'give name, status, settings or targetings',
    path: ['name'],
  });

/** Fields sent as JSON-encoded lists when the body is a form, as the API's documented examples do. */
export const JSON_FIELDS = new Set(['settings', 'targetings']);

function fromFormFields(fields: Map<string, string[]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, values] of fields) {
    if (values.length > 1) {
      throw new AppError('parameter_repeated', `The parameter ${name} must be given once.`, { param: name });
    }
    const value = values[0]!;
    if (!JSON_FIELDS.has(name)) {
      body[name] = value;
      continue;
    }
    try {
      body[name] = JSON.parse(value);
    } catch {
      throw new AppError('invalid_request', `${name} must be a JSON-encoded list.`, { param: name });
    }
  }
  return body;
}

async function multipartFields(req: Request): Promise<Map<string, string[]>> {
  const raw = req.body;
  if (!Buffer.isBuffer(raw)) throw new AppError('invalid_request', 'The multipart body could not be read.');
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'Content-Type': req.get('content-type')! } }).formData();
  } catch {
    throw new AppError('invalid_request', 'The multipart body is malformed.');
  }
  const fields = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== 'string')
      throw new AppError('invalid_request', 'Files are not accepted.', { param: name });
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return fields;
}

/**
 * The request's parameters from JSON, a URL-encoded form or multipart/form-data, checked against the
 * schema. Form values are strings; `settings` and `targetings` arrive JSON-encoded.
 */
export async function parseAdSetBody<S extends z.ZodType>(schema: S, req: Request): Promise<z.infer<S>> {
  if (!hasBody(req) || req.is('application/json')) return parseJsonBody(schema, req);
  let fields: Map<string, string[]>;
  if (req.is('application/x-www-form-urlencoded')) {
    fields = new Map(
      Object.entries(req.body as Record<string, string | string[]>).map(([k, v]) => [k, [v].flat()]),
    );
  } else if (req.is('multipart/form-data')) {
    fields = await multipartFields(req);
  } else {
    throw new AppError(
      'unsupported_media_type',
      'Send JSON, application/x-www-form-urlencoded or multipart/form-data.',
      { param: 'Content-Type' },
    );
  }
  return validateBody(schema, fromFormFields(fields));
}
