import type { InputError } from './protocol.js';

/**
 * A Rest.li 2.0 partial update as LinkedIn takes it: `{"patch": {"$set": {…}}}`, with the schedule
 * patched as a nested record (`"runSchedule": {"$set": {"end": …}, "$delete": ["end"]}`), so a start
 * left alone is not sent again. Anything else in the patch is refused.
 */
export interface Patch {
  set: Record<string, unknown>;
  schedule: { set: Record<string, unknown>; remove: string[] } | null;
}

export type Schedule = { start: number; end?: number };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readPatch(body: unknown): Patch | string {
  const patch = isRecord(body) ? body.patch : undefined;
  if (!isRecord(patch)) return 'The body must be {"patch":{"$set":{…}}}.';
  const unknown = Object.keys(patch).find((k) => k !== '$set' && k !== 'runSchedule');
  if (unknown !== undefined) return `The patch cannot have ${unknown}.`;
  if (patch.$set !== undefined && !isRecord(patch.$set)) return '$set must be a record.';
  const nested = patch.runSchedule;
  if (nested === undefined) return { set: (patch.$set as Record<string, unknown>) ?? {}, schedule: null };
  if (!isRecord(nested) || Object.keys(nested).some((k) => k !== '$set' && k !== '$delete')) {
    return 'runSchedule must be patched with $set and $delete.';
  }
  const set = nested.$set ?? {};
  const remove = nested.$delete ?? [];
  if (!isRecord(set) || !Array.isArray(remove) || remove.some((f) => f !== 'end')) {
    return 'runSchedule.$set must be a record and runSchedule.$delete may only name end.';
  }
  return {
    set: (patch.$set as Record<string, unknown>) ?? {},
    schedule: { set, remove: remove as string[] },
  };
}

/** The schedule after the patch (its `$set` of the whole record, or the nested patch). */
export function patchedSchedule(current: Schedule, patch: Patch): unknown {
  if (patch.set.runSchedule !== undefined) return patch.set.runSchedule;
  if (!patch.schedule) return current;
  const next: Record<string, unknown> = { ...current, ...patch.schedule.set };
  for (const field of patch.schedule.remove) delete next[field];
  return next;
}

const invalid = (fieldPath: string, description: string, code = 'INVALID_VALUE'): InputError => ({
  fieldPath,
  code,
  description,
});

/**
 * A schedule in epoch milliseconds: a start, an end after it; when it changes, a start not moved into
 * the past and an end not moved before now (`before` absent: a new object, whose end lies ahead).
 */
export function scheduleErrors(value: unknown, before: Schedule | undefined, now = Date.now()): InputError[] {
  const schedule = value as { start?: unknown; end?: unknown } | null | undefined;
  if (!isRecord(schedule) || typeof schedule.start !== 'number' || !Number.isInteger(schedule.start)) {
    return [invalid('runSchedule.start', 'runSchedule.start must be epoch milliseconds.', 'MISSING_FIELD')];
  }
  const { start, end } = schedule as { start: number; end?: unknown };
  if (end !== undefined && (typeof end !== 'number' || !Number.isInteger(end))) {
    return [invalid('runSchedule.end', 'runSchedule.end must be epoch milliseconds.')];
  }
  if (before && start !== before.start && start < now) {
    return [invalid('runSchedule.start', 'runSchedule.start cannot be moved into the past.')];
  }
  if (end === undefined) return [];
  if ((end as number) <= start)
    return [invalid('runSchedule.end', 'runSchedule.end must be after runSchedule.start.')];
  if (end !== before?.end && (end as number) <= now) {
    return [invalid('runSchedule.end', 'runSchedule.end must be in the future.')];
  }
  return [];
}
