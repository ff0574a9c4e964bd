import { fitsMinorUnits, minorUnitExponent } from '../../adsets/money.js';

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
