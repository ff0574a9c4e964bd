import { z } from 'zod';
import { id, micros, name, time } from './fields.js';
import {
  type AdAccount,
  type AdGroup,
  BID_FLOORS,
  BID_STRATEGY_TYPES,
  BILLABLE_EVENTS,
  BILLABLE_EVENTS_BY_OBJECTIVE,
  BUDGET_TYPES,
  type BudgetType,
  type Campaign,
  ENTITY_STATUSES,
  unixNow,
} from './model.js';
import { BID_REQUIRED } from './official-schemas.js';
import { outsideCampaign, scheduleError } from './schedule.js';
import { targetingError } from './targeting.js';

/**
 * The ad group bodies the emulator takes: the fields of AdGroupCreateRequest and AdGroupUpdateRequest
 * it models, with the OpenAPI's enums. Any other field is refused, so adlink cannot rely on one the
 * emulator would silently ignore.
 */

/** The smallest budget, per day of the ad group's run (and the smallest campaign spend cap), in micro units of the account currency. */
export const MIN_DAILY_BUDGET = 1_000_000;
const DAY = 86_400;

const codes = z.array(z.string()).nullable();
const targetingSpec = z.strictObject({
  GEO: codes.optional(),
  LOCATION: codes.optional(),
  LOCALE: codes.optional(),
  GENDER: codes.optional(),
  AGE_BUCKET: codes.optional(),
  INTEREST: codes.optional(),
  AUDIENCE_INCLUDE: codes.optional(),
  AUDIENCE_EXCLUDE: codes.optional(),
});

export const adGroupCreateRequest = z.strictObject({
  name,
  campaign_id: id,
  status: z.enum(ENTITY_STATUSES).default('ACTIVE'),
  billable_event: z.enum(BILLABLE_EVENTS),
  budget_in_micro_currency: micros.optional(),
  budget_type: z.enum(BUDGET_TYPES).default('DAILY'),
  bid_in_micro_currency: micros.optional(),
  bid_strategy_type: z.enum(BID_STRATEGY_TYPES).nullable().optional(),
  start_time: time,
  end_time: time,
  targeting_spec: targetingSpec.optional(),
  auto_targeting_enabled: z.boolean().nullable().optional(),
});
export type AdGroupCreateRequest = z.infer<typeof adGroupCreateRequest>;

export const adGroupUpdateRequest = z.strictObject({
  id,
  name: name.optional(),
  status: z.enum(ENTITY_STATUSES).optional(),
  budget_in_micro_currency: micros.optional(),
  budget_type: z.enum(BUDGET_TYPES).optional(),
  start_time: time,
  end_time: time,
  targeting_spec: targetingSpec.optional(),
});
export type AdGroupUpdateRequest = z.infer<typeof adGroupUpdateRequest>;

/** The rules of `POST ad_groups` beyond the shape; a string is the item's exception message. */
export function newAdGroup(
  item: AdGroupCreateRequest,
  account: AdAccount,
  campaign: Campaign | undefined,
  audiences: ReadonlySet<string>,
  now = unixNow(),
): Omit<AdGroup, 'id' | 'created_time' | 'updated_time' | 'type'> | string {
  if (!campaign || campaign.ad_account_id !== account.id || campaign.status === 'DELETED_DRAFT') {
    return `campaign_id ${item.campaign_id} is not a campaign of ad account ${account.id}.`;
  }
  if (campaign.status === 'ARCHIVED') return `campaign_id ${campaign.id} is archived.`;
  if (!['ACTIVE', 'PAUSED'].includes(item.status))
    return 'status of a new ad group must be ACTIVE or PAUSED.';
  const events = BILLABLE_EVENTS_BY_OBJECTIVE[campaign.objective_type];
  if (!events.includes(item.billable_event)) {
    return `billable_event must be one of ${events.join(', ')} under a ${campaign.objective_type} campaign.`;
  }
  const bid = bidError(item, campaign);
  if (bid) return bid;
  const start = item.start_time ?? null;
  const end = item.end_time ?? null;
  const schedule =
    scheduleError(item, null, now) ?? outsideCampaign({ start_time: start, end_time: end }, campaign);
  if (schedule) return schedule;
  const budget = budgetError(
    { budget: item.budget_in_micro_currency ?? null, type: item.budget_type },
    account,
    campaign,
    start ?? now,
    end,
  );
  if (budget) return budget;
  const targeting = targetingError(item.targeting_spec, audiences);
  if (targeting) return targeting;
  return {
    ad_account_id: account.id,
    campaign_id: campaign.id,
    name: item.name,
    status: item.status,
    budget_in_micro_currency: item.budget_in_micro_currency ?? null,
    budget_type: campaign.is_campaign_budget_optimization ? 'CBO_ADGROUP' : item.budget_type,
    bid_in_micro_currency: item.bid_in_micro_currency ?? null,
    bid_strategy_type: item.bid_strategy_type ?? 'AUTOMATIC_BID',
    billable_event: item.billable_event,
    start_time: start,
    end_time: end,
    targeting_spec: item.targeting_spec ?? {},
    auto_targeting_enabled: item.auto_targeting_enabled ?? true,
  };
}

/** A bid where the OpenAPI requires one (automatic bidding included) or a bid strategy needs one, at the floor or above. */
function bidError(item: AdGroupCreateRequest, campaign: Campaign): string | undefined {
  const bid = item.bid_in_micro_currency ?? null;
  const pair = BID_REQUIRED.some(([o, e]) => o === campaign.objective_type && e === item.billable_event);
  if (bid === null && pair) {
    return `bid_in_micro_currency is required for ${campaign.objective_type}/${item.billable_event} ad groups.`;
  }
  const strategy = item.bid_strategy_type ?? 'AUTOMATIC_BID';
  if (bid === null && strategy !== 'AUTOMATIC_BID') {
    return `bid_in_micro_currency is required with bid_strategy_type ${strategy}.`;
  }
  const floor = BID_FLOORS[item.billable_event];
  return bid !== null && bid < floor
    ? `bid_in_micro_currency must be at least the bid floor, ${floor}, for ${item.billable_event}.`
    : undefined;
}

/** An ad group's budget, created or after an update, against its campaign and its run. */
function budgetError(
  { budget, type }: { budget: number | null; type: BudgetType },
  account: AdAccount,
  campaign: Campaign,
  start: number,
  end: number | null,
): string | undefined {
  if (campaign.is_campaign_budget_optimization) {
    return budget === null
      ? undefined
      : 'budget_in_micro_currency cannot be set on an ad group of a campaign budget optimization (CBO) campaign.';
  }
  if (type === 'CBO_ADGROUP') return 'budget_type CBO_ADGROUP is only for CBO campaigns.';
  if (budget === null) return 'budget_in_micro_currency is required for non-CBO campaigns.';
  if (type === 'DAILY') {
    return budget < MIN_DAILY_BUDGET
      ? `budget_in_micro_currency must be at least ${MIN_DAILY_BUDGET} (1 ${account.currency}) for a DAILY budget.`
      : undefined;
  }
  if (end === null) return 'end_time is required with budget_type LIFETIME.';
  const minimum = MIN_DAILY_BUDGET * Math.ceil((end - start) / DAY);
  return budget < minimum
    ? `budget_in_micro_currency must be at least ${minimum} (1 ${account.currency} per day of the run) for a LIFETIME budget.`
    : undefined;
}

/**
 * The rules of `PATCH ad_groups`: an archived ad group stays archived; drafts are not set by update; a
 * changed budget, type or schedule is checked as on create against the ad group as it will be (a moved
 * end must lie ahead, a moved start not in the past); a new targeting spec replaces the old one whole.
 */
export function adGroupChanges(
  item: AdGroupUpdateRequest,
  current: AdGroup,
  account: AdAccount,
  campaign: Campaign,
  audiences: ReadonlySet<string>,
  now = unixNow(),
): Partial<AdGroup> | string {
  if (current.status === 'DELETED_DRAFT') return `Ad group ${current.id} is deleted.`;
  if (current.status === 'ARCHIVED' && item.status !== undefined && item.status !== 'ARCHIVED') {
    return `Ad group ${current.id} is archived: archived ad groups cannot be reactivated or paused.`;
  }
  if (item.status === 'DRAFT' || item.status === 'DELETED_DRAFT') {
    return 'status can be updated to ACTIVE, PAUSED or ARCHIVED.';
  }
  const { id: _id, ...changes } = item;
  const after = { ...current, ...changes };
  const schedule = scheduleError(item, current, now) ?? outsideCampaign(after, campaign);
  if (schedule) return schedule;
  const budgetFields = ['budget_in_micro_currency', 'budget_type', 'start_time', 'end_time'] as const;
  if (budgetFields.some((field) => item[field] !== undefined)) {
    const budget = budgetError(
      { budget: after.budget_in_micro_currency, type: after.budget_type },
      account,
      campaign,
      after.start_time ?? current.created_time,
      after.end_time,
    );
    if (budget) return budget;
  }
  if (item.targeting_spec !== undefined) {
    const targeting = targetingError(item.targeting_spec, audiences);
    if (targeting) return targeting;
  }
  return changes;
}
