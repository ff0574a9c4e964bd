import { z } from 'zod';
import { settingSchema, targetingSchema } from '../../adsets/model.js';
import { CHANNEL_KINDS } from '../../domain/channel-kinds.js';
import { AdAccount } from './connections.js';
import { Ad } from './creatives.js';
import { listOf, platformId, register, status } from './registry.js';

/** Ad sets and campaigns. */
export const Setting = register('Setting', settingSchema);
export const Targeting = register('Targeting', targetingSchema);

export const AdSet = register(
  'AdSet',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    platform: platformId,
    status,
    advertiser: z.string(),
    parentId: z.string().describe('The campaign.'),
    campaignId: z.string().describe('The campaign again: `parentId` under the name it may take.'),
    channelKind: z.enum(CHANNEL_KINDS),
    settings: z.array(Setting),
    ads: z.array(Ad).optional().describe('With `childResources=Ad`, and always in lists.'),
    targetings: z
      .array(Targeting)
      .optional()
      .describe('With `childResources=Targeting`, and always in lists.'),
  }),
  'An ad set in the unified model, whatever the platform calls it.',
);

export const AdSetList = register('AdSetList', listOf(AdSet));

export const AdSetDeletion = register(
  'AdSetDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(AdSet).length(1) }),
);

export const AdvertiserList = register(
  'AdvertiserList',
  z.strictObject({ has_more: z.literal(false), data: z.array(AdAccount) }),
);

export const CampaignSetting = register(
  'CampaignSetting',
  z.union([
    Setting,
    z.strictObject({
      kind: z.enum(['DailyBudget', 'TotalBudget']),
      budget: z.number(),
      currency: z.string(),
      shared: z
        .literal(true)
        .describe(
          'The budget is shared by other campaigns: read-only through adlink (change it at the platform).',
        ),
    }),
  ]),
  'A campaign setting; a budget shared by several campaigns says `shared: true`.',
);

export const Campaign = register(
  'Campaign',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    platform: platformId,
    status,
    advertiser: z.string(),
    objective: z.string().nullable(),
    channelKind: z.enum(CHANNEL_KINDS).nullable(),
    settings: z
      .array(CampaignSetting)
      .describe('Budget and Runtime, where the platform keeps them on the campaign.'),
  }),
  'A campaign in the unified model, whatever the platform calls it.',
);

export const CampaignPage = register('CampaignPage', listOf(Campaign));

export const CampaignDeletion = register(
  'CampaignDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(Campaign).length(1) }),
);

export const CampaignList = register(
  'CampaignList',
  listOf(Campaign).extend({
    unavailable: z
      .array(z.strictObject({ platform: platformId, code: z.string(), message: z.string() }))
      .optional()
      .describe('Platforms that could not be read this time; the others are listed.'),
  }),
);
