import { type Request, Router } from 'express';
import { instantAt, zonedTime } from '../../src/domain/zoned-time.js';
import { type DayMetrics, daysBetween, entitySums, minorDigits } from '../toolkit/metrics.js';
import { invalid, notFound, requestId } from './envelope.js';
import type { Ad, AdAccount } from './model.js';
import type { SnapState } from './state.js';

/**
 * Snap's Measurement endpoints (`GET /v1/{plural}/{id}/stats`): TOTAL and DAY granularity over
 * `start_time`/`end_time` (end exclusive), an optional `breakdown` into the entities below, the
 * `total_stats` / `timeseries_stats` envelopes, spend in micro-currency.
 */

/** At most this many days per DAY request (the emulator's reading; see README.md). */
export const MAX_DAY_RANGE = 31;

type Level = 'adaccount' | 'campaign' | 'adsquad' | 'ad';
const TYPES: Record<Level, string> = {
  adaccount: 'AD_ACCOUNT',
  campaign: 'CAMPAIGN',
  adsquad: 'AD_SQUAD',
  ad: 'AD',
};
/** What each entity's stats may be broken down into: the levels below it. */
const BREAKDOWNS: Record<Level, Level[]> = {
  adaccount: ['campaign', 'adsquad', 'ad'],
  campaign: ['adsquad', 'ad'],
  adsquad: ['ad'],
  ad: [],
};
const METRICS: Record<string, (m: DayMetrics, micros: number) => number> = {
  impressions: (m) => m.impressions,
  swipes: (m) => m.clicks,
  spend: (m, micros) => m.spendMinor * micros,
  conversion_purchases: (m) => m.conversions,
};
/** Snap's fields the emulator does not compute (video, reach and other conversion metrics). */
const NOT_EMULATED = [
  'quartile_1',
  'quartile_2',
  'quartile_3',
  'view_completion',
  'screen_time_millis',
  'video_views',
  'uniques',
  'frequency',
  'conversion_purchases_value',
  'conversion_sign_ups',
  'conversion_add_cart',
  'conversion_page_views',
];
/** Without `fields`: the impressions, swipes and spend of the Measurement page's example. */
const DEFAULT_FIELDS = ['impressions', 'swipes', 'spend'];
const SWIPE_WINDOWS = ['1_DAY', '7_DAY', '28_DAY'];
const VIEW_WINDOWS = ['1_HOUR', '3_HOUR', '6_HOUR', '1_DAY', '7_DAY', '28_DAY'];
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

/** Snap's time format: the account's local time with milliseconds and offset. */
const snapTime = (ms: number, timeZone: string) => {
  const zoned = zonedTime(new Date(ms), timeZone);
  return `${zoned.slice(0, 19)}.000${zoned.slice(19)}`;
};
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface Query {
  granularity: 'TOTAL' | 'DAY';
  days: string[];
  start: number;
  end: number;
  fields: string[];
  breakdown?: Level;
  omitEmpty: boolean;
}

/** The request's parameters, refused by name as Snap refuses them (HTTP 400). */
function readQuery(req: Request, level: Level, account: AdAccount): Query {
  const param = (name: string) =>
    typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
  const granularity = param('granularity');
  if (granularity === 'HOUR' || granularity === 'LIFETIME')
    throw invalid('granularity', `${granularity} is not emulated`);
  if (granularity !== 'TOTAL' && granularity !== 'DAY')
    throw invalid('granularity', 'must be one of TOTAL, DAY, HOUR, LIFETIME');
  const [start, end] = (['start_time', 'end_time'] as const).map((name) => {
    const value = param(name);
    if (value === undefined) throw invalid(name, `is required with granularity ${granularity}`);
    if (!ISO_WITH_OFFSET.test(value) || Number.isNaN(Date.parse(value)))
      throw invalid(name, 'must be an ISO 8601 date-time with an offset');
    const ms = Date.parse(value);
    // Days of the account's time zone: the emulator's metrics are per day, so TOTAL needs them too.
    if (zonedTime(new Date(ms), account.timezone).slice(11, 19) !== '00:00:00')
      throw invalid(
        name,
        `must be at the beginning of a day in the ad account's time zone (${account.timezone})`,
      );
    return ms;
  }) as [number, number];
  if (end <= start) throw invalid('end_time', 'must be after start_time');
  const first = zonedTime(new Date(start), account.timezone).slice(0, 10);
  const last = zonedTime(new Date(end - 1), account.timezone).slice(0, 10);
  const days = daysBetween(first, last);
  if (granularity === 'DAY' && days.length > MAX_DAY_RANGE)
    throw invalid('end_time', `a DAY request spans at most ${MAX_DAY_RANGE} days`);

  const fields = param('fields')?.split(',') ?? DEFAULT_FIELDS;
  for (const field of fields) {
    if (NOT_EMULATED.includes(field)) throw invalid('fields', `${field} is not emulated`);
    if (!METRICS[field]) throw invalid('fields', `unknown field ${field}`);
  }
  const breakdown = param('breakdown') as Level | undefined;
  if (breakdown !== undefined && !BREAKDOWNS[level].includes(breakdown)) {
    const allowed = BREAKDOWNS[level];
    throw invalid(
      'breakdown',
      allowed.length ? `must be one of ${allowed.join(', ')}` : 'is not supported for ads',
    );
  }
  // Without a breakdown, ad account stats report spend only.
  if (level === 'adaccount' && !breakdown && fields.some((f) => f !== 'spend'))
    throw invalid('fields', 'ad account stats without a breakdown report spend only');
  for (const [name, allowed] of [
    ['swipe_up_attribution_window', SWIPE_WINDOWS],
    ['view_attribution_window', VIEW_WINDOWS],
  ] as const) {
    const value = param(name);
    if (value !== undefined && !allowed.includes(value))
      throw invalid(name, `must be one of ${allowed.join(', ')}`);
  }
  const omit = param('omit_empty');
  if (omit !== undefined && omit !== 'true' && omit !== 'false')
    throw invalid('omit_empty', 'must be true or false');
  return { granularity, days, start, end, fields, breakdown, omitEmpty: omit === 'true' };
}

export function statsRoutes(state: SnapState): Router {
  const router = Router();

  /** The ads under an entity, with the ids they are grouped by at each level. */
  const adsUnder = (level: Level, id: string): { ad: Ad; ids: Record<Level, string> }[] =>
    [...state.ads.values()]
      .map((ad) => {
        const squad = state.adSquads.get(ad.ad_squad_id)!;
        return {
          ad,
          ids: { adaccount: ad.ad_account_id, campaign: squad.campaign_id, adsquad: squad.id, ad: ad.id },
        };
      })
      .filter(({ ids }) => ids[level] === id);

  const found = (level: Level, id: string) => {
    const entity =
      level === 'adaccount'
        ? state.adAccounts.get(id)
        : level === 'campaign'
          ? state.campaigns.get(id)
          : level === 'adsquad'
            ? state.adSquads.get(id)
            : state.ads.get(id);
    if (!entity) throw notFound(level === 'adsquad' ? 'ad squad' : level, id);
    return state.adAccounts.get('ad_account_id' in entity ? entity.ad_account_id : entity.id)!;
  };

  const stats = (level: Level, plural: string) =>
    router.get(`/${plural}/:id/stats`, (req, res) => {
      const id = String(req.params.id);
      const account = found(level, id);
      const query = readQuery(req, level, account);
      const tz = account.timezone;
      const today = zonedTime(new Date(), tz).slice(0, 10);
      const micros = 10 ** (6 - minorDigits(account.currency));
      const ranges: [string, string][] =
        query.granularity === 'TOTAL'
          ? [[query.days[0]!, query.days.at(-1)!]]
          : query.days.map((d) => [d, d]);
      /** The stats of a group of ads per range (each day, or the whole range for TOTAL); zeros without delivery. */
      const sumsOf = (ads: Ad[]) => {
        const reported = ads.map((ad) => ({
          id: ad.id,
          createdDay: zonedTime(new Date(ad.created_at), tz).slice(0, 10),
          entity: 'all',
        }));
        const rows = entitySums(reported, ranges, account.currency, today);
        return ranges.map(([day]) => {
          const row = rows.find((r) => r.from === day);
          return {
            day,
            stats: Object.fromEntries(query.fields.map((f) => [f, row ? METRICS[f]!(row, micros) : 0])),
          };
        });
      };
      const isEmpty = (stats: Record<string, number>) => Object.values(stats).every((v) => v === 0);
      const window = { start_time: snapTime(query.start, tz), end_time: snapTime(query.end, tz) };
      /** One entity's stats in the granularity's shape. */
      const statOf = (entityId: string, type: string, ads: Ad[]) => {
        const days = sumsOf(ads);
        if (query.granularity === 'TOTAL') {
          const { stats } = days[0]!;
          return { id: entityId, type, granularity: 'TOTAL', ...window, stats, empty: isEmpty(stats) };
        }
        const timeseries = days
          .filter((d) => !(query.omitEmpty && isEmpty(d.stats)))
          .map((d) => ({
            start_time: snapTime(instantAt(`${d.day}T00:00:00`, tz), tz),
            end_time: snapTime(instantAt(`${nextDay(d.day)}T00:00:00`, tz), tz),
            stats: d.stats,
          }));
        return {
          id: entityId,
          type,
          granularity: 'DAY',
          ...window,
          timeseries,
          empty: timeseries.every((t) => isEmpty(t.stats)),
        };
      };
      const strip = ({ empty: _, ...stat }: ReturnType<typeof statOf>) => stat;

      const ads = adsUnder(level, id);
      let stat: Record<string, unknown>;
      if (query.breakdown) {
        const by = query.breakdown;
        const groups = new Map<string, Ad[]>();
        // Every entity of the level under this one, even without ads (omit_empty leaves those out).
        for (const child of childrenOf(state, level, id, by)) groups.set(child, []);
        for (const { ad, ids } of ads) groups.get(ids[by])?.push(ad);
        const children = [...groups]
          .map(([childId, childAds]) => statOf(childId, TYPES[by], childAds))
          .filter((s) => !(query.omitEmpty && s.empty))
          .map(strip);
        stat = {
          id,
          type: TYPES[level],
          granularity: query.granularity,
          ...window,
          breakdown_stats: { [by]: children },
        };
      } else {
        stat = strip(
          statOf(
            id,
            TYPES[level],
            ads.map((a) => a.ad),
          ),
        );
      }
      const finalized = { finalized_data_end_time: snapTime(Math.min(query.end, Date.now()), tz) };
      const [list, item] =
        query.granularity === 'TOTAL'
          ? ['total_stats', 'total_stat']
          : ['timeseries_stats', 'timeseries_stat'];
      res.json({
        request_status: 'SUCCESS',
        request_id: requestId(),
        [list]: [{ sub_request_status: 'SUCCESS', [item]: { ...stat, ...finalized } }],
      });
    });

  stats('adaccount', 'adaccounts');
  stats('campaign', 'campaigns');
  stats('adsquad', 'adsquads');
  stats('ad', 'ads');
  return router;
}

/**
 * The ids of the entities of level `by` under one entity, deleted ones included: their past delivery
 * still counts in the totals above them.
 */
function childrenOf(state: SnapState, level: Level, id: string, by: Level): string[] {
  if (by === 'campaign')
    return [...state.campaigns.values()].filter((c) => c.ad_account_id === id).map((c) => c.id);
  const under = (s: { id: string; campaign_id: string; ad_account_id: string }) =>
    level === 'adaccount'
      ? s.ad_account_id === id
      : level === 'campaign'
        ? s.campaign_id === id
        : s.id === id;
  const squads = [...state.adSquads.values()].filter(under);
  if (by === 'adsquad') return squads.map((s) => s.id);
  return [...state.ads.values()].filter((a) => squads.some((s) => s.id === a.ad_squad_id)).map((a) => a.id);
}
