import { AppError } from '../errors.js';
import type { Runtime, Setting } from './model.js';

/**
 * How far in the past a new start may lie: the time a request takes to arrive and clocks that differ
 * by a little. A start older than that is refused rather than quietly moved to now.
 */
export const START_GRACE_MS = 60_000;

const invalid = (param: string, message: string) => new AppError('invalid_request', message, { param });

const runtimes = (settings: Setting[]) =>
  settings.flatMap((s, i) => (s.kind === 'Runtime' ? [{ runtime: s, i }] : []));

/** What the rules are applied to, as messages name it. */
type Subject = 'ad set' | 'campaign';

/** The one Runtime of a list of settings, refusing a second. */
function onlyRuntime(settings: Setting[], what: Subject): { runtime: Runtime; i: number } | undefined {
  const found = runtimes(settings);
  if (found.length > 1) {
    throw invalid(
      `settings[${found[1]!.i}]`,
      `A${what === 'ad set' ? 'n' : ''} ${what} has one Runtime setting.`,
    );
  }
  return found[0];
}

/** A new ad set's (or campaign's) Runtime: at most one, starting now or later. */
export function checkNewRuntime(settings: Setting[], now: Date, what: Subject = 'ad set'): void {
  const found = onlyRuntime(settings, what);
  if (found && Date.parse(found.runtime.start) < now.getTime() - START_GRACE_MS) {
    throw invalid(`settings[${found.i}].start`, `A new ${what} cannot start in the past.`);
  }
}

const sameInstant = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

/**
 * A Runtime sent to an existing ad set: its start and end may stay where they are (even when that is
 * past), but a start moves only to now or later and an end only ahead. To stop an ad set now, pause it.
 */
export function checkRuntimeChange(
  settings: Setting[],
  current: Setting[],
  now: Date,
  what: Subject = 'ad set',
): void {
  const found = onlyRuntime(settings, what);
  if (!found) return;
  const { runtime, i } = found;
  const before = current.find((s): s is Runtime => s.kind === 'Runtime');
  const startMoved = !sameInstant(before?.start, runtime.start);
  if (startMoved && Date.parse(runtime.start) < now.getTime() - START_GRACE_MS) {
    throw invalid(
      `settings[${i}].start`,
      'A start can only move to now or later; send the current start to keep it.',
    );
  }
  const endMoved = !sameInstant(before?.end, runtime.end);
  if (endMoved && runtime.end !== undefined && Date.parse(runtime.end) <= now.getTime()) {
    throw invalid(
      `settings[${i}].end`,
      `An end can only move ahead; to stop a${what === 'ad set' ? 'n' : ''} ${what} now, pause it.`,
    );
  }
}

/** A TotalBudget is spent over a known time: the ad set (or campaign) needs a Runtime with an end. */
export function checkTotalBudgetEnd(settings: Setting[]): void {
  const total = settings.some((s) => s.kind === 'TotalBudget');
  const end = settings.some((s) => s.kind === 'Runtime' && s.end !== undefined);
  if (total && !end) {
    throw invalid('settings', 'A TotalBudget needs a Runtime setting with an end.');
  }
}
