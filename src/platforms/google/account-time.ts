import type { Runtime } from '../../adsets/model.js';
import { instantAt, wallClock, zonedTime } from '../../domain/zoned-time.js';
import { PlatformInputError } from '../../ports/platform-error.js';

/**
 * Campaign dates as Google Ads (v23 and later) keeps them: `start_date_time` and `end_date_time`,
 * `yyyy-MM-dd HH:mm:ss` in the customer's time zone. Search and Display campaigns run in whole days:
 * a start at 00:00:00, an end at 23:59:59 of its last day. A unified Runtime ends at an instant, so
 * its end is the midnight after Google's last day.
 */

const SECOND = 1000;

/** The customer's wall-clock time at an instant, as Google writes it: `2026-12-01 00:00:00`. */
const wallTime = (ms: number, timeZone: string) => wallClock(ms, timeZone).replace('T', ' ');

/** The instant of a Google wall-clock time in the customer's time zone. */
const instantOf = (wall: string, timeZone: string) => instantAt(wall.replace(' ', 'T'), timeZone);

/** The Google dates of a Runtime, or a 400 naming the bound that is not a midnight of the account's zone. */
export function googleDates(
  runtime: Pick<Runtime, 'start' | 'end'>,
  timeZone: string,
  i: number,
): { startDateTime: string; endDateTime?: string } {
  const startDateTime = wallTime(Date.parse(runtime.start), timeZone);
  const wholeDays = `Google runs Search and Display campaigns in whole days of the ad account's time zone (${timeZone})`;
  if (!startDateTime.endsWith(' 00:00:00')) {
    throw new PlatformInputError(`settings[${i}].start`, `${wholeDays}: start at midnight there.`);
  }
  if (runtime.end === undefined) return { startDateTime };
  const endDateTime = wallTime(Date.parse(runtime.end) - SECOND, timeZone);
  if (!endDateTime.endsWith(' 23:59:59')) {
    throw new PlatformInputError(`settings[${i}].end`, `${wholeDays}: end at midnight there.`);
  }
  return { startDateTime, endDateTime };
}

/** The unified Runtime of a campaign's Google dates, in the account's time zone with its offset. */
export function runtimeOf(
  startDateTime: string | undefined,
  endDateTime: string | undefined,
  timeZone: string,
): Runtime | undefined {
  if (!startDateTime || !timeZone) return undefined;
  const start = zonedTime(new Date(instantOf(startDateTime, timeZone)), timeZone);
  if (!endDateTime) return { kind: 'Runtime', start };
  const end = zonedTime(new Date(instantOf(endDateTime, timeZone) + SECOND), timeZone);
  return { kind: 'Runtime', start, end };
}
