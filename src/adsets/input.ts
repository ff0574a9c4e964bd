import { z } from 'zod';
import { CHANNEL_KINDS } from '../domain/channel-kinds.js';
import { displayName } from '../names.js';
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
export const settingGroup = (s: Setting) => (isBudget(s) ? 'budget' : s.kind);

/** A list in which no kind (or kind group) appears twice: each entry replaces the resource's own. */
export const eachKindOnce =
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

/** The settings of an update (ad set or campaign): each kind sent replaces that kind. */
export const settingChanges = z
  .array(settingSchema)
  .max(20, 'at most 20 settings')
  .superRefine(eachKindOnce(settingGroup, 'setting'))
  .optional()
  .describe('The setting kinds to replace; kinds not sent stay as they are.');

export const adSetChangesSchema = z
  .strictObject({
    name: displayName.optional(),
    status: z.enum(AD_SET_STATUSES).optional(),
    settings: settingChanges,
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
