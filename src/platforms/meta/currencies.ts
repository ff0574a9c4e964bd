import { PlatformError } from '../../ports/platform-error.js';

/**
 * Meta's currency offsets: how many of Meta's budget units make one unit of the currency
 * (https://developers.facebook.com/docs/marketing-api/currencies). They are not ISO 4217's minor
 * units: COP, CRC, HUF, IDR and TWD have cents in ISO but offset 1 at Meta, and BHD and JOD have
 * three decimals in ISO but offset 100 at Meta. A currency missing here is not an ad account currency.
 */
const OFFSET_1 = ['CLP', 'COP', 'CRC', 'HUF', 'IDR', 'ISK', 'JPY', 'KRW', 'PYG', 'TWD', 'VND'];
const OFFSET_100 = [
  'AED',
  'ARS',
  'AUD',
  'BDT',
  'BGN',
  'BHD',
  'BOB',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'DZD',
  'EGP',
  'EUR',
  'FBZ',
  'GBP',
  'GTQ',
  'HKD',
  'HNL',
  'HRK',
  'ILS',
  'INR',
  'JOD',
  'KES',
  'LTL',
  'LVL',
  'MOP',
  'MXN',
  'MYR',
  'NGN',
  'NIO',
  'NOK',
  'NZD',
  'PEN',
  'PHP',
  'PKR',
  'PLN',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'SAR',
  'SEK',
  'SGD',
  'SKK',
  'THB',
  'TRY',
  'UAH',
  'USD',
  'UYU',
  'VEF',
  'VES',
  'ZAR',
];
const OFFSETS = new Map<string, number>([
  ...OFFSET_1.map((c): [string, number] => [c, 1]),
  ...OFFSET_100.map((c): [string, number] => [c, 100]),
]);

/** Meta's offset for an ad account currency, or undefined for a currency Meta ad accounts do not use. */
export const metaOffset = (currency: string): number | undefined => OFFSETS.get(currency);

const offsetOf = (currency: string): number => {
  const offset = metaOffset(currency);
  if (offset === undefined)
    throw new PlatformError('rejected', `Meta reported an unknown currency ${currency}`);
  return offset;
};

/** A Meta budget (a string or number in offset units) in major units of the currency. */
export const fromMetaAmount = (amount: string | number, currency: string): number =>
  Number(amount) / offsetOf(currency);

/** Major units in Meta's offset units; undefined when the amount has more decimals than the offset holds. */
export function toMetaAmount(amount: number, currency: string): number | undefined {
  const scaled = amount * offsetOf(currency);
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : undefined;
}
