import { cachedReport, reportCacheKey } from '../src/reports/cached-report.js';
import type { AccountReport, ReportQuery } from '../src/reports/model.js';
import type { Store } from '../src/store/index.js';
import type { CacheScope } from './adset-page.js';

/** R1's report: 100 ad sets, 30 closed days, one row per ad set and day. */
export const REPORT_AD_SETS = 100;
export const REPORT_DAYS = 30;
const DAY = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The query R1 asks: the 30 days up to three days ago (closed in every time zone). */
export function reportQuery(now = Date.now()): ReportQuery {
  return {
    level: 'adset',
    from: dayAt(now - (REPORT_DAYS + 2) * DAY),
    to: dayAt(now - 3 * DAY),
    granularity: 'day',
  };
}

/**
 * Writes R1's report straight into the report cache, as the report service would after reading it
 * from the platform (reading 3,000 rows through a platform is not what R1 measures).
 */
export async function fillReportCache(
  store: Store,
  scope: CacheScope,
  account: string,
): Promise<ReportQuery> {
  const query = reportQuery();
  const rows: AccountReport['rows'] = [];
  for (let i = 0; i < REPORT_AD_SETS; i++) {
    for (let d = 0; d < REPORT_DAYS; d++) {
      const impressions = 1000 + ((i * 37 + d * 11) % 4000);
      rows.push({
        level: 'adset',
        id: `as_${String(i).padStart(7, '0')}`,
        name: `Ad set ${i}`,
        advertiser: account,
        campaignId: `cmp_${i % 10}`,
        date: dayAt(Date.parse(`${query.from}T00:00:00Z`) + d * DAY),
        spend: Math.round(impressions * 0.6) / 100,
        impressions,
        clicks: Math.floor(impressions / 70),
        conversions: Math.floor(impressions / 900),
      });
    }
  }
  const report: AccountReport = { advertiser: account, currency: 'EUR', timeZone: 'Europe/Berlin', rows };
  const key = reportCacheKey(query, [{ id: account, name: 'Account 0' }]);
  await store.reports.cache(scope, key, await cachedReport('sandbox', [report]), 24 * 3_600_000);
  return query;
}
