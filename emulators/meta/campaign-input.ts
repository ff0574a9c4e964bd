import {
  bool,
  budget,
  checkArchivedStatus,
  MIN_DAILY_BUDGET,
  name,
  oneOf,
  required,
  tooLow,
} from './checks.js';
import { invalidParam } from './graph-error.js';
import {
  BID_STRATEGIES,
  BUYING_TYPES,
  type Campaign,
  type ConfiguredStatus,
  OBJECTIVES,
  SPECIAL_AD_CATEGORIES,
} from './model.js';

const CREATE_STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED'];
const STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];
/** The Graph version from which a campaign without a campaign budget must say whether its ad sets share budgets. */
const BUDGET_SHARING_REQUIRED_FROM = 24;

type CampaignValues = Omit<Campaign, 'id' | 'account_id' | 'created_time' | 'updated_time'>;

/** `special_ad_categories`: a list of the SDK's values (empty, or NONE, when none applies). */
function specialAdCategories(value: unknown): string[] {
  const allowed: readonly string[] = SPECIAL_AD_CATEGORIES;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && allowed.includes(v))) {
    throw invalidParam(`Param special_ad_categories must be a list of {${SPECIAL_AD_CATEGORIES.join(', ')}}`);
  }
  if (value.includes('NONE') && value.length > 1) {
    throw invalidParam('Param special_ad_categories cannot list NONE with other categories');
  }
  return value as string[];
}

/** A campaign budget (Advantage campaign budget): at most one of daily and lifetime, at least the minimum. */
function campaignBudget(params: Record<string, unknown>, currency: string) {
  if (params.daily_budget !== undefined && params.lifetime_budget !== undefined) {
    throw invalidParam('Only one of daily_budget and lifetime_budget can be set on the campaign');
  }
  for (const param of ['daily_budget', 'lifetime_budget'] as const) {
    if (params[param] === undefined) continue;
    const amount = budget(param, params[param]);
    if (amount < MIN_DAILY_BUDGET) throw tooLow(param, MIN_DAILY_BUDGET, currency, 'campaign');
    return { [param]: amount } as Pick<Campaign, 'daily_budget' | 'lifetime_budget'>;
  }
  return undefined;
}

/**
 * The values of a new campaign, checked as `POST /act_{id}/campaigns` checks them: `name`,
 * `objective` (an ODAX value) and `special_ad_categories` are required; with a campaign budget the
 * bid strategy is the campaign's (default LOWEST_COST_WITHOUT_CAP); without one, from v24.0 on,
 * `is_adset_budget_sharing_enabled` must be said (true or false).
 */
export function newCampaign(
  params: Record<string, unknown>,
  version: number,
  currency: string,
): CampaignValues {
  const values = {
    name: name(required(params, 'name')),
    objective: oneOf('objective', required(params, 'objective'), OBJECTIVES),
    status: oneOf('status', params.status ?? 'ACTIVE', CREATE_STATUSES),
    special_ad_categories: specialAdCategories(required(params, 'special_ad_categories')),
    buying_type: oneOf('buying_type', params.buying_type ?? 'AUCTION', BUYING_TYPES),
  };
  const sharing =
    params.is_adset_budget_sharing_enabled === undefined
      ? undefined
      : bool('is_adset_budget_sharing_enabled', params.is_adset_budget_sharing_enabled);
  const money = campaignBudget(params, currency);
  if (money) {
    if (sharing) {
      throw invalidParam(
        'Param is_adset_budget_sharing_enabled cannot be true on a campaign with a campaign budget',
      );
    }
    const strategy = oneOf('bid_strategy', params.bid_strategy ?? BID_STRATEGIES[0], BID_STRATEGIES);
    return { ...values, ...money, bid_strategy: strategy };
  }
  if (params.bid_strategy !== undefined) {
    throw invalidParam(
      'Param bid_strategy can only be set on a campaign with a campaign budget: set it on the ad sets',
    );
  }
  if (sharing === undefined && version >= BUDGET_SHARING_REQUIRED_FROM) {
    throw invalidParam('Must specify True or False in is_adset_budget_sharing_enabled field', {
      userTitle: 'Ad Set Budget Sharing Not Specified',
      userMessage:
        'A campaign without a campaign budget must say whether its ad sets share budget (is_adset_budget_sharing_enabled).',
    });
  }
  return { ...values, ...(sharing === undefined ? {} : { is_adset_budget_sharing_enabled: sharing }) };
}

/**
 * The changes of `POST /{campaign_id}`: name, status, and the campaign budget of its own type. A
 * deleted campaign cannot change; an archived one can only be renamed or deleted.
 */
export function campaignChanges(
  params: Record<string, unknown>,
  current: Campaign,
  currency: string,
): Partial<Campaign> {
  if (current.status === 'DELETED') {
    throw invalidParam(`Campaign ${current.id} is deleted and cannot be edited`);
  }
  const changes: Partial<Campaign> = {};
  if (params.name !== undefined) changes.name = name(params.name);
  if (params.status !== undefined) {
    changes.status = oneOf('status', params.status, STATUSES);
    checkArchivedStatus(current.status, changes.status, 'Campaign');
  }
  const money = campaignBudget(params, currency);
  if (!money) return changes;
  const param = money.daily_budget === undefined ? 'lifetime_budget' : 'daily_budget';
  if (current.status === 'ARCHIVED') {
    throw invalidParam(`Param ${param} cannot change on an archived campaign: only name and status can`);
  }
  if (current[param] === undefined) {
    const held = current.daily_budget ?? current.lifetime_budget;
    throw invalidParam(
      held === undefined
        ? `Param ${param} cannot be set: the campaign's ad sets have their own budgets`
        : `Param ${param} cannot be set: the campaign keeps the budget type it was created with`,
    );
  }
  return { ...changes, ...money };
}
