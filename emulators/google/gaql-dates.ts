import { adsError } from './errors.js';
import type { Condition } from './gaql.js';

/**
 * Date ranges on `segments.date` as GAQL takes them (developers.google.com/google-ads/api/docs/query/
 * date-ranges): custom dates in ISO 8601 extended (`2026-01-31`) or basic (`20260131`) form with
 * BETWEEN, =, >, >=, <, <=, and the predefined ranges with DURING, all days of the account's time zone.
 */

export const DATE_FIELD = 'segments.date';

const queryError = (code: string, message: string) =>
  adsError(400, { queryError: code }, `Error in query: ${message}`);

/** `2026-01-31` or `20260131` → `2026-01-31`; null where it is no calendar date. */
export function isoDate(literal: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(literal);
  if (!m || (literal.includes('-') && literal.length !== 10)) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 0 = Sunday. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDays(monthStart(addDays(monthStart(day), 31)), -1);

type Range = [from: string, to: string];

const PREDEFINED: Record<string, (today: string) => Range> = {
  TODAY: (t) => [t, t],
  YESTERDAY: (t) => [addDays(t, -1), addDays(t, -1)],
  LAST_7_DAYS: (t) => [addDays(t, -7), addDays(t, -1)],
  LAST_14_DAYS: (t) => [addDays(t, -14), addDays(t, -1)],
  LAST_30_DAYS: (t) => [addDays(t, -30), addDays(t, -1)],
  THIS_MONTH: (t) => [monthStart(t), monthEnd(t)],
  LAST_MONTH: (t) => {
    const last = addDays(monthStart(t), -1);
    return [monthStart(last), last];
  },
  THIS_WEEK_SUN_TODAY: (t) => [addDays(t, -weekday(t)), t],
  THIS_WEEK_MON_TODAY: (t) => [addDays(t, -((weekday(t) + 6) % 7)), t],
  LAST_WEEK_SUN_SAT: (t) => {
    const sunday = addDays(t, -weekday(t) - 7);
    return [sunday, addDays(sunday, 6)];
  },
  LAST_WEEK_MON_SUN: (t) => {
    const monday = addDays(t, -((weekday(t) + 6) % 7) - 7);
    return [monday, addDays(monday, 6)];
  },
  LAST_BUSINESS_WEEK: (t) => {
    const monday = addDays(t, -((weekday(t) + 6) % 7) - 7);
    return [monday, addDays(monday, 4)];
  },
};

/** Refuses what Google refuses in a date condition: a value that is no date, an unknown DURING range. */
export function checkDateCondition(condition: Condition): void {
  const { operator, values } = condition;
  if (operator === 'DURING') {
    if (!PREDEFINED[values[0]!])
      throw queryError('INVALID_VALUE_WITH_DURING_OPERATOR', `"${values[0]}" is no predefined date range`);
    return;
  }
  if (operator === '!=' || operator === 'IN')
    throw queryError('BAD_OPERATOR', `${operator} is not supported on ${DATE_FIELD}`);
  for (const value of values) {
    if (isoDate(value) !== null) continue;
    if (operator === 'BETWEEN')
      throw queryError('INVALID_VALUE_WITH_BETWEEN_OPERATOR', `"${value}" does not parse as a date`);
    throw queryError('INVALID_DATE_FORMAT', `invalid date "${value}": expected 'YYYY-MM-DD'`);
  }
}

/**
 * The days the date conditions leave (both ends included; an end is missing where no condition
 * bounds it); `today` is the account's. A start after the end is Google's DATE_RANGE_TOO_NARROW.
 */
export function dateRange(conditions: Condition[], today: string): { from?: string; to?: string } {
  let from: string | undefined;
  let to: string | undefined;
  const after = (day: string) => {
    from = from === undefined || day > from ? day : from;
  };
  const before = (day: string) => {
    to = to === undefined || day < to ? day : to;
  };
  for (const { field, operator, values } of conditions) {
    if (field !== DATE_FIELD) continue;
    const [a, b] = operator === 'DURING' ? PREDEFINED[values[0]!]!(today) : values.map((v) => isoDate(v)!);
    if (operator === 'DURING' || operator === 'BETWEEN' || operator === '=') {
      after(a!);
      before(b ?? a!);
    } else if (operator === '>=') after(a!);
    else if (operator === '>') after(addDays(a!, 1));
    else if (operator === '<=') before(a!);
    else if (operator === '<') before(addDays(a!, -1));
  }
  if (from !== undefined && to !== undefined && from > to)
    throw queryError('DATE_RANGE_TOO_NARROW', `the date range starts (${from}) after it ends (${to})`);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
