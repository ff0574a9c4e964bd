import { Router } from 'express';
import { wallClock } from '../../src/domain/zoned-time.js';
import { daysBetween, entitySums, spendString } from '../toolkit/metrics.js';
import { advertiserOf, handle } from './access.js';
import { answer, invalid } from './envelope.js';
import type { Ad } from './model.js';
import { jsonParam, paginate } from './query.js';
import type { TikTokState } from './state.js';

/** The SDK's `report_integrated_get` parameters this emulator answers. */
export const REPORT_PARAMS = [
  'advertiser_id',
  'report_type',
  'service_type',
  'data_level',
  'dimensions',
  'metrics',
  'start_date',
  'end_date',
  'filtering',
  'page',
  'page_size',
] as const;
/** The SDK's other parameters: refused by name rather than ignored. */
const NOT_EMULATED = [
  'advertiser_ids',
  'bc_id',
  'enable_total_metrics',
  'multi_adv_report_in_utc_time',
  'query_mode',
  'query_lifetime',
  'order_field',
  'order_type',
];
export const REPORT_TYPES = ['BASIC', 'AUDIENCE', 'PLAYABLE_MATERIAL', 'CATALOG', 'BC', 'TT_SHOP'] as const;
/** Auction data levels of a BASIC report, and the id dimension each is grouped by. */
export const DATA_LEVELS = {
  AUCTION_ADVERTISER: 'advertiser_id',
  AUCTION_CAMPAIGN: 'campaign_id',
  AUCTION_ADGROUP: 'adgroup_id',
  AUCTION_AD: 'ad_id',
} as const;
type DataLevel = keyof typeof DATA_LEVELS;
const TIME_DIMENSIONS = ['stat_time_day', 'stat_time_hour'];
/** Metrics answered; attribute metrics (names, parent ids) only at the data levels that have them. */
export const METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversion',
  'ctr',
  'cpc',
  'cpm',
  'currency',
] as const;
const ATTRIBUTES: Record<string, DataLevel[]> = {
  advertiser_name: ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'],
  campaign_name: ['AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'],
  campaign_id: ['AUCTION_ADGROUP', 'AUCTION_AD'],
  adgroup_name: ['AUCTION_ADGROUP', 'AUCTION_AD'],
  adgroup_id: ['AUCTION_AD'],
  ad_name: ['AUCTION_AD'],
};
export const ATTRIBUTE_METRICS = Object.keys(ATTRIBUTES);
const FILTER_FIELDS = { campaign_ids: 'campaign_id', adgroup_ids: 'adgroup_id', ad_ids: 'ad_id' } as const;
/** The longest range of one synchronous report, in days. */
export const MAX_RANGE_DAYS = 365;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function stringArray(query: Record<string, unknown>, name: string): string[] | undefined {
  const value = jsonParam(query, name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw invalid(name, 'Must be a list of strings.');
  }
  return value;
}

function date(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  if (value === undefined) throw invalid(name, 'Missing data for required field.');
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(name, 'Must be a date in the format YYYY-MM-DD.');
  }
  return value;
}

/** `filtering`: `[{field_name, filter_type: "IN", filter_value: "[\"id\", …]"}]` on campaign, ad group, ad ids. */
function filters(query: Record<string, unknown>): [keyof Ad, string[]][] {
  const value = jsonParam(query, 'filtering');
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid('filtering', 'Must be a list of filters.');
  return value.map((f: { field_name?: unknown; filter_type?: unknown; filter_value?: unknown }) => {
    const field = FILTER_FIELDS[f?.field_name as keyof typeof FILTER_FIELDS];
    if (!field) throw invalid('filtering.field_name', `Unsupported field_name ${String(f?.field_name)}.`);
    if (f.filter_type !== 'IN')
      throw invalid('filtering.filter_type', `Unsupported filter_type ${String(f.filter_type)}.`);
    let ids: unknown;
    try {
      ids = JSON.parse(String(f.filter_value));
    } catch {
      ids = undefined;
    }
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
      throw invalid('filtering.filter_value', 'Must be a JSON-encoded list of ids.');
    }
    return [field, ids as string[]];
  });
}

/**
 * `GET /report/integrated/get/`: a synchronous BASIC report of auction ads, one row per entity of the
 * data level (and per day with `stat_time_day`), its metrics summed from its ads' days in the
 * advertiser's time zone; deleted ads count (what they spent was spent). Rows without impressions are
 * left out.
 */
export function reportRoutes(state: TikTokState): Router {
  const router = Router();
  router.get(
    '/report/integrated/get/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      for (const name of Object.keys(query)) {
        if (NOT_EMULATED.includes(name)) throw invalid(name, 'Not supported by this emulator.');
        if (!(REPORT_PARAMS as readonly string[]).includes(name)) throw invalid(name, 'Unknown field.');
      }
      const advertiser = advertiserOf(state, query);
      const reportType = query.report_type;
      if (reportType === undefined) throw invalid('report_type', 'Missing data for required field.');
      if (!REPORT_TYPES.includes(reportType as never)) {
        throw invalid('report_type', `Must be one of ${REPORT_TYPES.join(', ')}.`);
      }
      if (reportType !== 'BASIC') throw invalid('report_type', 'Only BASIC is supported by this emulator.');
      if ((query.service_type ?? 'AUCTION') !== 'AUCTION') {
        throw invalid('service_type', 'Only AUCTION is supported by this emulator.');
      }
      const level = (query.data_level ?? 'AUCTION_ADVERTISER') as DataLevel;
      if (!(level in DATA_LEVELS)) {
        throw invalid('data_level', `Must be one of ${Object.keys(DATA_LEVELS).join(', ')}.`);
      }
      const dimensions = stringArray(query, 'dimensions');
      if (!dimensions?.length) throw invalid('dimensions', 'Missing data for required field.');
      const idDimension = DATA_LEVELS[level];
      const daily = dimensions.includes('stat_time_day');
      for (const d of dimensions) {
        if (d === 'stat_time_hour')
          throw invalid('dimensions', 'stat_time_hour is not supported by this emulator.');
        if (d !== idDimension && !TIME_DIMENSIONS.includes(d)) {
          throw invalid('dimensions', `Invalid dimension ${d} for data_level ${level}.`);
        }
      }
      const metrics = stringArray(query, 'metrics') ?? ['spend', 'impressions'];
      for (const m of metrics) {
        if ((METRICS as readonly string[]).includes(m)) continue;
        if (!ATTRIBUTES[m]) throw invalid('metrics', `Invalid metric ${m}.`);
        if (!ATTRIBUTES[m].includes(level))
          throw invalid('metrics', `Metric ${m} is not supported at data_level ${level}.`);
      }
      const [start, end] = [date(query, 'start_date'), date(query, 'end_date')];
      if (start > end) throw invalid('start_date', 'start_date must be earlier than or equal to end_date.');
      const days = daysBetween(start, end);
      if (days.length > MAX_RANGE_DAYS) {
        throw invalid(
          'end_date',
          `The time span between start_date and end_date cannot exceed ${MAX_RANGE_DAYS} days.`,
        );
      }
      const wanted = filters(query);

      const ads = [...state.ads.values()].filter(
        (ad) =>
          ad.advertiser_id === advertiser.advertiser_id &&
          wanted.every(([f, ids]) => ids.includes(ad[f] as string)),
      );
      const sample = new Map(ads.map((ad) => [idOf(ad, idDimension), ad]));
      const today = wallClock(Date.now(), advertiser.timezone).slice(0, 10);
      const reported = ads.map((ad) => ({
        id: ad.ad_id,
        createdDay: wallClock(Date.parse(`${ad.create_time.replace(' ', 'T')}Z`), advertiser.timezone).slice(
          0,
          10,
        ),
        entity: idOf(ad, idDimension),
      }));
      const ranges: [string, string][] = daily ? days.map((d) => [d, d]) : [[start, end]];
      const rows = entitySums(reported, ranges, advertiser.currency, today).map((row) => {
        const ad = sample.get(row.entity)!;
        const values: Record<string, string> = {
          spend: spendString(row.spendMinor, advertiser.currency),
          impressions: String(row.impressions),
          clicks: String(row.clicks),
          conversion: String(row.conversions),
          ctr: ((row.clicks / row.impressions) * 100).toFixed(2),
          cpc: row.clicks ? spendString(Math.round(row.spendMinor / row.clicks), advertiser.currency) : '0',
          cpm: spendString(Math.round((row.spendMinor / row.impressions) * 1000), advertiser.currency),
          currency: advertiser.currency,
          advertiser_name: advertiser.name,
          campaign_name: state.campaigns.get(ad.campaign_id)?.campaign_name ?? '',
          campaign_id: ad.campaign_id,
          adgroup_name: state.adGroups.get(ad.adgroup_id)?.adgroup_name ?? '',
          adgroup_id: ad.adgroup_id,
          ad_name: ad.ad_name,
        };
        return {
          dimensions: {
            [idDimension]: row.entity,
            ...(daily ? { stat_time_day: `${row.from} 00:00:00` } : {}),
          },
          metrics: Object.fromEntries(metrics.map((m) => [m, values[m]])),
        };
      });
      answer(res, paginate(query, rows));
    }),
  );
  return router;
}

const idOf = (ad: Ad, dimension: string) =>
  dimension === 'advertiser_id' ? ad.advertiser_id : (ad[dimension as keyof Ad] as string);
