import type { Budget } from '../../adsets/model.js';
import { fitsMinorUnits, minorUnitExponent } from '../../adsets/money.js';
import type { AdAccount } from '../../store/connections.js';
import { majorUnits } from '../budget-units.js';

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
  // majorUnits refuses what the currency cannot hold, so the amount is one.
  return toMoneyAmount(majorUnits(setting, `settings[${i}]`, account), setting.currency)!;
}
