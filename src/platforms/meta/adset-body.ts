import { findRuntime } from '../../adsets/instants.js';
import { type Budget, isBudget, type NewAdSet } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { accountCurrency } from '../budget-units.js';
import { audienceSources, withAudiences } from './adset-audiences.js';
import { metaOffset, toMetaAmount } from './currencies.js';
import type { ParamSource } from './errors.js';
import { hasCampaignBudget, META_STATUS, zipKey } from './mapping.js';
import type { GraphBudgets } from './model.js';

/** What an ad set's create or budget change reads of its campaign. */
export type ParentCampaign = { objective?: string } & GraphBudgets;

/**
 * What an ad set optimizes for under each campaign objective that needs nothing else. The others
 * (leads, sales, app promotion) need a promoted object (a page, pixel or app) adlink cannot name yet.
 */
const OPTIMIZATION_GOAL: Record<string, string> = {
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_TRAFFIC: 'LINK_CLICKS',
  OUTCOME_ENGAGEMENT: 'POST_ENGAGEMENT',
};

/** An instant as Meta takes it: `2026-05-01T08:00:00+0000` (Meta answers in the account's time zone). */
export const metaTime = (instant: string): string => `${new Date(instant).toISOString().slice(0, 19)}+0000`;

/** A budget setting as Meta's `daily_budget` or `lifetime_budget`, in the account currency's offset units. */
export function metaBudget(s: Budget, i: number, account: AdAccount): [name: string, amount: string] {
  accountCurrency(s, `settings[${i}]`, account);
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
  return [s.kind === 'DailyBudget' ? 'daily_budget' : 'lifetime_budget', String(amount)];
}

/**
 * An ad set budget under a campaign with a campaign budget (Advantage campaign budget), which Meta
 * refuses (subcode 1885621): refused by name before any call.
 */
export function checkAdSetBudget(campaign: GraphBudgets | undefined, i: number): void {
  if (hasCampaignBudget(campaign)) {
    throw new PlatformInputError(
      `settings[${i}]`,
      "The Meta campaign has a campaign budget (Advantage campaign budget), which its ad sets share: they have no budget of their own. Change the campaign's budget instead.",
    );
  }
}

/**
 * The parameters of `POST /act_{id}/adsets` for a unified ad set, and where each came from (for
 * Meta's validation errors). What Meta cannot hold is refused by name before any call.
 */
export function toMetaAdSet(
  input: NewAdSet,
  account: AdAccount,
  campaign: ParentCampaign,
): { params: Record<string, string>; sources: ParamSource[] } {
  const { objective } = campaign;
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

  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length > 1) {
    throw new PlatformInputError('settings', 'A Meta ad set has one budget: a DailyBudget or a TotalBudget.');
  }
  for (const { s, i } of budgets) {
    checkAdSetBudget(campaign, i);
    const [name, amount] = metaBudget(s, i, account);
    params[name] = amount;
    sources.push([name, `settings[${i}].budget`], ['budget', `settings[${i}].budget`]);
  }
  const found = findRuntime(input.settings);
  if (found) {
    params.start_time = metaTime(found.runtime.start);
    if (found.runtime.end) params.end_time = metaTime(found.runtime.end);
    sources.push(['end_time', `settings[${found.i}].end`], ['start_time', `settings[${found.i}].start`]);
  }

  const zips = input.targetings.flatMap((t, i) =>
    t.kind === 'GeoTargeting'
      ? t.zipcodes.map(({ country, zipcode }) => ({ key: zipKey(country, zipcode), i }))
      : [],
  );
  if (zips.length === 0) {
    throw new PlatformInputError('targetings', 'Meta ad sets need a location: add a ZipcodeGeoTargeting.');
  }
  const spec = { geo_locations: { zips: zips.map(({ key }) => ({ key })) } };
  const at = input.targetings.findIndex((t) => t.kind === 'AudienceTargeting');
  const audiences = input.targetings[at];
  if (audiences?.kind === 'AudienceTargeting') {
    params.targeting = JSON.stringify(withAudiences(spec, audiences));
    sources.push(...audienceSources(audiences, at));
  } else {
    params.targeting = JSON.stringify(spec);
  }
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
