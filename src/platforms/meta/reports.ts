import { roundToMinorUnits } from '../../adsets/money.js';
import type { ReportLevel, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import { fields, type GraphClient } from './client.js';
import type { ParamSource } from './errors.js';
import { AD_EFFECTIVE_STATUSES } from './mapping.js';

/** One row of `GET /act_{id}/insights` as Meta sends it: ids, counts and spend are strings. */
export interface GraphInsightsRow {
  campaign_id?: string;
  campaign_name?: string;
  adset_id?: string;
  adset_name?: string;
  ad_id?: string;
  ad_name?: string;
  /** A decimal string in major units of the account currency: "12.34", "1234" for yen. */
  spend?: string;
  impressions?: string;
  clicks?: string;
  actions?: { action_type: string; value: string }[];
  date_start: string;
  date_stop: string;
}

/**
 * What adlink counts as a conversion: purchases and leads, each under the one action type in which
 * Meta deduplicates it across pixel, Conversions API, app and on-Meta events. The other names of the
 * same events (`purchase`, `offsite_conversion.fb_pixel_purchase`, …) would count them again.
 */
export const CONVERSION_ACTIONS = ['omni_purchase', 'lead'];

const LEVEL_FIELDS: Record<ReportLevel, string[]> = {
  campaign: ['campaign_id', 'campaign_name'],
  adset: ['campaign_id', 'adset_id', 'adset_name'],
  ad: ['campaign_id', 'adset_id', 'ad_id', 'ad_name'],
};
const METRIC_FIELDS = ['spend', 'impressions', 'clicks', 'actions'];

/** Meta's parameters named in its refusals, and the report parameters they came from. */
const SOURCES: ParamSource[] = [
  ['start date', 'from'],
  ['since', 'from'],
  ['until', 'to'],
  ['time_range', 'from'],
  ['level', 'level'],
];

/** The insights request for one ad account: the level, the account's days, and the id filters. */
export function toInsightsParams(query: ReportQuery): Record<string, string> {
  const filtering: { field: string; operator: string; value: string | string[] }[] = [
    // Archived and deleted ads spent too: without this Meta would leave them out of every level.
    { field: 'ad.effective_status', operator: 'IN', value: AD_EFFECTIVE_STATUSES },
  ];
  if (query.campaignId) filtering.push({ field: 'campaign.id', operator: 'EQUAL', value: query.campaignId });
  if (query.adsetId) filtering.push({ field: 'adset.id', operator: 'EQUAL', value: query.adsetId });
  return {
    level: query.level,
    ...fields([...LEVEL_FIELDS[query.level], ...METRIC_FIELDS]),
    time_range: JSON.stringify({ since: query.from, until: query.to }),
    time_increment: query.granularity === 'day' ? '1' : 'all_days',
    filtering: JSON.stringify(filtering),
  };
}

const count = (value: string | undefined) => (value === undefined ? 0 : Number(value));

/** One insights row as a report row; spend in major units of `currency`, rounded to its minor unit. */
export function toReportRow(
  row: GraphInsightsRow,
  query: ReportQuery,
  advertiser: string,
  currency: string,
): ReportRow {
  const { level } = query;
  const conversions = (row.actions ?? [])
    .filter((a) => CONVERSION_ACTIONS.includes(a.action_type))
    .reduce((sum, a) => sum + Number(a.value), 0);
  return {
    level,
    id: String(row[`${level}_id`]),
    name: String(row[`${level}_name`] ?? ''),
    advertiser,
    ...(level === 'campaign' ? {} : { campaignId: row.campaign_id }),
    ...(level === 'ad' ? { adsetId: row.adset_id } : {}),
    ...(query.granularity === 'day' ? { date: row.date_start } : {}),
    spend: roundToMinorUnits(count(row.spend), currency),
    impressions: count(row.impressions),
    clicks: count(row.clicks),
    conversions,
  };
}

/**
 * Meta reports through the insights edge of the ad account (`GET /act_{id}/insights`), synchronously:
 * one level, the days of the account's `timezone_name`, campaign or ad set filters, cursor pages.
 */
export function metaReports(graph: GraphClient): ReportAdapter {
  return {
    capabilities: {
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      // 37 months back (error 3018 beyond), counted as the shortest 37 months can be.
      lookbackDays: 1123,
      conversions: "purchases and leads: Meta's deduplicated omni_purchase and lead actions",
    },

    async start(call, account, query) {
      const [{ currency, timezone_name }, rows] = await Promise.all([
        graph.get<{ currency: string; timezone_name: string }>(
          call,
          `/${account.id}`,
          fields(['currency', 'timezone_name']),
        ),
        graph.all<GraphInsightsRow>(call, `/${account.id}/insights`, toInsightsParams(query), SOURCES),
      ]);
      return {
        state: 'done',
        report: {
          advertiser: account.id,
          currency,
          timeZone: timezone_name,
          rows: rows.map((row) => toReportRow(row, query, account.id, currency)),
        },
      };
    },
  };
}
