import { type Request, Router } from 'express';
import { badRequest, notPermitted } from './errors.js';
import { type AdAccount, V5 } from './model.js';
import { entityStatuses, listParam, page } from './paging.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/** The ad account of the path, if the emulated user has it (any other id: 403, as Pinterest). */
export function accountOf(state: PinterestState, req: Request): AdAccount {
  const id = String(req.params.ad_account_id);
  if (!/^\d{1,18}$/.test(id)) throw badRequest('Invalid ad account id');
  const account = state.account(id);
  if (!account) throw notPermitted();
  return account;
}

/** `GET ad_accounts`, and the ads of one. */
export function accountRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);

  router.get(`${V5}/ad_accounts`, (req, res) => {
    res.json(page([...state.accounts.values()], req.query, (a) => a));
  });

  router.get(`${V5}/ad_accounts/:ad_account_id/ads`, (req, res) => {
    const account = accountOf(state, req);
    const filters = {
      campaign_id: listParam(req.query, 'campaign_ids'),
      ad_group_id: listParam(req.query, 'ad_group_ids'),
      id: listParam(req.query, 'ad_ids'),
    };
    const statuses = entityStatuses(req.query);
    const ads = [...state.ads.values()].filter(
      (ad) =>
        ad.ad_account_id === account.id &&
        statuses.includes(ad.status) &&
        Object.entries(filters).every(
          ([field, ids]) => !ids || ids.includes(ad[field as keyof typeof filters]),
        ),
    );
    res.json(page(ads, req.query, render.ad));
  });

  return router;
}
