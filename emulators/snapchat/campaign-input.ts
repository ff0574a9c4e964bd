import { z } from 'zod';
import { invalid } from './envelope.js';
import { isoTime, parseObject } from './input.js';
import {
  type Campaign,
  GOALS_BY_OBJECTIVE_V2,
  MIN_CAMPAIGN_SPEND_CAP_MICRO,
  OBJECTIVES,
  type ObjectiveV2,
  STATUSES,
} from './model.js';

/**
 * The campaign objects `POST` and `PUT /v1/adaccounts/{id}/campaigns` take, as the Campaigns page's
 * attribute table describes them (https://developers.snap.com/api/marketing-api/Ads-API/campaigns):
 * `ad_account_id`, `name`, `status` and `start_time` are R, the rest O; an undocumented field is refused.
 * `measurement_spec` and `regulations` (needed only for app installs and special ad categories) and
 * reach-and-frequency buying ("coming soon") are not modelled, so they are refused too.
 */

const OBJECTIVE_V2_TYPES = Object.keys(GOALS_BY_OBJECTIVE_V2) as [ObjectiveV2, ...ObjectiveV2[]];
const spendCap = z
  .number()
  .int('must be an integer in micro-currency')
  .min(MIN_CAMPAIGN_SPEND_CAP_MICRO, `must be at least ${MIN_CAMPAIGN_SPEND_CAP_MICRO}`);

export const campaignSchema = z.strictObject({
  ad_account_id: z.string(),
  name: z.string().min(1, 'must not be empty').max(375, 'must be at most 375 characters'),
  status: z.enum(STATUSES),
  start_time: isoTime,
  end_time: isoTime.optional(),
  daily_budget_micro: spendCap.optional(),
  lifetime_spend_cap_micro: spendCap.optional(),
  objective: z.enum(OBJECTIVES).optional(),
  objective_v2_properties: z.strictObject({ objective_v2_type: z.enum(OBJECTIVE_V2_TYPES) }).optional(),
  buy_model: z.enum(['AUCTION']).optional(),
});

/** A full update is the campaign as read back: its id, and read-only fields that are ignored. */
export const campaignUpdateSchema = campaignSchema.extend({
  id: z.string(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  delivery_status: z.array(z.string()).optional(),
});

export type CampaignValues = Omit<Campaign, 'id' | 'created_at' | 'updated_at' | 'deleted'>;

/** Snap's rules that span fields; a campaign without an objective is a BRAND_AWARENESS one (the default). */
function checked(values: z.infer<typeof campaignSchema>, accountId: string): CampaignValues {
  const { buy_model: _auction, ...campaign } = values;
  if (campaign.ad_account_id !== accountId) {
    throw invalid('ad_account_id', 'must be the ad account of the request path');
  }
  if (campaign.objective !== undefined && campaign.objective_v2_properties !== undefined) {
    throw invalid('objective', 'cannot be set together with objective_v2_properties');
  }
  if (campaign.end_time !== undefined && Date.parse(campaign.end_time) <= Date.parse(campaign.start_time)) {
    throw invalid('end_time', 'must be after start_time');
  }
  const objective = campaign.objective_v2_properties
    ? {}
    : { objective: campaign.objective ?? 'BRAND_AWARENESS' };
  return { ...campaign, ...objective };
}

const sameObjective = (a: Partial<Campaign>, b: Partial<Campaign>) =>
  a.objective === b.objective &&
  a.objective_v2_properties?.objective_v2_type === b.objective_v2_properties?.objective_v2_type;

export function newCampaign(raw: unknown, accountId: string, now: Date): CampaignValues {
  const campaign = checked(parseObject(campaignSchema, raw, 'a campaign', 'campaign'), accountId);
  if (Date.parse(campaign.start_time) < now.getTime() - 60_000) {
    throw invalid('start_time', 'cannot be in the past');
  }
  return campaign;
}

/**
 * The values of a full update of `current`: its objective stays what it was created with, and a start
 * that moves cannot move into the past (one that stays may lie there).
 */
export function updatedCampaign(raw: unknown, current: Campaign, now: Date): CampaignValues {
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    delivery_status: _delivery,
    ...values
  } = parseObject(campaignUpdateSchema, raw, 'a campaign', 'campaign');
  const campaign = checked(values, current.ad_account_id);
  if (!sameObjective(campaign, current)) throw invalid('objective', 'cannot be changed');
  const moved = Date.parse(campaign.start_time) !== Date.parse(current.start_time);
  if (moved && Date.parse(campaign.start_time) < now.getTime() - 60_000) {
    throw invalid('start_time', 'cannot be in the past');
  }
  return campaign;
}
