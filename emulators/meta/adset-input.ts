import {
  budget,
  checkArchivedStatus,
  MIN_DAILY_BUDGET,
  name,
  oneOf,
  required,
  time,
  tooLow,
} from './checks.js';
import { invalidParam } from './graph-error.js';
import {
  type AdSet,
  BILLING_EVENTS,
  type Campaign,
  type ConfiguredStatus,
  graphTime,
  OPTIMIZATION_GOALS,
  parseGraphTime,
  type RawCustomAudience,
  type Targeting,
} from './model.js';

const DAY_MS = 86_400_000;

const STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];
const CREATE_STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED'];
const ZIP_KEY = /^[A-Z]{2}:[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** An update's `end_time`: a time, or 0 for no end (which only a daily budget allows). */
const endTime = (value: unknown): Date | null =>
  value === '0' || value === 0 ? null : time('end_time', value);

/** Whether an id is a custom audience of the ad set's ad account. */
export type OwnsAudience = (id: string) => boolean;

const AUDIENCE_LISTS = ['custom_audiences', 'excluded_custom_audiences'] as const;

/**
 * The audiences a targeting includes and excludes, each a list of `{"id": …}` naming a custom
 * audience of the ad set's own ad account; another account's, or any other object, is refused.
 */
function audienceLists(value: Record<string, unknown>, owns: OwnsAudience, account: string) {
  const lists: Pick<Targeting, (typeof AUDIENCE_LISTS)[number]> = {};
  for (const list of AUDIENCE_LISTS) {
    const given = value[list];
    if (given === undefined) continue;
    const ids = Array.isArray(given) ? given.map((a) => (a as RawCustomAudience | null)?.id) : [undefined];
    if (!ids.every((id) => typeof id === 'string' && /^\d{1,20}$/.test(id))) {
      throw invalidParam(`Param targeting[${list}] must be a list of {"id": "<custom audience id>"}`);
    }
    (ids as string[]).forEach((id, i) => {
      if (owns(id)) return;
      throw invalidParam(
        `Param targeting[${list}][${i}] is invalid: ${id} is no custom audience of ad account act_${account}`,
        {
          userTitle: 'Invalid Custom Audience',
          userMessage: 'Choose a custom audience of this ad account.',
        },
      );
    });
    if (ids.length > 0) lists[list] = (ids as string[]).map((id) => ({ id }));
  }
  return lists;
}

function targeting(value: unknown, owns: OwnsAudience, account: string): Targeting {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParam('Param targeting must be a JSON object');
  }
  const geo = (value as { geo_locations?: unknown }).geo_locations as Targeting['geo_locations'] | undefined;
  const countries = geo?.countries ?? [];
  const zips = geo?.zips ?? [];
  if (!Array.isArray(countries) || !countries.every((c) => typeof c === 'string' && /^[A-Z]{2}$/.test(c))) {
    throw invalidParam('Param targeting[geo_locations][countries] must be a list of country codes');
  }
  if (!Array.isArray(zips) || !zips.every((z) => typeof z?.key === 'string' && ZIP_KEY.test(z.key))) {
    throw invalidParam('Param targeting[geo_locations][zips] must be a list of {"key": "CC:zip"}', {
      userTitle: 'Invalid Zip Code',
      userMessage: 'A zip code key is a country code and a zip code, such as US:94304.',
    });
  }
  if (countries.length + zips.length === 0) {
    throw invalidParam('Param targeting must specify geo_locations', {
      subcode: 1487756,
      userTitle: 'Location Is Required',
      userMessage: 'Your audience needs at least one location: add a country or a zip code.',
    });
  }
  const overlap = zips.find((z) => countries.includes(z.key.slice(0, 2)));
  if (overlap) {
    throw invalidParam(`Param targeting has overlapping locations: ${overlap.key} is in a targeted country`, {
      userTitle: 'Locations Overlap',
      userMessage: 'Some of your locations overlap. Remove a location so that none is inside another.',
    });
  }
  const { custom_audiences: _included, excluded_custom_audiences: _excluded, ...rest } = value as Targeting;
  return { ...rest, ...audienceLists(value as Record<string, unknown>, owns, account) };
}

/** The values of a new ad set, checked as `POST /act_{id}/adsets` checks them. */
export function newAdSet(
  params: Record<string, unknown>,
  campaign: Campaign,
  currency: string,
  now: Date,
  owns: OwnsAudience,
) {
  const values = {
    name: name(required(params, 'name')),
    status: oneOf('status', required(params, 'status'), CREATE_STATUSES),
    billing_event: oneOf('billing_event', required(params, 'billing_event'), BILLING_EVENTS),
    optimization_goal: oneOf(
      'optimization_goal',
      required(params, 'optimization_goal'),
      OPTIMIZATION_GOALS[campaign.objective],
    ),
    targeting: targeting(required(params, 'targeting'), owns, campaign.account_id),
  };
  const start = params.start_time === undefined ? now : time('start_time', params.start_time);
  const end = params.end_time === undefined ? undefined : time('end_time', params.end_time);
  if (end && end <= start) throw invalidParam('Param end_time must be after start_time');
  const times = { start_time: graphTime(start), ...(end ? { end_time: graphTime(end) } : {}) };

  if (hasCampaignBudget(campaign)) {
    refuseOwnBudget(params);
    checkCampaignLifetimeEnd(campaign, end ?? null);
    return { ...values, ...times };
  }
  if ((params.daily_budget === undefined) === (params.lifetime_budget === undefined)) {
    throw invalidParam('Exactly one of daily_budget and lifetime_budget must be set on the ad set');
  }
  if (params.daily_budget !== undefined) {
    const daily = budget('daily_budget', params.daily_budget);
    if (daily < MIN_DAILY_BUDGET) throw tooLow('daily_budget', MIN_DAILY_BUDGET, currency);
    return { ...values, ...times, daily_budget: daily };
  }
  const lifetime = budget('lifetime_budget', params.lifetime_budget);
  checkLifetime(lifetime, start, end ?? null, currency);
  return { ...values, ...times, lifetime_budget: lifetime };
}

const BUDGET_PARAMS = ['daily_budget', 'lifetime_budget'] as const;

/** Advantage campaign budget: the campaign has the budget, which its ad sets share. */
export const hasCampaignBudget = (campaign: Campaign) =>
  campaign.daily_budget !== undefined || campaign.lifetime_budget !== undefined;

/** Under a campaign budget an ad set has none of its own: Meta refuses one (subcode 1885621). */
function refuseOwnBudget(params: Record<string, unknown>): void {
  const sent = BUDGET_PARAMS.find((param) => params[param] !== undefined);
  if (sent === undefined) return;
  throw invalidParam(`Param ${sent} cannot be set on an ad set whose campaign has a campaign budget`, {
    subcode: 1885621,
    userTitle: 'Budget Already Set on Campaign',
    userMessage: 'This campaign uses a campaign budget: set the budget on the campaign, not on its ad sets.',
  });
}

/** The ad sets of a campaign with a lifetime budget are scheduled: each needs an end. */
function checkCampaignLifetimeEnd(campaign: Campaign, end: Date | null): void {
  if (campaign.lifetime_budget !== undefined && !end) {
    throw invalidParam('Param end_time is required: the campaign has a lifetime budget');
  }
}

/** A lifetime budget is at least the daily minimum for each day of the run (started days count). */
function checkLifetime(lifetime: number, start: Date, end: Date | null, currency: string): void {
  if (!end) throw invalidParam('Param end_time is required with lifetime_budget');
  const minimum = MIN_DAILY_BUDGET * Math.ceil((end.getTime() - start.getTime()) / DAY_MS);
  if (lifetime < minimum) throw tooLow('lifetime_budget', minimum, currency);
}

/**
 * The changes of `POST /{adset_id}`: name, status, the budget of the ad set's own type, its schedule
 * (`end_time=0` removes the end of a daily-budget ad set) and its targeting (replaced whole). A
 * deleted ad set cannot change; an archived one can only be renamed or deleted.
 */
export function adSetChanges(
  params: Record<string, unknown>,
  current: AdSet,
  campaign: Campaign,
  currency: string,
  owns: OwnsAudience,
): Partial<AdSet> {
  if (current.status === 'DELETED') {
    throw invalidParam(`Ad set ${current.id} is deleted and cannot be edited`);
  }
  const changes: Partial<AdSet> = {};
  if (params.name !== undefined) changes.name = name(params.name);
  if (params.status !== undefined) {
    changes.status = oneOf('status', params.status, STATUSES);
    checkArchivedStatus(current.status, changes.status, 'Ad Set');
  }
  const delivery = DELIVERY_PARAMS.find((param) => params[param] !== undefined);
  if (delivery === undefined) return changes;
  if (current.status === 'ARCHIVED') {
    throw invalidParam(`Param ${delivery} cannot change on an archived ad set: only name and status can`);
  }
  if (hasCampaignBudget(campaign)) refuseOwnBudget(params);
  const other = current.daily_budget === undefined ? 'daily_budget' : 'lifetime_budget';
  if (params[other] !== undefined) {
    throw invalidParam(`Param ${other} cannot be set: the ad set keeps the budget type it was created with`);
  }
  if (params.targeting !== undefined)
    changes.targeting = targeting(params.targeting, owns, current.account_id);
  const start =
    params.start_time === undefined
      ? parseGraphTime(current.start_time)
      : time('start_time', params.start_time);
  const currentEnd = current.end_time === undefined ? null : parseGraphTime(current.end_time);
  const end = params.end_time === undefined ? currentEnd : endTime(params.end_time);
  if (end && end <= start) throw invalidParam('Param end_time must be after start_time');
  if (params.start_time !== undefined) changes.start_time = graphTime(start);
  if (params.end_time !== undefined) changes.end_time = end ? graphTime(end) : undefined;
  if (hasCampaignBudget(campaign)) {
    checkCampaignLifetimeEnd(campaign, end);
  } else if (current.daily_budget !== undefined) {
    const daily =
      params.daily_budget === undefined ? current.daily_budget : budget('daily_budget', params.daily_budget);
    if (daily < MIN_DAILY_BUDGET) throw tooLow('daily_budget', MIN_DAILY_BUDGET, currency);
    changes.daily_budget = daily;
  } else {
    const lifetime =
      params.lifetime_budget === undefined
        ? current.lifetime_budget!
        : budget('lifetime_budget', params.lifetime_budget);
    checkLifetime(lifetime, start, end, currency);
    changes.lifetime_budget = lifetime;
  }
  return changes;
}

/** The parameters of an update that change how an ad set delivers. */
const DELIVERY_PARAMS = ['daily_budget', 'lifetime_budget', 'start_time', 'end_time', 'targeting'] as const;
