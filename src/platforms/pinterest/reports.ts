import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { ReportCapabilities, ReportQuery, ReportRow } from '../../reports/model.js';
import type { ReportAdapter } from '../../reports/port.js';
import type { AdAccount } from '../../store/connections.js';
import { accountPath, currencyOf } from './accounts.js';
import type { PinterestClient, Query } from './client.js';
import {
  type AnalyticsRow,
  ENTITY_STATUSES,
  type PinterestAd,
  type PinterestAdGroup,
  type PinterestCampaign,
} from './model.js';
import { fromPinterestMicros } from './money.js';

export const PINTEREST_REPORT_CAPABILITIES: ReportCapabilities = {
  metrics: ['spend', 'impressions', 'clicks', 'conversions'],
  // start_date "cannot be more than 90 days back from today" (the analytics operations).
  lookbackDays: 90,
  conversions:
    'TOTAL_CONVERSIONS: every conversion event (Pinterest tag and API) attributed to the ads with Pinterest’s default windows (30-day click, 30-day engagement, 1-day view), on the day of the ad action',
};

/** Pinterest's analytics days are UTC (`start_date`, `end_date`; its ad account time zone is a closed beta). */
export const PINTEREST_REPORT_TIME_ZONE = 'UTC';
/** Ids per analytics request: `campaign_ids`, `ad_group_ids` and `ad_ids` take 1 to 250. */
export const IDS_PER_REQUEST = 250;
/** Paid spend, impressions and pin clicks, and all conversions; money in micro units of the account currency. */
export const REPORT_COLUMNS = [
  'SPEND_IN_MICRO_DOLLAR',
  'IMPRESSION_1',
  'CLICKTHROUGH_1',
  'TOTAL_CONVERSIONS',
];

/** What a level reports on: the analytics operation, its id parameter and the id column of its rows. */
const LEVELS = {
  campaign: { path: 'campaigns/analytics', idParam: 'campaign_ids', idColumn: 'CAMPAIGN_ID' },
  adset: { path: 'ad_groups/analytics', idParam: 'ad_group_ids', idColumn: 'AD_GROUP_ID' },
  ad: { path: 'ads/analytics', idParam: 'ad_ids', idColumn: 'AD_ID' },
} as const;

/** An entity a report asks about, with what its rows carry besides the numbers. */
export type ReportedEntity = Pick<ReportRow, 'id' | 'name' | 'campaignId' | 'adsetId'>;

/** The analytics query for one batch of ids. */
export function analyticsQuery(query: ReportQuery, ids: string[]): Query {
  return {
    start_date: query.from,
    end_date: query.to,
    granularity: query.granularity === 'day' ? 'DAY' : 'TOTAL',
    // `columns` is not exploded: one comma-separated value (the OpenAPI's `explode: false`).
    columns: REPORT_COLUMNS.join(','),
    [LEVELS[query.level].idParam]: ids,
  };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * One analytics row in the unified model: spend from micro units to major units of the account
 * currency; a column left out of a row had no value, so it counts 0.
 */
export function toReportRow(
  row: AnalyticsRow,
  level: ReportQuery['level'],
  entity: ReportedEntity,
  advertiser: string,
  currency: string,
): ReportRow {
  return {
    level,
    ...entity,
    advertiser,
    ...(typeof row.DATE === 'string' ? { date: row.DATE } : {}),
    spend: fromPinterestMicros(count(row.SPEND_IN_MICRO_DOLLAR), currency),
    impressions: count(row.IMPRESSION_1),
    clicks: count(row.CLICKTHROUGH_1),
    conversions: count(row.TOTAL_CONVERSIONS),
  };
}

const batches = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / IDS_PER_REQUEST) }, (_, i) =>
    ids.slice(i * IDS_PER_REQUEST, (i + 1) * IDS_PER_REQUEST),
  );

/**
 * Reports through Pinterest's synchronous analytics operations. They answer only for the ids they
 * are given, so the account's campaigns, ad groups or ads (every status: archived ones spent too)
 * are listed first, narrowed by the filters, and asked for 250 at a time.
 */
export function pinterestReports(pin: PinterestClient): ReportAdapter {
  const all = <T>(call: PlatformCall, account: string, resource: string, filters: Query) =>
    pin.all<T>(call, `${accountPath(account)}/${resource}`, { entity_statuses: ENTITY_STATUSES, ...filters });

  /** The entities of the level the query asks about, with their names and parents. */
  async function entitiesOf(
    call: PlatformCall,
    account: string,
    query: ReportQuery,
  ): Promise<ReportedEntity[]> {
    const { campaignId, adsetId } = query;
    if (query.level === 'campaign') {
      const campaigns = await all<PinterestCampaign>(call, account, 'campaigns', {
        ...(campaignId ? { campaign_ids: [campaignId] } : {}),
      });
      return campaigns.map((c) => ({ id: c.id, name: c.name }));
    }
    if (query.level === 'adset') {
      // `ad_group_ids` and `campaign_ids` cannot be given together: the campaign is checked here.
      const adGroups = await all<PinterestAdGroup>(
        call,
        account,
        'ad_groups',
        adsetId ? { ad_group_ids: [adsetId] } : campaignId ? { campaign_ids: [campaignId] } : {},
      );
      return adGroups
        .filter((g) => !campaignId || g.campaign_id === campaignId)
        .map((g) => ({ id: g.id, name: g.name, campaignId: g.campaign_id }));
    }
    const ads = await all<PinterestAd>(call, account, 'ads', {
      ...(campaignId ? { campaign_ids: [campaignId] } : {}),
      ...(adsetId ? { ad_group_ids: [adsetId] } : {}),
    });
    return ads.map((ad) => ({
      id: ad.id,
      // An ad without a name is shown by its id.
      name: ad.name || ad.id,
      campaignId: ad.campaign_id ?? '',
      adsetId: ad.ad_group_id,
    }));
  }

  return {
    capabilities: PINTEREST_REPORT_CAPABILITIES,
    async start(call, account: AdAccount, query) {
      for (const [param, id] of [
        ['campaignId', query.campaignId],
        ['adset', query.adsetId],
      ] as const) {
        if (id !== undefined && !/^\d{1,18}$/.test(id))
          throw new PlatformInputError(param, `Pinterest ids are digits, not "${id}".`);
      }
      if (query.level === 'campaign' && query.adsetId !== undefined)
        throw new PlatformInputError('adset', 'A campaign-level report cannot be narrowed to one ad group.');
      const at = { ...call, accounts: [account] };
      const currency = currencyOf(at, account.id);
      const entities = new Map((await entitiesOf(at, account.id, query)).map((e) => [e.id, e]));
      const { path, idColumn } = LEVELS[query.level];
      const rows: ReportRow[] = [];
      for (const ids of batches([...entities.keys()])) {
        const answer = await pin.get<unknown>(
          at,
          `${accountPath(account.id)}/${path}`,
          analyticsQuery(query, ids),
        );
        if (!Array.isArray(answer)) throw new PlatformError('rejected', `unexpected answer for ${path}`);
        for (const row of answer as AnalyticsRow[]) {
          const entity = entities.get(String(row[idColumn]));
          if (!entity) {
            throw new PlatformError(
              'rejected',
              `Pinterest's ${path} answered a row for ${row[idColumn]}, not asked about`,
            );
          }
          rows.push(toReportRow(row, query.level, entity, account.id, currency));
        }
      }
      return {
        state: 'done',
        report: { advertiser: account.id, currency, timeZone: PINTEREST_REPORT_TIME_ZONE, rows },
      };
    },
  };
}
