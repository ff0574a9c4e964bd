/** ISO 4217 currencies whose minor unit is not 1/100. */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export const minorUnitExponent = (currency: string): number => EXPONENTS[currency] ?? 2;

export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** minorUnitExponent(currency));

export const fromMinorUnits = (amount: number, currency: string): number =>
  amount / 10 ** minorUnitExponent(currency);

export const roundToMinorUnits = (amount: number, currency: string): number =>
  fromMinorUnits(toMinorUnits(amount, currency), currency);

/** True when the amount has no more decimals than the currency's minor unit allows. */
export const fitsMinorUnits = (amount: number, currency: string): boolean => {
  const scaled = amount * 10 ** minorUnitExponent(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** Micro units: 1,000,000 per unit of the currency, as Google, Snapchat and Pinterest hold budgets. */
const MICROS_EXPONENT = 6;

/**
 * Major units in micros, computed exactly from the minor units; undefined when the amount has more
 * decimals than the currency allows or its micros are beyond a safe integer.
 */
export function toMicros(amount: number, currency: string): number | undefined {
  if (!fitsMinorUnits(amount, currency)) return undefined;
  const micros = toMinorUnits(amount, currency) * 10 ** (MICROS_EXPONENT - minorUnitExponent(currency));
  return Number.isSafeInteger(micros) ? micros : undefined;
}

/** Micros in major units, exactly. */
export const fromMicros = (micros: number): number => micros / 10 ** MICROS_EXPONENT;
