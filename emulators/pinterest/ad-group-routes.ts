import { Router } from 'express';
import type { z } from 'zod';
import { type BodyCheck, describeBodyIssues } from '../toolkit/body-schema.js';
import { accountOf } from './account-routes.js';
import {
  adGroupChanges,
  adGroupCreateRequest,
  adGroupUpdateRequest,
  describeIssues,
  newAdGroup,
} from './ad-group-input.js';
import { badRequest, notFound } from './errors.js';
import { type AdGroup, BID_FLOORS, type BillableEvent, unixNow, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { entityStatuses, listParam, page } from './paging.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/** The size limits of the batch endpoints' arrays. */
export const MAX_BATCH = 30;

/** One item of a batch answer: the object, or why it was refused (HTTP 200 either way). */
type Element = { data: unknown; exceptions: { code: number; message: string }[] };
const refused = (message: string): Element => ({ data: null, exceptions: [{ code: 400, message }] });

function batch(body: unknown): unknown[] {
  if (!Array.isArray(body) || body.length < 1 || body.length > MAX_BATCH) {
    throw badRequest(`Invalid request: the body must be a list of 1 to ${MAX_BATCH} ad groups.`);
  }
  return body;
}

/** List, get, create (batch) and update (batch) ad groups; Pinterest has no DELETE for them. */
export function adGroupRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);
  /** The item against the OpenAPI's request schema, then the fields this emulator models. */
  const parse = <T>(official: BodyCheck, schema: z.ZodType<T>, item: unknown) => {
    const issues = official(item);
    if (issues.length > 0) return describeBodyIssues(issues);
    const parsed = schema.safeParse(item);
    return parsed.success ? parsed.data : describeIssues(parsed.error);
  };

  router.get(`${V5}/ad_accounts/:ad_account_id/ad_groups`, (req, res) => {
    const account = accountOf(state, req);
    const campaignIds = listParam(req.query, 'campaign_ids');
    const adGroupIds = listParam(req.query, 'ad_group_ids');
    if (campaignIds && adGroupIds) {
      throw badRequest('Invalid ad account group parameters: give campaign_ids or ad_group_ids, not both.');
    }
    const statuses = entityStatuses(req.query);
    const adGroups = [...state.adGroups.values()].filter(
      (g) =>
        g.ad_account_id === account.id &&
        statuses.includes(g.status) &&
        (!campaignIds || campaignIds.includes(g.campaign_id)) &&
        (!adGroupIds || adGroupIds.includes(g.id)),
    );
    res.json(page(adGroups, req.query, render.adGroup));
  });

  router.get(`${V5}/ad_accounts/:ad_account_id/ad_groups/:ad_group_id`, (req, res) => {
    const account = accountOf(state, req);
    const adGroup = state.adGroups.get(String(req.params.ad_group_id));
    if (!adGroup || adGroup.ad_account_id !== account.id) throw notFound('Ad group not found.');
    res.json(render.adGroup(adGroup));
  });

  router.post(`${V5}/ad_accounts/:ad_account_id/ad_groups`, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body).map((item): Element => {
      const parsed = parse(officialBody.adGroupCreate, adGroupCreateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const values = newAdGroup(parsed, account, state.campaigns.get(parsed.campaign_id));
      if (typeof values === 'string') return refused(values);
      return { data: render.adGroup(state.addAdGroup(values)), exceptions: [] };
    });
    res.json({ items });
  });

  router.patch(`${V5}/ad_accounts/:ad_account_id/ad_groups`, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body).map((item): Element => {
      const parsed = parse(officialBody.adGroupUpdate, adGroupUpdateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const current: AdGroup | undefined = state.adGroups.get(parsed.id);
      if (!current || current.ad_account_id !== account.id)
        return refused(`Ad group ${parsed.id} not found.`);
      const changes = adGroupChanges(parsed, current);
      if (typeof changes === 'string') return refused(changes);
      Object.assign(current, changes, { updated_time: unixNow() });
      return { data: render.adGroup(current), exceptions: [] };
    });
    res.json({ items });
  });

  /** One floor per spec: this emulator's per billable event (Pinterest's are not published). */
  router.post(`${V5}/ad_accounts/:ad_account_id/bid_floor`, (req, res) => {
    accountOf(state, req);
    const issues = officialBody.bidFloor(req.body);
    if (issues.length > 0) throw badRequest(`Invalid request: ${describeBodyIssues(issues)}`);
    const specs =
      (req.body as { bid_floor_specs?: { billable_event: BillableEvent }[] }).bid_floor_specs ?? [];
    res.json({ bid_floors: specs.map((s) => BID_FLOORS[s.billable_event]), type: 'bidfloor' });
  });

  return router;
}
