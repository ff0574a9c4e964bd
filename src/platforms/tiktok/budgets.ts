import type { Budget } from '../../adsets/model.js';
import { fitsMinorUnits } from '../../adsets/money.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';

/**
 * A budget as TikTok takes it: in major units of the advertiser's currency, with no more decimals
 * than the currency has. `param` names the setting (`settings[0]`).
 */
export function tiktokBudget(budget: Budget, param: string, account: AdAccount): number {
  if (account.currency && budget.currency !== account.currency) {
    throw new PlatformInputError(`${param}.currency`, `Budgets of ${account.id} are in ${account.currency}.`);
  }
  if (!fitsMinorUnits(budget.budget, budget.currency)) {
    throw new PlatformInputError(`${param}.budget`, `Too many decimals for ${budget.currency}.`);
  }
  return budget.budget;
}
