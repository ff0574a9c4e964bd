import { z } from 'zod';
import { eachKindOnce, objectId, settingChanges, settingGroup } from '../adsets/input.js';
import { AD_SET_STATUSES, settingSchema } from '../adsets/model.js';
import { CHANNEL_KINDS } from '../domain/channel-kinds.js';
import { displayName } from '../names.js';

/** The create body's fields, as the API documents them (the OpenAPI document is built from these). */
export const newCampaignSchema = z.strictObject({
  name: displayName,
  advertiser: objectId,
  objective: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe(
      'One of the platform’s objective values (docs/ad-sets-and-campaigns.md: objectives per platform).',
    ),
  channelKind: z
    .enum(CHANNEL_KINDS)
    .optional()
    .describe('Where the platform’s campaigns choose a channel; required there.'),
  status: z.enum(AD_SET_STATUSES).default('Paused'),
  settings: z
    .array(settingSchema)
    .max(20, 'at most 20 settings')
    .superRefine((items, ctx) => {
      // An empty list is a campaign without budget or runtime: allowed on create.
      if (items.length > 0) eachKindOnce(settingGroup, 'setting')(items, ctx);
    })
    .default([])
    .describe('Budget and Runtime, where the platform keeps them on the campaign.'),
});

export const campaignChangesSchema = z
  .strictObject({
    name: displayName.optional(),
    status: z.enum(AD_SET_STATUSES).optional(),
    settings: settingChanges,
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'give name, status or settings',
    path: ['name'],
  });
