import { Router } from 'express';
import { advertiserOf, handle } from './access.js';
import { answer, invalid } from './envelope.js';
import { filtering, jsonParam, paginate, primaryStatusMatches, stringList } from './query.js';
import type { TikTokState } from './state.js';
import { adGroupOut, adOut, campaignOut } from './wire.js';

/** Keys of the SDK's FilteringAdgroupGet / FilteringCampaignGet that the emulator filters by. */
export const ADGROUP_FILTERS = ['adgroup_ids', 'campaign_ids', 'primary_status', 'secondary_status'] as const;
export const CAMPAIGN_FILTERS = [
  'campaign_ids',
  'objective_type',
  'primary_status',
  'secondary_status',
] as const;
export const AD_FILTERS = [
  'ad_ids',
  'adgroup_ids',
  'campaign_ids',
  'primary_status',
  'secondary_status',
] as const;

type Row = Record<string, unknown> & { secondary_status: string };

/** Ids, status and the `fields` projection every list endpoint shares. */
function select<T extends Row>(
  query: Record<string, unknown>,
  filter: Record<string, unknown>,
  rows: { row: T; deleted: boolean }[],
  ids: [filterKey: string, field: keyof T][],
) {
  const wanted = ids.map(
    ([key, field]) => [stringList(filter[key], `filtering.${key}`, 100), field] as const,
  );
  const fields = stringList(jsonParam(query, 'fields'), 'fields', 200);
  const matching = rows
    .filter(({ deleted }) => primaryStatusMatches(filter.primary_status, deleted))
    .map(({ row }) => row)
    .filter((row) => wanted.every(([list, field]) => !list || list.includes(row[field] as string)))
    .filter(
      (row) => filter.secondary_status === undefined || row.secondary_status === filter.secondary_status,
    );
  const page = paginate(query, matching);
  if (!fields) return page;
  const known = new Set(Object.keys(rows[0]?.row ?? {}));
  const unknown = fields.find((f) => known.size > 0 && !known.has(f));
  if (unknown) throw invalid('fields', `Unknown field ${unknown}.`);
  return { ...page, list: page.list.map((row) => Object.fromEntries(fields.map((f) => [f, row[f]]))) };
}

export function readRoutes(state: TikTokState): Router {
  const router = Router();
  const query = (q: unknown) => q as Record<string, unknown>;

  router.get(
    '/campaign/get/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, query(req.query));
      const filter = filtering(query(req.query), CAMPAIGN_FILTERS);
      const rows = [...state.campaigns.values()]
        .filter((c) => c.advertiser_id === advertiser.advertiser_id)
        .filter((c) => filter.objective_type === undefined || c.objective_type === filter.objective_type)
        .map((c) => ({ row: campaignOut(state, c), deleted: c.deleted }));
      answer(res, select(query(req.query), filter, rows, [['campaign_ids', 'campaign_id']]));
    }),
  );

  router.get(
    '/adgroup/get/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, query(req.query));
      const filter = filtering(query(req.query), ADGROUP_FILTERS);
      const rows = [...state.adGroups.values()]
        .filter((g) => g.advertiser_id === advertiser.advertiser_id)
        .map((g) => ({ row: adGroupOut(state, g), deleted: g.deleted }));
      answer(
        res,
        select(query(req.query), filter, rows, [
          ['adgroup_ids', 'adgroup_id'],
          ['campaign_ids', 'campaign_id'],
        ]),
      );
    }),
  );

  router.get(
    '/ad/get/',
    handle((req, res) => {
      const advertiser = advertiserOf(state, query(req.query));
      const filter = filtering(query(req.query), AD_FILTERS);
      const rows = [...state.ads.values()]
        .filter((a) => a.advertiser_id === advertiser.advertiser_id)
        .map((a) => ({ row: adOut(state, a), deleted: a.deleted }));
      answer(
        res,
        select(query(req.query), filter, rows, [
          ['ad_ids', 'ad_id'],
          ['adgroup_ids', 'adgroup_id'],
          ['campaign_ids', 'campaign_id'],
        ]),
      );
    }),
  );
  return router;
}
