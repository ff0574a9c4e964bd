import { fitsMinorUnits } from '../../adsets/money.js';

const MICROS = 1_000_000;

/** Snap's money: micro-currency (1,000,000 per unit of the ad account currency). */
export const fromMicros = (micros: number): number => micros / MICROS;

/** Major units in micro-currency; null when the amount has more decimals than the currency. */
export const toMicros = (amount: number, currency: string): number | null =>
  fitsMinorUnits(amount, currency) ? Math.round(amount * MICROS) : null;
