import type { Runtime } from '../../adsets/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdGroup } from './model.js';
import { addDays, dayOf, type MicrosoftDate, midnightOf } from './time-zones.js';

/**
 * An EndDate on or after 2 January 2050 removes an ad group's end date (AdGroup data object page,
 * EndDate "Update"); Microsoft reads it back as no end date.
 */
export const NO_END_DATE: MicrosoftDate = { Day: 2, Month: 1, Year: 2050 };

const sameDay = (a: MicrosoftDate | null | undefined, b: MicrosoftDate) =>
  !!a && a.Day === b.Day && a.Month === b.Month && a.Year === b.Year;

/**
 * A Runtime as an ad group's StartDate and EndDate. Microsoft schedules whole days of the campaign's
 * time zone (the start day from its midnight, the end day inclusive, to its last minute), so a start
 * and an end must each fall on a midnight there: the end is the midnight after the last day.
 */
export function adGroupDates(
  runtime: Runtime,
  i: number,
  zone: string | undefined,
  timeZone: string | null | undefined,
): { StartDate: MicrosoftDate; EndDate: MicrosoftDate | null } {
  if (!zone) {
    throw new PlatformInputError(
      `settings[${i}]`,
      `The campaign's time zone (${timeZone ?? 'none'}) is not one of Microsoft Advertising's documented time zones, so adlink cannot place a Runtime in it.`,
    );
  }
  const day = (instant: string, field: 'start' | 'end') => {
    const { date, midnight } = dayOf(instant, zone);
    if (!midnight) {
      throw new PlatformInputError(
        `settings[${i}].${field}`,
        `Microsoft Advertising schedules ad groups by whole days of the campaign's time zone (${timeZone}): the ${field} must be a midnight there, such as ${midnightOf(date, zone)}.`,
      );
    }
    return date;
  };
  const StartDate = day(runtime.start, 'start');
  return { StartDate, EndDate: runtime.end === undefined ? null : addDays(day(runtime.end, 'end'), -1) };
}

/** The Runtime of an ad group with a StartDate (Microsoft sets it to the day of creation when none is sent). */
export function adGroupRuntime(adGroup: AdGroup, zone: string | undefined): Runtime | undefined {
  if (!adGroup.StartDate || !zone) return undefined;
  const start = midnightOf(adGroup.StartDate, zone);
  return adGroup.EndDate
    ? { kind: 'Runtime', start, end: midnightOf(addDays(adGroup.EndDate, 1), zone) }
    : { kind: 'Runtime', start };
}

/**
 * The StartDate and EndDate an UpdateAdGroups sends for a Runtime: only what moved (a start that has
 * arrived cannot be sent again, even unchanged), and an open end as NO_END_DATE where there was one.
 */
export function adGroupDateChanges(
  runtime: Runtime,
  i: number,
  current: AdGroup,
  zone: string | undefined,
  timeZone: string | null | undefined,
): Pick<AdGroup, 'StartDate' | 'EndDate'> {
  const { StartDate, EndDate } = adGroupDates(runtime, i, zone, timeZone);
  const changes: Pick<AdGroup, 'StartDate' | 'EndDate'> = {};
  if (!sameDay(current.StartDate, StartDate)) changes.StartDate = StartDate;
  if (EndDate === null) {
    if (current.EndDate) changes.EndDate = NO_END_DATE;
  } else if (!sameDay(current.EndDate, EndDate)) {
    changes.EndDate = EndDate;
  }
  return changes;
}
