import { wallClock } from '../../src/domain/zoned-time.js';
import {
  type DayMetrics,
  daysBetween,
  type EntitySums,
  entitySums,
  spendString,
} from '../toolkit/metrics.js';
import { type FieldRequest, select } from './fields.js';
import { GraphError, invalidParam } from './graph-error.js';
import { type Ad, type AdAccount, parseGraphTime } from './model.js';
import { page } from './paging.js';
import type { MetaStore } from './store.js';

/** The parameters of `GET /{object}/insights` (the Python SDK's `get_insights` param_types) this emulator answers. */
export const INSIGHTS_PARAMS = [
  'fields',
  'level',
  'time_range',
  'time_increment',
  'filtering',
  'limit',
  'after',
];
/** The SDK's `get_insights` parameters the emulator does not answer: refused by name rather than ignored. */
const NOT_EMULATED = [
  'action_attribution_windows',
  'action_breakdowns',
  'action_report_time',
  'breakdowns',
  'date_preset',
  'default_summary',
  'export_columns',
  'export_format',
  'export_name',
  'product_id_limit',
  'sort',
  'summary',
  'summary_action_breakdowns',
  'time_ranges',
  'use_account_attribution_setting',
  'use_unified_attribution_setting',
];
/** The `AdsInsights.Fields` the emulator answers (every one is in the SDK's list). */
export const INSIGHTS_FIELDS = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'spend',
  'impressions',
  'clicks',
  'actions',
  'date_start',
  'date_stop',
] as const;
/** The SDK's `AdsInsights.Level`. */
export const INSIGHTS_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;
type Level = (typeof INSIGHTS_LEVELS)[number];
/** Ads in these statuses report only when `filtering` on `ad.effective_status` names them (Meta's default). */
const HIDDEN_STATUSES = ['ARCHIVED', 'DELETED'];
const FILTER_FIELDS = ['campaign.id', 'adset.id', 'ad.id', 'ad.effective_status'] as const;
const FILTER_OPERATORS = ['EQUAL', 'NOT_EQUAL', 'IN', 'NOT_IN'] as const;
/** How far back insights reach: 37 months before today. */
const LOOKBACK_MONTHS = 37;

interface Filter {
  field: (typeof FILTER_FIELDS)[number];
  operator: (typeof FILTER_OPERATORS)[number];
  value: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string =>
  typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

function jsonParam(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalidParam(`Param ${name} must be a JSON-encoded value`);
  }
}

/** `time_range={"since","until"}`: days of the account's time zone, within the last 37 months. */
function timeRange(value: unknown, today: string): { since: string; until: string } {
  if (value === undefined) {
    // Meta's default date_preset, last_30d: the 30 days before today.
    const yesterday = shiftDays(today, -1);
    return { since: shiftDays(yesterday, -29), until: yesterday };
  }
  const range = jsonParam('time_range', value) as { since?: unknown; until?: unknown } | null;
  if (typeof range !== 'object' || range === null || !isDate(range.since) || !isDate(range.until)) {
    throw invalidParam('Param time_range must be a JSON object with since and until dates (YYYY-MM-DD)');
  }
  if (range.since > range.until) throw invalidParam('Param time_range: since must be on or before until');
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const earliest = new Date(Date.UTC(y, m - 1 - LOOKBACK_MONTHS, d)).toISOString().slice(0, 10);
  if (range.since < earliest) {
    throw new GraphError(
      `(#3018) The start date of the time range cannot be beyond ${LOOKBACK_MONTHS} months from the current date`,
      3018,
    );
  }
  return { since: range.since, until: range.until };
}

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `time_increment`: 1 to 90 days per row, `monthly`, or `all_days` (the default: one row for the range). */
function buckets(value: unknown, since: string, until: string): [string, string][] {
  const days = daysBetween(since, until);
  const increment = value === undefined ? 'all_days' : String(value);
  if (increment === 'all_days') return [[since, until]];
  if (increment === 'monthly') {
    const months = new Map<string, string[]>();
    for (const day of days) months.set(day.slice(0, 7), [...(months.get(day.slice(0, 7)) ?? []), day]);
    return [...months.values()].map((m) => [m[0]!, m.at(-1)!]);
  }
  const n = Number(increment);
  if (!/^\d+$/.test(increment) || n < 1 || n > 90) {
    throw invalidParam('Param time_increment must be all_days, monthly or a number of days from 1 to 90');
  }
  const out: [string, string][] = [];
  for (let i = 0; i < days.length; i += n) out.push([days[i]!, days[Math.min(i + n, days.length) - 1]!]);
  return out;
}

function filters(value: unknown): Filter[] {
  if (value === undefined) return [];
  const list = jsonParam('filtering', value);
  if (!Array.isArray(list)) throw invalidParam('Param filtering must be an array of filters');
  return list.map((f: { field?: unknown; operator?: unknown; value?: unknown }) => {
    if (!FILTER_FIELDS.includes(f?.field as Filter['field'])) {
      throw invalidParam(`Filtering field ${String(f?.field)} is invalid`);
    }
    if (!FILTER_OPERATORS.includes(f.operator as Filter['operator'])) {
      throw invalidParam(`Filtering operator ${String(f.operator)} is not supported for ${String(f.field)}`);
    }
    const list = Array.isArray(f.value) ? f.value : [f.value];
    if (!list.every((v) => typeof v === 'string' || typeof v === 'number')) {
      throw invalidParam(`Filtering value for ${String(f.field)} must be a string or a list of strings`);
    }
    return { field: f.field, operator: f.operator, value: list.map(String) } as Filter;
  });
}

function passes(filter: Filter, actual: string): boolean {
  const hit = filter.value.includes(actual);
  return filter.operator === 'EQUAL' || filter.operator === 'IN' ? hit : !hit;
}

/** Purchases and leads of a conversion count, each reported under the several action types Meta uses for it. */
function actionsOf(m: DayMetrics) {
  const purchases = Math.ceil(m.conversions / 2);
  const leads = m.conversions - purchases;
  const actions: [string, number][] = [
    ['link_click', Math.floor(m.clicks * 0.8)],
    ['page_engagement', m.clicks],
    ['post_engagement', m.clicks],
    ['offsite_conversion.fb_pixel_purchase', purchases],
    ['purchase', purchases],
    ['omni_purchase', purchases],
    ['offsite_conversion.fb_pixel_lead', leads],
    ['lead', leads],
  ];
  return actions.filter(([, n]) => n > 0).map(([action_type, n]) => ({ action_type, value: String(n) }));
}

/**
 * `GET /{object}/insights` of an ad account, campaign, ad set or ad: one row per entity of `level`
 * (and per `time_increment` bucket) with delivery, its metrics summed from its ads' days, so every
 * level adds up. Rows without impressions are left out, as Meta does.
 */
export function insights(store: MetaStore, node: string, query: Record<string, unknown>, url: URL) {
  for (const name of Object.keys(query)) {
    if (['access_token', 'appsecret_proof'].includes(name) || INSIGHTS_PARAMS.includes(name)) continue;
    if (NOT_EMULATED.includes(name)) throw invalidParam(`Param ${name} is not emulated`);
    throw invalidParam(`Param ${name} is not supported on this endpoint`);
  }
  const scope = scopeOf(store, node);
  const account = store.accounts.get(scope.account_id)!;
  const today = wallClock(Date.now(), account.timezone_name).slice(0, 10);
  const level = (query.level ?? scope.level) as Level;
  if (!INSIGHTS_LEVELS.includes(level)) {
    throw invalidParam(`level must be one of the following values: ${INSIGHTS_LEVELS.join(', ')}`);
  }
  const fields = requestedFields(query.fields);
  const { since, until } = timeRange(query.time_range, today);
  const ranges = buckets(query.time_increment, since, until);
  const wanted = filters(query.filtering);
  const statusFiltered = wanted.some((f) => f.field === 'ad.effective_status');

  const ads = [...store.ads.values()].filter((ad) => {
    if (ad.account_id !== scope.account_id) return false;
    if (scope.key && (ad as unknown as Record<string, string>)[scope.key] !== node) return false;
    const status = store.adEffectiveStatus(ad);
    if (!statusFiltered && HIDDEN_STATUSES.includes(status)) return false;
    const values = { 'campaign.id': ad.campaign_id, 'adset.id': ad.adset_id, 'ad.id': ad.id };
    return wanted.every((f) => passes(f, f.field === 'ad.effective_status' ? status : values[f.field]));
  });

  const entityId = (ad: Ad) =>
    ({ account: account.account_id, campaign: ad.campaign_id, adset: ad.adset_id, ad: ad.id })[level];
  /** An ad of each entity, which names the entity's campaign and ad set. */
  const sample = new Map(ads.map((ad) => [entityId(ad), ad]));
  const reported = ads.map((ad) => ({
    id: ad.id,
    createdDay: wallClock(parseGraphTime(ad.created_time).getTime(), account.timezone_name).slice(0, 10),
    entity: entityId(ad),
  }));
  const rows = entitySums(reported, ranges, account.currency, today).map((row) => ({
    ...row,
    id: `${row.entity}|${row.from}`,
  }));
  return page(url, rows, (row) =>
    render(store, row, entityOf(level, account, sample.get(row.entity)!), fields),
  );
}

type Entity = { account: AdAccount; campaign?: string; adset?: string; ad?: Ad };

function entityOf(level: Level, account: AdAccount, ad: Ad): Entity {
  if (level === 'account') return { account };
  if (level === 'campaign') return { account, campaign: ad.campaign_id };
  if (level === 'adset') return { account, campaign: ad.campaign_id, adset: ad.adset_id };
  return { account, campaign: ad.campaign_id, adset: ad.adset_id, ad };
}

/** The object the edge is on: its account, the ad field that points at it, and its own level. */
function scopeOf(store: MetaStore, node: string) {
  const account = node.startsWith('act_') ? store.accounts.get(node.slice(4)) : undefined;
  if (account) return { account_id: account.account_id, key: undefined, level: 'account' as Level };
  const campaign = store.campaigns.get(node);
  if (campaign) return { account_id: campaign.account_id, key: 'campaign_id', level: 'campaign' as Level };
  const adSet = store.adSets.get(node);
  if (adSet) return { account_id: adSet.account_id, key: 'adset_id', level: 'adset' as Level };
  const ad = store.ads.get(node);
  if (ad) return { account_id: ad.account_id, key: 'id', level: 'ad' as Level };
  throw new GraphError(
    `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    { type: 'GraphMethodException', subcode: 33 },
  );
}

/** `fields=`: insights fields only, refused with Meta's message when AdsInsights has no such field. */
function requestedFields(value: unknown): FieldRequest[] {
  const names = typeof value === 'string' && value !== '' ? value.split(',') : [];
  for (const name of names) {
    if (!(INSIGHTS_FIELDS as readonly string[]).includes(name)) {
      throw invalidParam(
        `${name} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
      );
    }
  }
  return names.map((name) => ({ name, fields: [] }));
}

function render(store: MetaStore, row: EntitySums, entity: Entity, fields: FieldRequest[]) {
  const { account, campaign, adset, ad } = entity;
  const values: Record<string, unknown> = {
    account_id: account.account_id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: campaign,
    campaign_name: campaign && store.campaigns.get(campaign)?.name,
    adset_id: adset,
    adset_name: adset && store.adSets.get(adset)?.name,
    ad_id: ad?.id,
    ad_name: ad?.name,
    spend: spendString(row.spendMinor, account.currency),
    impressions: String(row.impressions),
    clicks: String(row.clicks),
  };
  const actions = actionsOf(row);
  if (actions.length > 0) values.actions = actions;
  // Insights rows have no `id`; every row says its date range.
  const { id: _, ...out } = select('AdsInsights', INSIGHTS_FIELDS, fields, ({ name }) => values[name]);
  return { ...out, date_start: row.from, date_stop: row.to };
}
