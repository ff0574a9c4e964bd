import { type AdSet, isBudget, type Setting } from './model.js';

/** Budgets are one kind: an ad set (or a campaign) has one, a DailyBudget or a TotalBudget. */
const group = (s: Setting) => (isBudget(s) ? 'budget' : s.kind);

/** The settings after an update: each kind sent replaces that kind, kinds not sent stay. */
export function mergeSettings<S extends Setting>(current: S[], sent: Setting[]): Setting[] {
  const replaced = new Set(sent.map(group));
  return [...current.filter((s) => !replaced.has(group(s))), ...sent];
}

/** What an ad-set update may change. */
export const AD_SET_FIELDS = ['name', 'status', 'settings', 'targetings'] as const satisfies (keyof AdSet)[];

/** The fields an update changed, with their values before it (Stripe's `previous_attributes`). */
export function changedFields<T, F extends keyof T>(
  before: T,
  after: T,
  fields: readonly F[],
): Partial<Pick<T, F>> {
  const changed: Partial<Pick<T, F>> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changed[field] = before[field];
  }
  return changed;
}
