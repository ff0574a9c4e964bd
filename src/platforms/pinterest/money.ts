import { fromMicros, roundToMinorUnits } from '../../adsets/money.js';

/** Micros read back in major units of the currency. */
export const fromPinterestMicros = (micros: number, currency: string): number =>
  roundToMinorUnits(fromMicros(micros), currency);
