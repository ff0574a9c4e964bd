import { findRuntime } from '../../adsets/instants.js';
import { isBudget } from '../../adsets/model.js';
import type { NewCampaign } from '../../campaigns/model.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import type { FieldParam } from './errors.js';
import { budgetAmount } from './money.js';
import { accountUrn } from './restli.js';
import { newSchedule } from './schedule.js';
import { LINKEDIN_STATUS } from './status.js';

/** The `POST adCampaignGroups` body: the objective on the group, its schedule, its total budget. */
export function groupCreate(input: NewCampaign, account: AdAccount): { body: object; param: FieldParam } {
  const budgets = input.settings.flatMap((s, i) => (isBudget(s) ? [{ s, i }] : []));
  if (budgets.length > 1)
    throw new PlatformInputError('settings', 'A LinkedIn campaign group has one TotalBudget.');
  const runtime = findRuntime(input.settings);
  const budget = budgets[0];
  const body = {
    account: accountUrn(account.id),
    name: input.name,
    status: LINKEDIN_STATUS[input.status],
    objectiveType: input.objective,
    runSchedule: newSchedule(runtime?.runtime),
    ...(budget ? { totalBudget: budgetAmount(budget.s, budget.i, account) } : {}),
  };
  const param: FieldParam = (fieldPath) => {
    const [head] = fieldPath.split('.');
    if (head === 'name' || head === 'status') return head;
    if (head === 'objectiveType') return 'objective';
    if (head === 'account') return 'advertiser';
    if (head === 'totalBudget') return budget ? `settings[${budget.i}].budget` : 'settings';
    if (head === 'runSchedule') {
      return runtime ? `settings[${runtime.i}].${fieldPath.endsWith('.end') ? 'end' : 'start'}` : 'settings';
    }
    return undefined;
  };
  return { body, param };
}
