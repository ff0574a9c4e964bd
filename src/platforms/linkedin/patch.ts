import { isBudget, type Setting } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import type { FieldParam } from './errors.js';
import { budgetAmount } from './money.js';
import { type RecordPatch, type RunSchedule, schedulePatch } from './schedule.js';
import { LINKEDIN_STATUS } from './status.js';

/** A Rest.li partial update: `{"patch": {"$set": {…}, "runSchedule": {"$set": …, "$delete": …}}}`. */
export interface PartialUpdate {
  patch: { $set: Record<string, unknown>; runSchedule?: RecordPatch };
}

/** What a campaign or group holds that a change of its name, status, budget or Runtime starts from. */
export interface Current {
  runSchedule?: RunSchedule;
}

/**
 * The partial update of a LinkedIn campaign or campaign group for name, status and settings (budgets
 * as `dailyBudget`/`totalBudget` money in the account currency, the Runtime as a nested patch of
 * `runSchedule`), and the unified parameter behind each field LinkedIn may refuse.
 */
export function partialUpdate(
  changes: { name?: string; status?: keyof typeof LINKEDIN_STATUS; settings?: Setting[] },
  current: Current,
  account: AdAccount,
): { body: PartialUpdate; param: FieldParam } {
  const set: Record<string, unknown> = {};
  if (changes.name !== undefined) set.name = changes.name;
  const status = changes.status === undefined ? undefined : LINKEDIN_STATUS[changes.status];
  if (status !== undefined) set.status = status;
  let runSchedule: RecordPatch | null = null;
  const index: Record<string, number> = {};
  changes.settings?.forEach((setting, i) => {
    index[setting.kind] = i;
    if (isBudget(setting)) {
      set[setting.kind === 'DailyBudget' ? 'dailyBudget' : 'totalBudget'] = budgetAmount(setting, i, account);
    } else if (setting.kind === 'Runtime') {
      runSchedule = schedulePatch(setting, current.runSchedule);
    }
  });
  const param: FieldParam = (fieldPath) => {
    const [head] = fieldPath.split('.');
    const at = (kind: string, field: string) =>
      index[kind] === undefined ? undefined : `settings[${index[kind]}].${field}`;
    if (head === 'name' || head === 'status') return head;
    if (head === 'dailyBudget') return at('DailyBudget', 'budget');
    if (head === 'totalBudget') return at('TotalBudget', 'budget');
    if (head === 'runSchedule')
      return at('Runtime', fieldPath.endsWith('.end') ? 'end' : 'start') ?? 'settings';
    return undefined;
  };
  return { body: { patch: { $set: set, ...(runSchedule ? { runSchedule } : {}) } }, param };
}
