import type { Budget } from '../adsets/model.js';
import { fitsMinorUnits, minorUnitExponent, toMicros } from '../adsets/money.js';
import { PlatformInputError } from '../ports/platform-error.js';
import type { AdAccount } from '../store/connections.js';

/**
 * A budget setting as platforms hold it, in the ad account's currency. `param` names the setting
 * (`settings[0]`): a budget in another currency is refused on its `.currency`, an amount the currency
 * cannot hold on its `.budget`. An account whose currency adlink does not know takes the budget's.
 */

/** The budget's currency, once it is the ad account's. */
export function accountCurrency(budget: Budget, param: string, account: AdAccount): string {
  const currency = account.currency || budget.currency;
  if (budget.currency !== currency) {
    throw new PlatformInputError(
      `${param}.currency`,
      `Budgets of ad account ${account.id} are in ${currency}.`,
    );
  }
  return currency;
}

const decimals = (currency: string) =>
  `${currency} amounts have at most ${minorUnitExponent(currency)} decimals`;

/** The budget in major units, with no more decimals than the currency has (TikTok, Microsoft, LinkedIn). */
export function majorUnits(budget: Budget, param: string, account: AdAccount): number {
  const currency = accountCurrency(budget, param, account);
  if (!fitsMinorUnits(budget.budget, currency)) {
    throw new PlatformInputError(`${param}.budget`, `${decimals(currency)}.`);
  }
  return budget.budget;
}

/** The budget in micro units: 1,000,000 a unit of the currency (Google, Snapchat, Pinterest). */
export function microUnits(budget: Budget, param: string, account: AdAccount): number {
  const currency = accountCurrency(budget, param, account);
  const micros = toMicros(budget.budget, currency);
  if (micros === undefined) {
    throw new PlatformInputError(`${param}.budget`, `${decimals(currency)} and fit in micro units.`);
  }
  return micros;
}
