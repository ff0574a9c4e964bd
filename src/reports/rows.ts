import { roundToMinorUnits } from '../adsets/money.js';
import type { PlatformId } from '../domain/platform-ids.js';
import type { AccountReport, ReportRow } from './model.js';

/** A row as the API answers it: the sums, the currency, and the ratios adlink computes from the sums. */
export interface UnifiedReportRow extends ReportRow {
  platform: PlatformId;
  currency: string;
  /** clicks / impressions, as a fraction rounded to 6 decimals (0.012345 is 1.2345 %). */
  ctr: number | null;
  /** spend / clicks, rounded to the currency's decimals. */
  cpc: number | null;
  /** spend × 1000 / impressions, rounded to the currency's decimals. */
  cpm: number | null;
}

/** The columns of a row, in the order JSON and CSV show them. */
export const ROW_COLUMNS = [
  'level',
  'id',
  'name',
  'platform',
  'advertiser',
  'campaignId',
  'adsetId',
  'date',
  'currency',
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'ctr',
  'cpc',
  'cpm',
] as const satisfies (keyof UnifiedReportRow)[];

const ratio = (numerator: number | null, divisor: number | null): number | null =>
  numerator === null || divisor === null || divisor === 0 ? null : numerator / divisor;

/** An adapter's row in the API's shape: spend rounded to the currency's decimals, ratios from the sums. */
export function unifiedRow(platform: PlatformId, report: AccountReport, row: ReportRow): UnifiedReportRow {
  const { currency } = report;
  const spend = row.spend === null ? null : roundToMinorUnits(row.spend, currency);
  const ctr = ratio(row.clicks, row.impressions);
  const cpc = ratio(spend, row.clicks);
  const cpm = ratio(spend === null ? null : spend * 1000, row.impressions);
  // One literal in the columns' order: rows are built by the thousand, and keep one shape.
  return {
    level: row.level,
    id: row.id,
    name: row.name,
    platform,
    advertiser: row.advertiser,
    ...(row.campaignId === undefined ? {} : { campaignId: row.campaignId }),
    ...(row.adsetId === undefined ? {} : { adsetId: row.adsetId }),
    ...(row.date === undefined ? {} : { date: row.date }),
    currency,
    spend,
    impressions: row.impressions,
    clicks: row.clicks,
    conversions: row.conversions,
    ctr: ctr === null ? null : Math.round(ctr * 1e6) / 1e6,
    cpc: cpc === null ? null : roundToMinorUnits(cpc, currency),
    cpm: cpm === null ? null : roundToMinorUnits(cpm, currency),
  };
}

/** The order rows are listed and paged in: platform, ad account, entity, then day. */
export const rowKey = (row: UnifiedReportRow): string =>
  `${row.platform}|${row.advertiser}|${row.id}|${row.date ?? ''}`;

/**
 * A row kept ready to page: its key, a NUL, then its JSON. Sorted as strings, these are in key order
 * (a NUL sorts before anything that continues a key; platform ids, dates and the platforms' ids hold
 * none), and the first NUL ends the key.
 */
export const serializedRow = (row: UnifiedReportRow): string => `${rowKey(row)}\0${JSON.stringify(row)}`;

const split = (serialized: string) => serialized.indexOf('\0');

/** The key of a serialized row. */
export const serializedKey = (serialized: string): string => serialized.slice(0, split(serialized));

/** The JSON of a serialized row. */
export const serializedJson = (serialized: string): string => serialized.slice(split(serialized) + 1);

/** The lexicographic bound after which the rows following `key` start (a key continues with no NUL). */
export const afterKey = (key: string): string => `${key}\u0001`;

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Text (names and ids, which the customer can set at the platform) that a spreadsheet would run as a
 * formula gets a leading `'` and quotes, so it shows as text. Numbers are adlink's own sums and ratios,
 * never formulas, and stay numbers (a negative one included).
 */
const csvField = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  const text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) return quoted(`'${text}`);
  return /[",\r\n]/.test(text) ? quoted(text) : text;
};

/**
 * RFC 4180: one header line, CRLF line ends, fields with commas, quotes or line breaks quoted; text
 * that would start a formula neutralized.
 */
export function rowsCsv(rows: UnifiedReportRow[]): string {
  const lines = [
    ROW_COLUMNS.join(','),
    ...rows.map((row) => ROW_COLUMNS.map((c) => csvField(row[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
