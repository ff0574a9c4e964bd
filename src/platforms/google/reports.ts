import { fromMicros, roundToMinorUnits } from '../../adsets/money.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import type { ReportCapabilities, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import type { AdAccount } from '../../store/connections.js';
import type { GoogleAdsApi } from './client.js';
import type { GoogleRow } from './mapping.js';
import { CUSTOMER_QUERY, isGoogleId, reportQuery } from './queries.js';

export const GOOGLE_REPORT_CAPABILITIES: ReportCapabilities = {
  metrics: ['spend', 'impressions', 'clicks', 'conversions'],
  // Day-segmented data is kept 37 months (reporting/zero-metrics): the shortest 37 months have 1,123 days.
  lookbackDays: 1123,
  conversions:
    'metrics.conversions: the conversion actions included in the account’s "Conversions" column, by click date',
};

/** A GAQL row's numbers in the unified model: cost in major units of the account currency. */
export function toReportRow(
  row: GoogleRow,
  level: ReportQuery['level'],
  advertiser: string,
  currency: string,
): ReportRow {
  const ids =
    level === 'campaign'
      ? { id: row.campaign?.id ?? '', name: row.campaign?.name ?? '' }
      : level === 'adset'
        ? { id: row.adGroup?.id ?? '', name: row.adGroup?.name ?? '', campaignId: row.campaign?.id ?? '' }
        : {
            id: row.adGroupAd?.ad?.id ?? '',
            // Some ad types have no name (responsive search ads usually): their id stands in.
            name: row.adGroupAd?.ad?.name ?? row.adGroupAd?.ad?.id ?? '',
            campaignId: row.campaign?.id ?? '',
            adsetId: row.adGroup?.id ?? '',
          };
  const m = row.metrics ?? {};
  return {
    level,
    ...ids,
    advertiser,
    ...(row.segments?.date ? { date: row.segments.date } : {}),
    spend: roundToMinorUnits(fromMicros(Number(m.costMicros ?? 0)), currency),
    impressions: Number(m.impressions ?? 0),
    clicks: Number(m.clicks ?? 0),
    conversions: m.conversions ?? 0,
  };
}

/**
 * Reports through GoogleAdsService.Search: one GAQL query per account and level, `segments.date`
 * selected for daily rows, pages followed to the last. Synchronous.
 */
export function googleReports(api: GoogleAdsApi): ReportAdapter {
  return {
    capabilities: GOOGLE_REPORT_CAPABILITIES,
    async start(call, account: AdAccount, query) {
      for (const [param, id] of [
        ['campaignId', query.campaignId],
        ['adset', query.adsetId],
      ] as const) {
        if (id !== undefined && !isGoogleId(id))
          throw new PlatformInputError(param, `Google Ads ids are digits, not "${id}".`);
      }
      if (query.level === 'campaign' && query.adsetId !== undefined)
        throw new PlatformInputError('adset', 'A campaign-level report cannot be narrowed to one ad group.');
      // The account's manager (login-customer-id) comes from the account itself.
      const at = { ...call, accounts: [account] };
      const rows = await api.search(
        at,
        account.id,
        reportQuery({
          level: query.level,
          from: query.from,
          to: query.to,
          daily: query.granularity === 'day',
          ...(query.campaignId ? { campaignId: query.campaignId } : {}),
          ...(query.adsetId ? { adGroupId: query.adsetId } : {}),
        }),
      );
      // A range without data answers no rows, and with them not the customer's fields: ask for those.
      const customer = rows[0]?.customer ?? (await api.search(at, account.id, CUSTOMER_QUERY))[0]?.customer;
      const currency = customer?.currencyCode ?? account.currency ?? '';
      return {
        state: 'done',
        report: {
          advertiser: account.id,
          currency,
          timeZone: customer?.timeZone ?? '',
          rows: rows.map((row) => toReportRow(row, query.level, account.id, currency)),
        },
      };
    },
  };
}
