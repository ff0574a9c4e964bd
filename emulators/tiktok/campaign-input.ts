import { z } from 'zod';
import { STATUS_OPERATIONS } from './adgroup-input.js';

/**
 * The campaign bodies the emulator takes: the fields of the SDK's CampaignCreateBody,
 * CampaignUpdateBody and CampaignStatusUpdateBody it models. Any other field is refused — among them
 * `budget_mode` on an update: CampaignUpdateBody (1.1.3) has none, a campaign keeps its budget mode.
 */

const id = z.string().regex(/^\d{1,20}$/, 'Must be a numeric id string.');
const name = z
  .string()
  .min(1, 'Missing data for required field.')
  .max(512, 'Campaign name can be up to 512 characters.')
  .refine((s) => !/\p{Extended_Pictographic}/u.test(s), 'Campaign name cannot contain emoji.');

/** The objectives TikTok's targeting tools scope by (TargetingSearchBody), the v1.3 objective_type values. */
export const OBJECTIVE_TYPES = [
  'REACH',
  'TRAFFIC',
  'VIDEO_VIEWS',
  'LEAD_GENERATION',
  'ENGAGEMENT',
  'APP_PROMOTION',
  'WEB_CONVERSIONS',
  'PRODUCT_SALES',
] as const;
/** Campaign budget modes (TikTok's Budget page): no limit, a day's or a lifetime budget. */
export const CAMPAIGN_BUDGET_MODES = [
  'BUDGET_MODE_INFINITE',
  'BUDGET_MODE_DAY',
  'BUDGET_MODE_TOTAL',
] as const;
export const APP_PROMOTION_TYPES = ['APP_INSTALL', 'APP_RETARGETING', 'APP_PREREGISTRATION'] as const;

export const campaignCreateBody = z.strictObject({
  advertiser_id: id,
  campaign_name: name,
  objective_type: z.enum(OBJECTIVE_TYPES),
  app_promotion_type: z.enum(APP_PROMOTION_TYPES).optional(),
  budget_mode: z.enum(CAMPAIGN_BUDGET_MODES).default('BUDGET_MODE_INFINITE'),
  budget: z.number().positive('Budget must be greater than 0.').optional(),
  budget_optimize_on: z.boolean().optional(),
  /** Allowlist-only: without the allowlist TikTok ignores it (the emulated advertiser has none). */
  operation_status: z.enum(['ENABLE', 'DISABLE']).optional(),
  request_id: z.string().max(64).optional(),
});
export type CampaignCreateBody = z.infer<typeof campaignCreateBody>;

export const campaignUpdateBody = z.strictObject({
  advertiser_id: id,
  campaign_id: id,
  campaign_name: name.optional(),
  budget: z.number().positive('Budget must be greater than 0.').optional(),
});

export const campaignStatusUpdateBody = z.strictObject({
  advertiser_id: id,
  campaign_ids: z.array(id).min(1).max(20),
  operation_status: z.enum(STATUS_OPERATIONS),
});
