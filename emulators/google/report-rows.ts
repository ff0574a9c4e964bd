import { minorUnitExponent } from '../../src/adsets/money.js';
import { adDayMetrics, type DayMetrics } from '../toolkit/metrics.js';
import type { Context, Query } from './gaql.js';
import { addDays, DATE_FIELD, dateRange } from './gaql-dates.js';
import type { Account, AdGroupAd } from './model.js';

/**
 * The metrics of GAQL rows, summed from what each ad did on each day (toolkit/metrics.ts), so an
 * ad group's numbers are its ads' and a campaign's its ad groups'. A query with `segments.date`
 * answers one row per entity and day that has metrics (Google leaves out days without any:
 * reporting/zero-metrics); one without answers each entity once, zeros included, summed over the
 * WHERE clause's dates, or over the account's lifetime where it names none.
 */

/** Day-segmented data older than 37 months is gone (reporting/zero-metrics, "data retention"). */
const SEGMENTED_RETENTION_MONTHS = 37;
/** All account data is kept 11 years (Google Ads data retention policy, November 2024). */
const RETENTION_YEARS = 11;

const monthsBefore = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

/** What the REST API answers in `metrics`: int64 as decimal strings, conversions a double. */
function metricsJson(sum: DayMetrics, currency: string) {
  return {
    costMicros: String(sum.spendMinor * 10 ** (6 - minorUnitExponent(currency))),
    impressions: String(sum.impressions),
    clicks: String(sum.clicks),
    conversions: sum.conversions,
  };
}

const NOTHING: DayMetrics = { impressions: 0, clicks: 0, conversions: 0, spendMinor: 0 };
const plus = (a: DayMetrics, b: DayMetrics): DayMetrics => ({
  impressions: a.impressions + b.impressions,
  clicks: a.clicks + b.clicks,
  conversions: a.conversions + b.conversions,
  spendMinor: a.spendMinor + b.spendMinor,
});

export function withMetrics(account: Account, base: Context[], query: Query, today: string): Context[] {
  const { currencyCode: currency } = account.customer;
  const segmented = query.fields.includes(DATE_FIELD);
  const range = dateRange(query.conditions, today);
  const oldest = segmented
    ? monthsBefore(today, SEGMENTED_RETENTION_MONTHS)
    : monthsBefore(today, RETENTION_YEARS * 12);
  const from = range.from && range.from > oldest ? range.from : oldest;
  const to = range.to && range.to < today ? range.to : today;

  const adGroups = new Map([...account.adGroups.values()].map((g) => [g.resourceName, g]));
  const campaigns = new Map([...account.campaigns.values()].map((c) => [c.resourceName, c]));
  const campaignOf = (ad: AdGroupAd) => campaigns.get(adGroups.get(ad.adGroup)?.campaign ?? '');
  const ads = [...account.ads.values()];
  const adsOf = (context: Context): AdGroupAd[] => {
    if (context.adGroupAd) return [context.adGroupAd as AdGroupAd];
    const adGroup = context.adGroup as { resourceName: string } | undefined;
    if (adGroup) return ads.filter((ad) => ad.adGroup === adGroup.resourceName);
    const campaign = context.campaign as { resourceName: string } | undefined;
    if (campaign) return ads.filter((ad) => campaignOf(ad)?.resourceName === campaign.resourceName);
    return ads;
  };

  /** Each day's sums over `ads` from `from` to `to`, days without any data left out. */
  const daily = (of: AdGroupAd[]) => {
    const days = new Map<string, DayMetrics>();
    for (const ad of of) {
      const createdDay = campaignOf(ad)?.startDateTime.slice(0, 10);
      const start = createdDay && createdDay > from ? createdDay : from;
      for (let day = start; day <= to; day = addDays(day, 1)) {
        const m = adDayMetrics(ad.ad.id, day, currency, { today, ...(createdDay ? { createdDay } : {}) });
        if (m) days.set(day, plus(days.get(day) ?? NOTHING, m));
      }
    }
    return days;
  };

  return base.flatMap((context) => {
    const days = daily(adsOf(context));
    if (segmented) {
      return [...days.keys()].sort().map((date) => ({
        ...context,
        metrics: metricsJson(days.get(date)!, currency),
        segments: { date },
      }));
    }
    const total = [...days.values()].reduce(plus, NOTHING);
    return [{ ...context, metrics: metricsJson(total, currency) }];
  });
}
