import { utcInstant } from '../../adsets/instants.js';
import type { Runtime } from '../../adsets/model.js';
import type { ParamSource } from './errors.js';

/** A unified instant as Pinterest's Unix seconds (Pinterest has no time zone of its own: UTC). */
export const toUnixSeconds = (instant: string): number => Date.parse(instant) / 1000;
export const fromUnixSeconds = (seconds: number): string => utcInstant(new Date(seconds * 1000));

/** The schedule of a campaign or ad group as Pinterest holds it. */
export interface PinterestSchedule {
  start_time?: number | null;
  end_time?: number | null;
}

/**
 * `start_time` and `end_time` for a Runtime (settings[i]). On an update (`current` given) an unchanged
 * start or end is not sent again (it may lie in the past by now), and an open end clears Pinterest's
 * (`end_time: null`).
 */
export function scheduleFields(
  runtime: Runtime,
  i: number,
  current?: PinterestSchedule,
): { fields: PinterestSchedule; sources: ParamSource[] } {
  const start = toUnixSeconds(runtime.start);
  const end = runtime.end === undefined ? null : toUnixSeconds(runtime.end);
  const fields: PinterestSchedule = {};
  if (!current || current.start_time !== start) fields.start_time = start;
  if (current ? (current.end_time ?? null) !== end : end !== null) fields.end_time = end;
  return {
    fields,
    sources: [
      ['end_time', `settings[${i}].end`],
      ['start_time', `settings[${i}].start`],
    ],
  };
}
