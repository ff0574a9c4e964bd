import type { Budget } from '../../adsets/model.js';
import { fitsMinorUnits, minorUnitExponent } from '../../adsets/money.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';

/** LinkedIn's money amount: major units as a decimal string in the currency's own precision. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** `50` USD → `"50.00"`, `5000` JPY → `"5000"`; null when the amount has more decimals than the currency. */
export function toMoneyAmount(amount: number, currency: string): MoneyAmount | null {
  if (!fitsMinorUnits(amount, currency)) return null;
  return { amount: amount.toFixed(minorUnitExponent(currency)), currencyCode: currency };
}

export const fromMoneyAmount = (money: MoneyAmount): number => Number(money.amount);

/**
 * A budget setting (settings[i]) as LinkedIn's money amount in the ad account's currency; another
 * currency, or more decimals than the currency has, is refused by name.
 */
export function budgetAmount(setting: Budget, i: number, account: AdAccount): MoneyAmount {
  const currency = account.currency ?? setting.currency;
  if (setting.currency !== currency) {
    throw new PlatformInputError(
      `settings[${i}].currency`,
      `Budgets of ad account ${account.id} are in ${currency}.`,
    );
  }
  const amount = toMoneyAmount(setting.budget, currency);
  if (!amount) throw new PlatformInputError(`settings[${i}].budget`, `Too many decimals for ${currency}.`);
  return amount;
}
