import { fitsMinorUnits, minorUnitExponent, toMinorUnits } from '../../adsets/money.js';

/** Micro units: 1,000,000 per unit of the ad account's currency (Pinterest's `*_in_micro_currency`). */
const MICROS_EXPONENT = 6;

/** Major units in micros, exactly; undefined when the amount has more decimals than the currency or is too large. */
export function toMicros(amount: number, currency: string): number | undefined {
  if (!fitsMinorUnits(amount, currency)) return undefined;
  const micros = toMinorUnits(amount, currency) * 10 ** (MICROS_EXPONENT - minorUnitExponent(currency));
  return Number.isSafeInteger(micros) ? micros : undefined;
}

/** Micros in major units, rounded to the currency's minor unit. */
export function fromMicros(micros: number, currency: string): number {
  const scale = 10 ** minorUnitExponent(currency);
  return Math.round((micros / 10 ** MICROS_EXPONENT) * scale) / scale;
}
