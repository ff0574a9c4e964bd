import type { NewAdSet } from '../../adsets/model.js';
import { totalBudgetEnd } from '../../adsets/total-budget.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';
import { metaOffset, toMetaAmount } from './currencies.js';
import type { ParamSource } from './errors.js';
import { META_STATUS, zipKey } from './mapping.js';

/**
 * What an ad set optimizes for under each campaign objective that needs nothing else. The others
 * (leads, sales, app promotion) need a promoted object (a page, pixel or app) adlink cannot name yet.
 */
const OPTIMIZATION_GOAL: Record<string, string> = {
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_TRAFFIC: 'LINK_CLICKS',
  OUTCOME_ENGAGEMENT: 'POST_ENGAGEMENT',
};

/**
 * The parameters of `POST /act_{id}/adsets` for a unified ad set, and where each came from (for
 * Meta's validation errors). What Meta cannot hold is refused by name before any call.
 */
export function toMetaAdSet(
  input: NewAdSet,
  account: AdAccount,
  objective: string | undefined,
  now: Date,
): { params: Record<string, string>; sources: ParamSource[] } {
  const goal = objective ? OPTIMIZATION_GOAL[objective] : undefined;
  if (!goal) {
    throw new PlatformInputError(
      'parentId',
      `Meta ad sets under a ${objective ?? 'campaign without an objective'} campaign need a promoted object (page, pixel or app), which adlink cannot set.`,
    );
  }
  const params: Record<string, string> = {
    name: input.name,
    campaign_id: input.parentId,
    status: META_STATUS[input.status as keyof typeof META_STATUS],
    billing_event: 'IMPRESSIONS',
    optimization_goal: goal,
  };
  const sources: ParamSource[] = [];

  const budgets = input.settings.flatMap((s, i) => (s.kind === 'Objective' ? [] : [{ s, i }]));
  if (budgets.length > 1) {
    throw new PlatformInputError('settings', 'A Meta ad set has one budget: a DailyBudget or a TotalBudget.');
  }
  for (const { s, i } of budgets) {
    if (s.currency !== account.currency) {
      throw new PlatformInputError(
        `settings[${i}].currency`,
        `Budgets of ad account ${account.id} are in ${account.currency}.`,
      );
    }
    if (metaOffset(s.currency) === undefined) {
      throw new PlatformInputError(`settings[${i}].currency`, `Meta ad accounts do not use ${s.currency}.`);
    }
    const amount = toMetaAmount(s.budget, s.currency);
    if (amount === undefined) {
      throw new PlatformInputError(
        `settings[${i}].budget`,
        `Meta budgets in ${s.currency} have fewer decimals.`,
      );
    }
    const name = s.kind === 'DailyBudget' ? 'daily_budget' : 'lifetime_budget';
    params[name] = String(amount);
    if (s.kind === 'TotalBudget') {
      params.end_time = totalBudgetEnd(now).toISOString();
      sources.push(['end_time', `settings[${i}]`]);
    }
    sources.push([name, `settings[${i}].budget`], ['budget', `settings[${i}].budget`]);
  }

  const zips = input.targetings.flatMap((t, i) =>
    t.kind === 'GeoTargeting'
      ? t.zipcodes.map(({ country, zipcode }) => ({ key: zipKey(country, zipcode), i }))
      : [],
  );
  if (zips.length === 0) {
    throw new PlatformInputError('targetings', 'Meta ad sets need a location: add a ZipcodeGeoTargeting.');
  }
  params.targeting = JSON.stringify({ geo_locations: { zips: zips.map(({ key }) => ({ key })) } });
  const geo = input.targetings.findIndex((t) => t.kind === 'GeoTargeting');
  sources.push(
    ['zips?', `targetings[${geo}].zipcodes`],
    ['name', 'name'],
    ['geo_locations', `targetings[${geo}]`],
    ['locations?', `targetings[${geo}]`],
    ['targeting', 'targetings'],
  );
  return { params, sources };
}
