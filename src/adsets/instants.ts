import type { Runtime, Setting } from './model.js';

/** A time as a unified instant in UTC, to the second: `2026-12-01T08:00:00Z`. */
export const utcInstant = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/** The (first) Runtime among settings and its index, for naming the parameter a platform refuses. */
export function findRuntime(settings: Setting[]): { runtime: Runtime; i: number } | undefined {
  const i = settings.findIndex((s) => s.kind === 'Runtime');
  const runtime = settings[i];
  return runtime?.kind === 'Runtime' ? { runtime, i } : undefined;
}
