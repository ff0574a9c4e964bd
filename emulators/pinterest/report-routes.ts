import { type Request, type Response, Router } from 'express';
import api from '../../test/fixtures/pinterest/openapi-extract.json' with { type: 'json' };
import { accountOf } from './account-routes.js';
import { badRequest } from './errors.js';
import { type Ad, V5 } from './model.js';
import { officialQuery } from './official-query.js';
import { type AnalyticsLevel, analyticsRows, type ReportedEntity } from './report-rows.js';
import type { PinterestState } from './state.js';

/** How far back, and over how many days after `start_date`, Pinterest reports (the parameters' descriptions). */
export const LOOKBACK_DAYS = 90;
export const MAX_RANGE_DAYS = 90;
/** Granularity HOUR: 8 days back, a range of 3 days at most (the operations' descriptions). */
const HOUR_LOOKBACK_DAYS = 8;
const HOUR_RANGE_DAYS = 3;
/** What this emulator breaks metrics down by: its metrics are per day (toolkit/metrics.ts). */
const EMULATED_GRANULARITIES = ['TOTAL', 'DAY'];
/** Closed betas "not available to all users": the emulated user is in none. */
const BETAS = ['aggregate_report_rows', 'reporting_timezone'];

const OPERATIONS = {
  campaign: 'campaigns/analytics',
  ad_group: 'ad_groups/analytics',
  ad: 'ads/analytics',
} as const satisfies Record<AnalyticsLevel, keyof typeof api.operations>;

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysApart = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * `GET …/campaigns/analytics`, `…/ad_groups/analytics` and `…/ads/analytics`: the query checked against
 * the OpenAPI's parameters, then Pinterest's date rules; the answer a JSON array of rows. Every refusal
 * is a 400 with the operation's own message and the reason.
 */
export function reportRoutes(state: PinterestState): Router {
  const router = Router();
  const list = (value: string | string[] | undefined) => (value === undefined ? undefined : [value].flat());

  const entitiesOf = (level: AnalyticsLevel, account: string, q: Record<string, string | string[]>) => {
    const ads = [...state.ads.values()].filter((ad) => ad.ad_account_id === account);
    const under = (field: keyof Ad, id: string) => ads.filter((ad) => ad[field] === id);
    if (level === 'campaign') {
      const ids = list(q.campaign_ids)!;
      return [...state.campaigns.values()]
        .filter((c) => c.ad_account_id === account && ids.includes(c.id))
        .map((c): ReportedEntity => ({ id: c.id, ads: under('campaign_id', c.id) }));
    }
    if (level === 'ad_group') {
      const ids = list(q.ad_group_ids)!;
      return [...state.adGroups.values()]
        .filter((g) => g.ad_account_id === account && ids.includes(g.id))
        .map((g): ReportedEntity => ({ id: g.id, ads: under('ad_group_id', g.id) }));
    }
    const filters: [keyof Ad, string[] | undefined][] = [
      ['id', list(q.ad_ids)],
      ['campaign_id', list(q.campaign_ids)],
      ['pin_id', list(q.pin_ids)],
    ];
    return ads
      .filter((ad) => filters.every(([field, ids]) => !ids || ids.includes(ad[field] as string)))
      .map((ad): ReportedEntity => ({ id: ad.id, ads: [ad] }));
  };

  const analytics = (level: AnalyticsLevel) => (req: Request, res: Response) => {
    const operation = OPERATIONS[level];
    const refuse = (reason: string) =>
      badRequest(
        `${api.operations[operation].badRequestMessage} ${reason[0]!.toUpperCase()}${reason.slice(1)}.`,
      );
    const account = accountOf(state, req);
    const q = officialQuery(operation, req.query);
    if (typeof q === 'string') throw refuse(q);
    const beta = BETAS.find((name) => name in q);
    if (beta) throw refuse(`${beta} is a closed beta this user is not in`);
    const [from, to, granularity] = [q.start_date as string, q.end_date as string, q.granularity as string];
    const today = todayUtc();
    const hourly = granularity === 'HOUR';
    const [lookback, range] = hourly
      ? [HOUR_LOOKBACK_DAYS, HOUR_RANGE_DAYS]
      : [LOOKBACK_DAYS, MAX_RANGE_DAYS];
    if (daysApart(from, today) > lookback)
      throw refuse(`start_date cannot be more than ${lookback} days back from today`);
    if (to < from) throw refuse('end_date cannot be before start_date');
    if (daysApart(from, to) > range)
      throw refuse(`end_date cannot be more than ${range} days past start_date`);
    if (level === 'ad' && !q.ad_ids && !(q.campaign_ids && q.pin_ids)) {
      throw refuse('the request must contain either ad_ids or both campaign_ids and pin_ids');
    }
    if (!EMULATED_GRANULARITIES.includes(granularity)) {
      throw refuse(`this emulator reports granularity TOTAL and DAY, not ${granularity}`);
    }
    res.json(
      analyticsRows({
        level,
        account,
        entities: entitiesOf(level, account.id, q),
        from,
        to,
        daily: granularity === 'DAY',
        columns: list(q.columns)!,
        today,
      }),
    );
  };

  for (const level of Object.keys(OPERATIONS) as AnalyticsLevel[]) {
    router.get(
      `${V5}${api.operations[OPERATIONS[level]].path.replace('{ad_account_id}', ':ad_account_id')}`,
      analytics(level),
    );
  }
  return router;
}
