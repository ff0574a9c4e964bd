import { type AdSet, isBudget, type Setting } from './model.js';

/** Budgets are one kind: an ad set has one, a DailyBudget or a TotalBudget. */
const group = (s: Setting) => (isBudget(s) ? 'budget' : s.kind);

/** The settings after an update: each kind sent replaces that kind, kinds not sent stay. */
export function mergeSettings(current: Setting[], sent: Setting[]): Setting[] {
  const replaced = new Set(sent.map(group));
  return [...current.filter((s) => !replaced.has(group(s))), ...sent];
}

const FIELDS = ['name', 'status', 'settings', 'targetings'] as const;
type Field = (typeof FIELDS)[number];

/** The fields an update changed, with their values before it (Stripe's `previous_attributes`). */
export function changedFields(before: AdSet, after: AdSet): Partial<Pick<AdSet, Field>> {
  const changed: Partial<Record<Field, unknown>> = {};
  for (const field of FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changed[field] = before[field];
  }
  return changed as Partial<Pick<AdSet, Field>>;
}
