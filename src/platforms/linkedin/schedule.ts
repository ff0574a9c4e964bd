import { utcInstant } from '../../adsets/instants.js';
import type { Runtime } from '../../adsets/model.js';

/** LinkedIn's `runSchedule`: epoch milliseconds (LinkedIn has no account time zone here: UTC). */
export interface RunSchedule {
  start: number;
  end?: number;
}

/** A new campaign's or group's schedule: from now, or as its Runtime says. */
export function newSchedule(runtime: Runtime | undefined): RunSchedule {
  if (!runtime) return { start: Date.now() };
  return { start: Date.parse(runtime.start), ...(runtime.end ? { end: Date.parse(runtime.end) } : {}) };
}

/** The schedule read back as a Runtime in UTC. */
export const toRuntime = (schedule: RunSchedule): Runtime => ({
  kind: 'Runtime',
  start: utcInstant(new Date(schedule.start)),
  ...(schedule.end === undefined ? {} : { end: utcInstant(new Date(schedule.end)) }),
});

/** Rest.li's nested patch of a record: the fields set and the fields removed. */
export interface RecordPatch {
  $set?: Partial<RunSchedule>;
  $delete?: string[];
}

/**
 * The `runSchedule` part of a partial update for a Runtime: only what moved, so a start that is
 * already past is not sent again; an open end removes LinkedIn's (`$delete: ["end"]`). Null: nothing moved.
 */
export function schedulePatch(runtime: Runtime, current: RunSchedule | undefined): RecordPatch | null {
  const wanted = newSchedule(runtime);
  const set: Partial<RunSchedule> = {};
  if (wanted.start !== current?.start) set.start = wanted.start;
  if (wanted.end !== undefined && wanted.end !== current?.end) set.end = wanted.end;
  const remove = wanted.end === undefined && current?.end !== undefined ? ['end'] : [];
  if (Object.keys(set).length === 0 && remove.length === 0) return null;
  return {
    ...(Object.keys(set).length > 0 ? { $set: set } : {}),
    ...(remove.length > 0 ? { $delete: remove } : {}),
  };
}
