import type { Budget } from '../../adsets/model.js';
import { fromMicros, roundToMinorUnits, toMicros } from '../../adsets/money.js';
import type { AdAccount } from '../../store/connections.js';
import { PlatformInputError } from '../adapter.js';

/**
 * A budget setting in micro units of the ad account's currency (ad group budgets and campaign spend
 * caps alike); another currency, or more decimals than the currency has, is refused by name.
 */
export function toPinterestMicros(s: Budget, i: number, account: AdAccount): number {
  const currency = account.currency ?? s.currency;
  if (s.currency !== currency) {
    throw new PlatformInputError(
      `settings[${i}].currency`,
      `Budgets of ad account ${account.id} are in ${currency}.`,
    );
  }
  const micros = toMicros(s.budget, currency);
  if (micros === undefined) {
    throw new PlatformInputError(`settings[${i}].budget`, `Not a budget Pinterest can hold in ${currency}.`);
  }
  return micros;
}

/** Micros read back in major units of the currency. */
export const fromPinterestMicros = (micros: number, currency: string): number =>
  roundToMinorUnits(fromMicros(micros), currency);
