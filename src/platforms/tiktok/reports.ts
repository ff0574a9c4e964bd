import { roundToMinorUnits } from '../../adsets/money.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { ReportLevel, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import type { AdAccount } from '../../store/connections.js';
import type { TikTokApi } from './client.js';
import type { FieldParams } from './errors.js';

/** One row of `GET /report/integrated/get/`: its dimensions and metrics, every value a string. */
export interface TikTokReportRow {
  dimensions: Record<string, string>;
  metrics: Record<string, string>;
}

const LEVELS: Record<ReportLevel, { dataLevel: string; id: string; name: string; parents: string[] }> = {
  campaign: { dataLevel: 'AUCTION_CAMPAIGN', id: 'campaign_id', name: 'campaign_name', parents: [] },
  adset: { dataLevel: 'AUCTION_ADGROUP', id: 'adgroup_id', name: 'adgroup_name', parents: ['campaign_id'] },
  ad: { dataLevel: 'AUCTION_AD', id: 'ad_id', name: 'ad_name', parents: ['campaign_id', 'adgroup_id'] },
};
const METRICS = ['spend', 'impressions', 'clicks', 'conversion'];

/** TikTok's report parameters named in its refusals, and the report parameters they came from. */
const PARAMS: FieldParams = {
  start_date: 'from',
  end_date: 'to',
  data_level: 'level',
};

/** The BASIC report request for one advertiser: the data level, its id (and day) dimensions, the filters. */
export function toReportParams(advertiserId: string, query: ReportQuery): Record<string, unknown> {
  const level = LEVELS[query.level];
  const filtering = [
    ...(query.campaignId
      ? [{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: JSON.stringify([query.campaignId]) }]
      : []),
    ...(query.adsetId
      ? [{ field_name: 'adgroup_ids', filter_type: 'IN', filter_value: JSON.stringify([query.adsetId]) }]
      : []),
  ];
  return {
    advertiser_id: advertiserId,
    report_type: 'BASIC',
    data_level: level.dataLevel,
    dimensions: query.granularity === 'day' ? [level.id, 'stat_time_day'] : [level.id],
    metrics: [...METRICS, level.name, ...level.parents],
    start_date: query.from,
    end_date: query.to,
    ...(filtering.length ? { filtering } : {}),
  };
}

/** One report row in the unified model; spend in major units of `currency`, rounded to its minor unit. */
export function toReportRow(
  row: TikTokReportRow,
  query: ReportQuery,
  advertiser: string,
  currency: string,
): ReportRow {
  const { id, name } = LEVELS[query.level];
  const { metrics, dimensions } = row;
  return {
    level: query.level,
    id: String(dimensions[id]),
    name: metrics[name] ?? '',
    advertiser,
    ...(query.level === 'campaign' ? {} : { campaignId: metrics.campaign_id }),
    ...(query.level === 'ad' ? { adsetId: metrics.adgroup_id } : {}),
    // "2026-11-03 00:00:00": the day in the advertiser's time zone.
    ...(query.granularity === 'day' ? { date: String(dimensions.stat_time_day).slice(0, 10) } : {}),
    spend: roundToMinorUnits(Number(metrics.spend ?? 0), currency),
    impressions: Number(metrics.impressions ?? 0),
    clicks: Number(metrics.clicks ?? 0),
    conversions: Number(metrics.conversion ?? 0),
  };
}

interface Advertiser {
  advertiser_id: string;
  currency: string;
  timezone: string;
}

/** The most advertisers one `/advertiser/info/` call describes. */
const INFO_BATCH = 100;

/**
 * The descriptions of a call's accounts, a batch of up to 100 per `/advertiser/info/` call, asked once
 * for all the reports of the call's accounts started together (keyed by the call's list of accounts,
 * which every report of one request shares and each request reads afresh from the connection).
 */
const described = new WeakMap<AdAccount[], Map<number, Promise<Map<string, Advertiser>>>>();

function describe(api: TikTokApi, call: PlatformCall, account: AdAccount): Promise<Advertiser | undefined> {
  const position = call.accounts.findIndex((a) => a.id === account.id);
  const accounts = position < 0 ? [account] : call.accounts;
  const batch = Math.floor(Math.max(0, position) / INFO_BATCH);
  const batches = described.get(accounts) ?? new Map<number, Promise<Map<string, Advertiser>>>();
  described.set(accounts, batches);
  let info = batches.get(batch);
  if (!info) {
    const ids = accounts.slice(batch * INFO_BATCH, (batch + 1) * INFO_BATCH).map((a) => a.id);
    info = api
      .get(call, '/advertiser/info/', { advertiser_ids: ids })
      .then((data) => new Map(((data.list ?? []) as Advertiser[]).map((a) => [String(a.advertiser_id), a])));
    // A failed description is asked again by the next report rather than remembered.
    info.catch(() => batches.delete(batch));
    batches.set(batch, info);
  }
  return info.then((advertisers) => advertisers.get(account.id));
}

/**
 * TikTok reports through the synchronous integrated report (`GET /report/integrated/get/`, BASIC,
 * auction ads), in days of the advertiser's time zone, read with its currency from `/advertiser/info/` (one call
 * describes up to 100 of the accounts reported at once).
 */
export function tiktokReports(api: TikTokApi): ReportAdapter {
  return {
    capabilities: {
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      // TikTok documents no lookback for BASIC reports; adlink bounds it at three years.
      lookbackDays: 1095,
      conversions: "the conversion column: results of each ad group's optimization event",
    },

    async start(call, account, query) {
      const [advertiser, rows] = await Promise.all([
        describe(api, call, account),
        api.all<TikTokReportRow>(call, '/report/integrated/get/', toReportParams(account.id, query), PARAMS),
      ]);
      if (!advertiser)
        throw new PlatformError('rejected', `TikTok did not describe advertiser ${account.id}`);
      return {
        state: 'done',
        report: {
          advertiser: account.id,
          currency: advertiser.currency,
          timeZone: advertiser.timezone,
          rows: rows.map((row) => toReportRow(row, query, account.id, advertiser.currency)),
        },
      };
    },
  };
}
