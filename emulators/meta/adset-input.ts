import { GraphError, invalidParam } from './graph-error.js';
import {
  type AdSet,
  BILLING_EVENTS,
  type Campaign,
  type ConfiguredStatus,
  graphTime,
  OPTIMIZATION_GOALS,
  parseGraphTime,
  type Targeting,
} from './model.js';

/**
 * The smallest daily budget, in the account currency's offset units (Meta's real minimum depends on
 * the currency and the billing event; this is its IMPRESSIONS minimum for USD, $1.00, applied to all).
 */
export const MIN_DAILY_BUDGET = 100;
const DAY_MS = 86_400_000;

const STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];
const CREATE_STATUSES: ConfiguredStatus[] = ['ACTIVE', 'PAUSED'];
const ZIP_KEY = /^[A-Z]{2}:[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const required = (params: Record<string, unknown>, name: string): unknown => {
  const value = params[name];
  if (value === undefined || value === '') throw invalidParam(`The parameter ${name} is required`);
  return value;
};

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw invalidParam(`Param ${name} must be one of {${allowed.join(', ')}}`);
  }
  return value as T;
}

function name(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 400) {
    throw invalidParam('Param name must be a non-empty string of at most 400 characters');
  }
  return value;
}

function budget(param: string, value: unknown): number {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalidParam(`Param ${param} must be a positive integer`);
  }
  return amount;
}

function time(param: string, value: unknown): Date {
  const date = typeof value === 'string' ? parseGraphTime(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalidParam(`Param ${param} must be a valid time`);
  return date;
}

/** An update's `end_time`: a time, or 0 for no end (which only a daily budget allows). */
const endTime = (value: unknown): Date | null =>
  value === '0' || value === 0 ? null : time('end_time', value);

function targeting(value: unknown): Targeting {
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
  return value as Targeting;
}

const tooLow = (param: string, minimum: number, currency: string) =>
  new GraphError('Invalid parameter', 100, {
    subcode: 1885272,
    userTitle: 'Your Budget Is Too Low',
    userMessage: `The ${param} of this ad set must be at least ${minimum} (${currency} in its offset units).`,
  });

/** The values of a new ad set, checked as `POST /act_{id}/adsets` checks them. */
export function newAdSet(params: Record<string, unknown>, campaign: Campaign, currency: string, now: Date) {
  const values = {
    name: name(required(params, 'name')),
    status: oneOf('status', required(params, 'status'), CREATE_STATUSES),
    billing_event: oneOf('billing_event', required(params, 'billing_event'), BILLING_EVENTS),
    optimization_goal: oneOf(
      'optimization_goal',
      required(params, 'optimization_goal'),
      OPTIMIZATION_GOALS[campaign.objective],
    ),
    targeting: targeting(required(params, 'targeting')),
  };
  const start = params.start_time === undefined ? now : time('start_time', params.start_time);
  const end = params.end_time === undefined ? undefined : time('end_time', params.end_time);
  if (end && end <= start) throw invalidParam('Param end_time must be after start_time');
  const times = { start_time: graphTime(start), ...(end ? { end_time: graphTime(end) } : {}) };

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
  currency: string,
): Partial<AdSet> {
  if (current.status === 'DELETED') {
    throw invalidParam(`Ad set ${current.id} is deleted and cannot be edited`);
  }
  const changes: Partial<AdSet> = {};
  if (params.name !== undefined) changes.name = name(params.name);
  if (params.status !== undefined) {
    changes.status = oneOf('status', params.status, STATUSES);
    if (current.status === 'ARCHIVED' && !['ARCHIVED', 'DELETED'].includes(changes.status)) {
      throw invalidParam('Param status of an archived ad set can only be DELETED', {
        userTitle: 'Archived Ad Set',
        userMessage: 'Archived ad sets cannot be turned on or paused again; they can only be deleted.',
      });
    }
  }
  const delivery = DELIVERY_PARAMS.find((param) => params[param] !== undefined);
  if (delivery === undefined) return changes;
  if (current.status === 'ARCHIVED') {
    throw invalidParam(`Param ${delivery} cannot change on an archived ad set: only name and status can`);
  }
  const other = current.daily_budget === undefined ? 'daily_budget' : 'lifetime_budget';
  if (params[other] !== undefined) {
    throw invalidParam(`Param ${other} cannot be set: the ad set keeps the budget type it was created with`);
  }
  if (params.targeting !== undefined) changes.targeting = targeting(params.targeting);
  const start =
    params.start_time === undefined
      ? parseGraphTime(current.start_time)
      : time('start_time', params.start_time);
  const currentEnd = current.end_time === undefined ? null : parseGraphTime(current.end_time);
  const end = params.end_time === undefined ? currentEnd : endTime(params.end_time);
  if (end && end <= start) throw invalidParam('Param end_time must be after start_time');
  if (params.start_time !== undefined) changes.start_time = graphTime(start);
  if (params.end_time !== undefined) changes.end_time = end ? graphTime(end) : undefined;
  if (current.daily_budget !== undefined) {
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
