import { Router } from 'express';
import { accountOf } from './account-routes.js';
import { batch, type Element, parseItem, refused } from './batch.js';
import {
  campaignChanges,
  campaignCreateRequest,
  campaignUpdateRequest,
  newCampaign,
} from './campaign-input.js';
import { notFound } from './errors.js';
import { unixNow, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { entityStatuses, listParam, page } from './paging.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/** List, get, create (batch) and update (batch) campaigns; Pinterest has no DELETE for them (it archives). */
export function campaignRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);
  const path = `${V5}/ad_accounts/:ad_account_id/campaigns`;

  router.get(path, (req, res) => {
    const account = accountOf(state, req);
    const ids = listParam(req.query, 'campaign_ids');
    const statuses = entityStatuses(req.query);
    const campaigns = [...state.campaigns.values()].filter(
      (c) => c.ad_account_id === account.id && statuses.includes(c.status) && (!ids || ids.includes(c.id)),
    );
    res.json(page(campaigns, req.query, render.campaign));
  });

  router.get(`${path}/:campaign_id`, (req, res) => {
    const account = accountOf(state, req);
    const campaign = state.campaigns.get(String(req.params.campaign_id));
    if (!campaign || campaign.ad_account_id !== account.id) throw notFound('Campaign not found.');
    res.json(render.campaign(campaign));
  });

  router.post(path, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body, 'campaigns').map((item): Element => {
      const parsed = parseItem(officialBody.campaignCreate, campaignCreateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const values = newCampaign(parsed, account);
      if (typeof values === 'string') return refused(values);
      return { data: render.campaign(state.addCampaign(values)), exceptions: [] };
    });
    res.json({ items });
  });

  router.patch(path, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body, 'campaigns').map((item): Element => {
      const parsed = parseItem(officialBody.campaignUpdate, campaignUpdateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const current = state.campaigns.get(parsed.id);
      if (!current || current.ad_account_id !== account.id)
        return refused(`Campaign ${parsed.id} not found.`);
      const changes = campaignChanges(parsed, current, account);
      if (typeof changes === 'string') return refused(changes);
      Object.assign(current, changes, { updated_time: unixNow() });
      return { data: render.campaign(current), exceptions: [] };
    });
    res.json({ items });
  });

  return router;
}
