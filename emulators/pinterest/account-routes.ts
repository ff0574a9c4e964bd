import { type Request, Router } from 'express';
import { badRequest, notPermitted } from './errors.js';
import { type AdAccount, V5 } from './model.js';
import { page } from './paging.js';
import type { PinterestState } from './state.js';

/** The ad account of the path, if the emulated user has it (any other id: 403, as Pinterest). */
export function accountOf(state: PinterestState, req: Request): AdAccount {
  const id = String(req.params.ad_account_id);
  if (!/^\d{1,18}$/.test(id)) throw badRequest('Invalid ad account id');
  const account = state.account(id);
  if (!account) throw notPermitted();
  return account;
}

/** `GET ad_accounts`. */
export function accountRoutes(state: PinterestState): Router {
  const router = Router();

  router.get(`${V5}/ad_accounts`, (req, res) => {
    res.json(page([...state.accounts.values()], req.query, (a) => a));
  });

  return router;
}
