import { fromMicros, roundToMinorUnits } from '../../adsets/money.js';
import { instantAt, zonedTime } from '../../domain/zoned-time.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { ReportLevel, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import { READ_DELETED } from './campaigns.js';
import type { SnapClient } from './client.js';
import type { SnapAd, SnapAdSquad, SnapCampaign } from './model.js';

/** Snap's days per DAY stats request (Measurement: longer ranges are split). */
export const DAY_WINDOW = 31;
/** The stats read: swipes are Snap's clicks, purchases its conversions; spend is in micro-currency. */
export const STATS_FIELDS = ['impressions', 'swipes', 'spend', 'conversion_purchases'];

type Entity = 'adaccount' | 'campaign' | 'adsquad' | 'ad';
const RANK: Record<Entity, number> = { adaccount: 0, campaign: 1, adsquad: 2, ad: 3 };
const LEVEL_ENTITY: Record<ReportLevel, Entity> = { campaign: 'campaign', adset: 'adsquad', ad: 'ad' };
const PLURAL: Record<Entity, string> = {
  adaccount: 'adaccounts',
  campaign: 'campaigns',
  adsquad: 'adsquads',
  ad: 'ads',
};

export interface SnapStats {
  impressions?: number;
  swipes?: number;
  spend?: number;
  conversion_purchases?: number;
}
interface Series {
  start_time: string;
  end_time: string;
  stats: SnapStats;
}
/** One entity's stats: `stats` with TOTAL, `timeseries` with DAY, `breakdown_stats` with a breakdown. */
export interface SnapStat {
  id: string;
  type: string;
  stats?: SnapStats;
  timeseries?: Series[];
  breakdown_stats?: Record<string, SnapStat[]>;
}

/** A day of the account's time zone as Snap's time: its midnight there, with the offset. */
const midnight = (day: string, timeZone: string) =>
  zonedTime(new Date(instantAt(`${day}T00:00:00`, timeZone)), timeZone);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The request: the stats of the filters' narrowest entity, broken down to the level when below it. */
export function statsRequest(
  account: string,
  query: ReportQuery,
  timeZone: string,
  from: string,
  to: string,
) {
  const entity: Entity = query.adsetId ? 'adsquad' : query.campaignId ? 'campaign' : 'adaccount';
  const id = query.adsetId ?? query.campaignId ?? account;
  const level = LEVEL_ENTITY[query.level];
  const params = new URLSearchParams({
    granularity: query.granularity === 'day' ? 'DAY' : 'TOTAL',
    start_time: midnight(from, timeZone),
    end_time: midnight(addDays(to, 1), timeZone),
    fields: STATS_FIELDS.join(','),
    ...(RANK[level] > RANK[entity] ? { breakdown: level } : {}),
    omit_empty: 'true',
  });
  return `/${PLURAL[entity]}/${encodeURIComponent(id)}/stats?${params}`;
}

/** Date windows of at most `DAY_WINDOW` days covering the range (one window for TOTAL). */
export function windows(query: ReportQuery): [string, string][] {
  if (query.granularity === 'total') return [[query.from, query.to]];
  const out: [string, string][] = [];
  for (let from = query.from; from <= query.to; from = addDays(from, DAY_WINDOW)) {
    const to = addDays(from, DAY_WINDOW - 1);
    out.push([from, to < query.to ? to : query.to]);
  }
  return out;
}

/** Names and parents of the account's entities, by id. */
export interface Names {
  campaigns: Map<string, string>;
  squads: Map<string, { name: string; campaignId: string }>;
  ads: Map<string, { name: string; adsetId: string }>;
}

/**
 * The rows of one stat: its breakdown's entities, or the stat itself when the level is its own or
 * above it (then the row is the level's entity: a squad's stats as its campaign's, narrowed to it).
 */
export function toReportRows(
  stat: SnapStat,
  query: ReportQuery,
  advertiser: string,
  currency: string,
  names: Names,
): ReportRow[] {
  const entities = stat.breakdown_stats ? Object.values(stat.breakdown_stats).flat() : [stat];
  return entities.flatMap((entity) => {
    const ids = idsAt(query.level, entity, names);
    const named = {
      level: query.level,
      id: ids.id,
      name: ids.name,
      advertiser,
      ...(ids.campaignId === undefined ? {} : { campaignId: ids.campaignId }),
      ...(ids.adsetId === undefined ? {} : { adsetId: ids.adsetId }),
    };
    const numbers = (stats: SnapStats) => ({
      spend: roundToMinorUnits(fromMicros(stats.spend ?? 0), currency),
      impressions: stats.impressions ?? 0,
      clicks: stats.swipes ?? 0,
      conversions: stats.conversion_purchases ?? 0,
    });
    if (query.granularity === 'total') return [{ ...named, ...numbers(entity.stats ?? {}) }];
    // Snap's times are the account's local times: the day is their date part.
    return (entity.timeseries ?? []).map((t) => ({
      ...named,
      date: t.start_time.slice(0, 10),
      ...numbers(t.stats),
    }));
  });
}

/** The row's entity at the level, from the stat's own entity (itself, or its campaign). */
function idsAt(level: ReportLevel, entity: SnapStat, names: Names) {
  const type = entity.type;
  const squad = type === 'AD_SQUAD' ? names.squads.get(entity.id) : undefined;
  if (level === 'campaign') {
    const id = squad ? squad.campaignId : entity.id;
    return { id, name: names.campaigns.get(id) ?? id };
  }
  if (level === 'adset') {
    const found = names.squads.get(entity.id);
    return { id: entity.id, name: found?.name ?? entity.id, campaignId: found?.campaignId };
  }
  const ad = names.ads.get(entity.id);
  const parent = ad && names.squads.get(ad.adsetId);
  return { id: entity.id, name: ad?.name ?? entity.id, adsetId: ad?.adsetId, campaignId: parent?.campaignId };
}

interface SnapAccountDetails {
  id: string;
  currency: string;
  timezone: string;
}

/** Snap's Measurement endpoints as adlink's report resource. */
export function snapchatReports(snap: SnapClient): ReportAdapter {
  const list = <T>(call: PlatformCall, account: string, plural: string, singular: string) =>
    snap.all<T>(call, {
      path: `/adaccounts/${encodeURIComponent(account)}/${plural}`,
      plural,
      singular,
      query: READ_DELETED,
    });

  async function namesOf(call: PlatformCall, account: string): Promise<Names> {
    const [campaigns, squads, ads] = await Promise.all([
      list<SnapCampaign>(call, account, 'campaigns', 'campaign'),
      list<SnapAdSquad>(call, account, 'adsquads', 'adsquad'),
      list<SnapAd>(call, account, 'ads', 'ad'),
    ]);
    return {
      campaigns: new Map(campaigns.map((c) => [c.id, c.name])),
      squads: new Map(squads.map((s) => [s.id, { name: s.name, campaignId: s.campaign_id }])),
      ads: new Map(ads.map((a) => [a.id, { name: a.name, adsetId: a.ad_squad_id }])),
    };
  }

  return {
    capabilities: {
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      // Snap documents no limit for DAY and TOTAL stats; adlink asks for at most two years back.
      lookbackDays: 730,
      conversions:
        'conversion_purchases: purchases from the Snap Pixel, app events and Conversions API (28-day swipe, 1-day view attribution)',
    },

    async start(call, account, query) {
      const [[details], names] = await Promise.all([
        snap.get<SnapAccountDetails>(call, {
          path: `/adaccounts/${encodeURIComponent(account.id)}`,
          plural: 'adaccounts',
          singular: 'adaccount',
        }),
        namesOf(call, account.id),
      ]);
      if (!details) throw new PlatformError('rejected', `Snapchat answered no ad account ${account.id}`);
      const report = { advertiser: account.id, currency: details.currency, timeZone: details.timezone };
      // Filters name entities of this account only; the campaign filter must hold the ad set filter.
      const squad = query.adsetId === undefined ? undefined : names.squads.get(query.adsetId);
      const outside =
        (query.campaignId !== undefined && !names.campaigns.has(query.campaignId)) ||
        (query.adsetId !== undefined &&
          (!squad || (query.campaignId ?? squad.campaignId) !== squad.campaignId));
      if (outside) return { state: 'done', report: { ...report, rows: [] } };

      const rows: ReportRow[] = [];
      for (const [from, to] of windows(query)) {
        const path = statsRequest(account.id, query, details.timezone, from, to);
        const plural = query.granularity === 'day' ? 'timeseries_stats' : 'total_stats';
        const singular = query.granularity === 'day' ? 'timeseries_stat' : 'total_stat';
        for (const stat of await snap.get<SnapStat>(call, { path, plural, singular }))
          rows.push(...toReportRows(stat, query, account.id, details.currency, names));
      }
      return { state: 'done', report: { ...report, rows } };
    },
  };
}
