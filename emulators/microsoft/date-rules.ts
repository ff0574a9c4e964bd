import { dayOf, ianaZone } from '../../src/platforms/microsoft/time-zones.js';
import { CODES, type ErrorCode } from './faults.js';
import type { Campaign, DateParts } from './model.js';
import { DATE_FIELDS, fieldsOf } from './operations.js';
import { type Refusal, refuse } from './rules.js';

/** AdGroup data object, EndDate: an end on or after 2 January 2050 on update means no end date. */
const NO_END_FROM = 20500102;

const key = (d: DateParts) => d.Year * 10_000 + d.Month * 100 + d.Day;

/** Today in the campaign's time zone (ad group dates are read there). */
export function today(campaign: Campaign): DateParts {
  return dayOf(new Date().toISOString(), ianaZone(campaign.TimeZone) ?? 'UTC').date;
}

/** A Date object naming a real calendar day, or the refusal `error`. */
function dateOf(value: unknown, what: string, error: ErrorCode): DateParts | NonNullable<Refusal> {
  const date = fieldsOf(value, DATE_FIELDS, what);
  const { Day, Month, Year } = date;
  if (![Day, Month, Year].every(Number.isInteger)) return { error, message: `${what} is not valid.` };
  const real = new Date(Date.UTC(Year as number, (Month as number) - 1, Day as number));
  return real.getUTCFullYear() === Year && real.getUTCMonth() + 1 === Month && real.getUTCDate() === Day
    ? { Day: Day as number, Month: Month as number, Year: Year as number }
    : { error, message: `${what} is not valid.` };
}

const isRefusal = (value: DateParts | NonNullable<Refusal>): value is NonNullable<Refusal> =>
  'error' in value;

/**
 * An ad group's StartDate and EndDate after an add (`current` null) or an update, or the refusal:
 * a start may not lie before today, nor move once it has arrived; an end may not lie before the
 * start (nor, on update, before today); an end from 2 January 2050 removes the end date. A new ad
 * group without a start starts today.
 */
export function adGroupDates(
  campaign: Campaign,
  input: { StartDate?: unknown; EndDate?: unknown },
  current: { StartDate: DateParts | null; EndDate: DateParts | null } | null,
): { StartDate: DateParts | null; EndDate: DateParts | null } | NonNullable<Refusal> {
  const now = key(today(campaign));
  let StartDate = current ? current.StartDate : today(campaign);
  if (input.StartDate !== undefined && input.StartDate !== null) {
    const start = dateOf(input.StartDate, 'The start date', CODES.adGroupInvalidStartDate);
    if (isRefusal(start)) return start;
    const moved = !StartDate || key(start) !== key(StartDate);
    if (current && moved && StartDate && key(StartDate) <= now) {
      return refuse(CODES.adGroupInvalidStartDate, 'The start date cannot be updated once it has arrived.')!;
    }
    if (moved && key(start) < now) {
      return refuse(
        CODES.adGroupStartBeforeToday,
        "The ad group start date must not be prior to today's date.",
      )!;
    }
    StartDate = start;
  }
  let EndDate = current ? current.EndDate : null;
  if (input.EndDate !== undefined && input.EndDate !== null) {
    const end = dateOf(input.EndDate, 'The end date', CODES.adGroupInvalidEndDate);
    if (isRefusal(end)) return end;
    if (key(end) >= NO_END_FROM) {
      EndDate = null;
    } else if (current && key(end) < now) {
      return refuse(CODES.adGroupInvalidEndDate, 'The end date specified in the ad group is not valid.')!;
    } else {
      EndDate = end;
    }
  }
  if (StartDate && EndDate && key(EndDate) < key(StartDate)) {
    return refuse(
      CODES.adGroupEndBeforeStart,
      'The ad group end date must be later than the ad group start date.',
    )!;
  }
  return { StartDate, EndDate };
}
