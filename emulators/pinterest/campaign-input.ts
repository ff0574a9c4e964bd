import { z } from 'zod';
import { MIN_DAILY_BUDGET } from './ad-group-input.js';
import { id, micros, name, time } from './fields.js';
import { type AdAccount, type Campaign, ENTITY_STATUSES, OBJECTIVE_TYPES, unixNow } from './model.js';
import { scheduleError } from './schedule.js';

/**
 * The campaign bodies the emulator takes: the fields of CampaignCreateRequest and CampaignUpdateRequest
 * it models, with the OpenAPI's enums; any other field is refused by name.
 */
const caps = {
  daily_spend_cap: micros.optional(),
  lifetime_spend_cap: micros.optional(),
  start_time: time,
  end_time: time,
};

export const campaignCreateRequest = z.strictObject({
  ad_account_id: id,
  name,
  objective_type: z.enum(OBJECTIVE_TYPES),
  status: z.enum(ENTITY_STATUSES).default('ACTIVE'),
  is_campaign_budget_optimization: z.boolean().nullable().optional(),
  ...caps,
});
export type CampaignCreateRequest = z.infer<typeof campaignCreateRequest>;

export const campaignUpdateRequest = z.strictObject({
  id,
  ad_account_id: id,
  name: name.optional(),
  status: z.enum(ENTITY_STATUSES).optional(),
  objective_type: z.enum(OBJECTIVE_TYPES).nullable().optional(),
  ...caps,
});
export type CampaignUpdateRequest = z.infer<typeof campaignUpdateRequest>;

type Values = Omit<Campaign, 'id' | 'created_time' | 'updated_time' | 'type'>;

/**
 * The spend caps as the OpenAPI's descriptions of them say ("cannot be set at the same time",
 * "required for CBO campaigns"), each at least the emulator's 1 unit of the account currency.
 */
function capsError(values: Values, account: AdAccount): string | undefined {
  const { daily_spend_cap: daily, lifetime_spend_cap: lifetime } = values;
  if (daily !== null && lifetime !== null) {
    return 'daily_spend_cap and lifetime_spend_cap cannot be set at the same time.';
  }
  if (values.is_campaign_budget_optimization && daily === null && lifetime === null) {
    return 'daily_spend_cap or lifetime_spend_cap is required for campaign budget optimization (CBO) campaigns.';
  }
  for (const [field, cap] of [
    ['daily_spend_cap', daily],
    ['lifetime_spend_cap', lifetime],
  ] as const) {
    if (cap !== null && cap < MIN_DAILY_BUDGET) {
      return `${field} must be at least ${MIN_DAILY_BUDGET} (1 ${account.currency}).`;
    }
  }
  return undefined;
}

const accountError = (sent: string, account: AdAccount) =>
  sent === account.id ? undefined : `ad_account_id ${sent} is not the ad account of the path, ${account.id}.`;

/** The rules of `POST campaigns` beyond the shape; a string is the item's exception message. */
export function newCampaign(
  item: CampaignCreateRequest,
  account: AdAccount,
  now = unixNow(),
): Values | string {
  const wrongAccount = accountError(item.ad_account_id, account);
  if (wrongAccount) return wrongAccount;
  if (!['ACTIVE', 'PAUSED'].includes(item.status))
    return 'status of a new campaign must be ACTIVE or PAUSED.';
  const schedule = scheduleError(item, null, now);
  if (schedule) return schedule;
  const values: Values = {
    ad_account_id: account.id,
    name: item.name,
    status: item.status,
    objective_type: item.objective_type,
    is_campaign_budget_optimization: item.is_campaign_budget_optimization ?? false,
    daily_spend_cap: item.daily_spend_cap ?? null,
    lifetime_spend_cap: item.lifetime_spend_cap ?? null,
    start_time: item.start_time ?? null,
    end_time: item.end_time ?? null,
  };
  return capsError(values, account) ?? values;
}

/**
 * The rules of `PATCH campaigns`: the objective changes only on a draft (the ObjectiveType
 * description), an archived campaign stays archived, and the caps and schedule are checked as they
 * will be.
 */
export function campaignChanges(
  item: CampaignUpdateRequest,
  current: Campaign,
  account: AdAccount,
  now = unixNow(),
): Partial<Campaign> | string {
  const wrongAccount = accountError(item.ad_account_id, account);
  if (wrongAccount) return wrongAccount;
  if (current.status === 'DELETED_DRAFT') return `Campaign ${current.id} is deleted.`;
  if (current.status === 'ARCHIVED' && item.status !== undefined && item.status !== 'ARCHIVED') {
    return `Campaign ${current.id} is archived: archived campaigns cannot be reactivated or paused.`;
  }
  if (item.status === 'DRAFT' || item.status === 'DELETED_DRAFT') {
    return 'status can be updated to ACTIVE, PAUSED or ARCHIVED.';
  }
  const { id: _id, ad_account_id: _account, objective_type: objective, ...changes } = item;
  if (objective != null && objective !== current.objective_type && current.status !== 'DRAFT') {
    return 'objective_type can only be updated for draft campaigns.';
  }
  const schedule = scheduleError(item, current, now);
  if (schedule) return schedule;
  const after = { ...current, ...changes, ...(objective == null ? {} : { objective_type: objective }) };
  return capsError(after, account) ?? after;
}
