import { minorUnitExponent } from '../../src/adsets/money.js';
import { adDayMetrics, addMetrics, type DayMetrics, daysBetween, NO_METRICS } from '../toolkit/metrics.js';
import type { Ad, AdAccount } from './model.js';

/** The three analytics operations: what a row is about, and the id column that names it. */
export type AnalyticsLevel = 'campaign' | 'ad_group' | 'ad';
export const ID_COLUMN: Record<AnalyticsLevel, string> = {
  campaign: 'CAMPAIGN_ID',
  ad_group: 'AD_GROUP_ID',
  ad: 'AD_ID',
};

/** One entity of a report: its id and the ads whose numbers it sums. */
export interface ReportedEntity {
  id: string;
  ads: Ad[];
}

/**
 * The columns this emulator fills (others of the OpenAPI's enum are taken and left out of rows, as
 * the columns description allows: "If a column has no value, it may not be returned"). Money is in
 * the account's currency: MICRO_DOLLAR columns in its micro units, DOLLAR ones in major units.
 */
const METRIC_COLUMNS: Record<string, (m: DayMetrics, currency: string) => number> = {
  SPEND_IN_MICRO_DOLLAR: (m, currency) => m.spendMinor * 10 ** (6 - minorUnitExponent(currency)),
  SPEND_IN_DOLLAR: (m, currency) => m.spendMinor / 10 ** minorUnitExponent(currency),
  IMPRESSION_1: (m) => m.impressions,
  PAID_IMPRESSION: (m) => m.impressions,
  CLICKTHROUGH_1: (m) => m.clicks,
  TOTAL_CONVERSIONS: (m) => m.conversions,
};

/** The id columns that describe a row's entity at each level (an ad's parents are one each). */
function idColumns(level: AnalyticsLevel, account: AdAccount, ads: Ad[]): Record<string, string> {
  const [ad] = ads;
  return {
    AD_ACCOUNT_ID: account.id,
    ...(level !== 'campaign' && ad ? { CAMPAIGN_ID: ad.campaign_id } : {}),
    ...(level === 'ad' && ad ? { AD_GROUP_ID: ad.ad_group_id, PIN_ID: ad.pin_id } : {}),
  };
}

const dayOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** Each day's sums over `ads` from `from` to `to`; days without data (before an ad existed, after today) left out. */
function daily(ads: Ad[], from: string, to: string, currency: string, today: string) {
  const days = new Map<string, DayMetrics>();
  for (const ad of ads) {
    for (const day of daysBetween(from, to)) {
      const m = adDayMetrics(ad.id, day, currency, { createdDay: dayOf(ad.created_time), today });
      if (m) days.set(day, addMetrics(days.get(day) ?? NO_METRICS, m));
    }
  }
  return days;
}

/**
 * The analytics answer: per entity (or, aggregated, for all of them) one row per day with data
 * (granularity DAY, with DATE) or one row over the range (TOTAL), each with the id column of its
 * level and the asked columns this emulator fills. Entities without data in the range have no row.
 */
export function analyticsRows(input: {
  level: AnalyticsLevel;
  account: AdAccount;
  entities: ReportedEntity[];
  from: string;
  to: string;
  daily: boolean;
  columns: string[];
  today: string;
}): Record<string, unknown>[] {
  const { level, account, from, to, columns, today } = input;
  const row = (entity: ReportedEntity, sums: DayMetrics, date?: string) => {
    const known = { ...idColumns(level, account, entity.ads) };
    return {
      [ID_COLUMN[level]]: entity.id,
      ...(date ? { DATE: date } : {}),
      ...Object.fromEntries(
        columns.flatMap((column): [string, unknown][] => {
          if (column in known) return [[column, known[column]]];
          const metric = METRIC_COLUMNS[column];
          return metric ? [[column, metric(sums, account.currency)]] : [];
        }),
      ),
    };
  };
  return [...input.entities]
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
    .flatMap((entity) => {
      const days = daily(entity.ads, from, to, account.currency, today);
      if (days.size === 0) return [];
      if (input.daily) return [...days.keys()].sort().map((date) => row(entity, days.get(date)!, date));
      return [row(entity, [...days.values()].reduce(addMetrics, NO_METRICS))];
    });
}
