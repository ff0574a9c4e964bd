import { Router } from 'express';
import { describeBodyIssues } from '../toolkit/body-schema.js';
import { accountOf } from './account-routes.js';
import { adGroupChanges, adGroupCreateRequest, adGroupUpdateRequest, newAdGroup } from './ad-group-input.js';
import { batch, type Element, parseItem, refused } from './batch.js';
import { badRequest, notFound } from './errors.js';
import { type AdGroup, BID_FLOORS, type BillableEvent, unixNow, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { entityStatuses, listParam, page } from './paging.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/** List, get, create (batch) and update (batch) ad groups; Pinterest has no DELETE for them. */
export function adGroupRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);
  const audiencesOf = (account: string) =>
    new Set([...state.audiences.values()].filter((a) => a.ad_account_id === account).map((a) => a.id));

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
    const items = batch(req.body, 'ad groups').map((item): Element => {
      const parsed = parseItem(officialBody.adGroupCreate, adGroupCreateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const values = newAdGroup(
        parsed,
        account,
        state.campaigns.get(parsed.campaign_id),
        audiencesOf(account.id),
      );
      if (typeof values === 'string') return refused(values);
      return { data: render.adGroup(state.addAdGroup(values)), exceptions: [] };
    });
    res.json({ items });
  });

  router.patch(`${V5}/ad_accounts/:ad_account_id/ad_groups`, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body, 'ad groups').map((item): Element => {
      const parsed = parseItem(officialBody.adGroupUpdate, adGroupUpdateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const current: AdGroup | undefined = state.adGroups.get(parsed.id);
      if (!current || current.ad_account_id !== account.id)
        return refused(`Ad group ${parsed.id} not found.`);
      const campaign = state.campaigns.get(current.campaign_id)!;
      const changes = adGroupChanges(parsed, current, account, campaign, audiencesOf(account.id));
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
