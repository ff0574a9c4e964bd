import express, { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import type { AdsStore, Page } from './ads-store.js';
import { createAdSetBody, transitionRefusal, updateAdSetBody } from './adset-input.js';
import { apiErrors, notFound } from './api-errors.js';
import { adsetsQuery, campaignsQuery, noQuery, parseBody, parseQuery } from './api-input.js';
import { accessOf, requireAccessToken } from './bearer.js';
import { encodeCursor } from './cursor.js';
import { ApiError } from './errors.js';
import type { AccessContext, GrantStore } from './grants.js';
import { userKey } from './keys.js';
import { type AdSet, delivery } from './model.js';
import type { RateLimiter } from './rate-limit.js';
import { allows } from './scopes.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function requireScope(access: AccessContext, action: 'read' | 'write'): void {
  if (allows(access.scope, action)) return;
  const scope = action === 'read' ? 'ads_read' : 'ads_management';
  throw new ApiError(403, 'insufficient_scope', `This request needs the ${scope} scope.`, undefined, {
    'WWW-Authenticate': `Bearer realm="sandbox", error="insufficient_scope", scope="${scope}"`,
  });
}

function requireAccount(access: AccessContext, account: string): string {
  if (!access.grant.accounts.includes(account)) {
    throw new ApiError(403, 'account_not_granted', 'This ad account is not shared with your application.');
  }
  return account;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const pageBody = <T>(page: Page<T>) => ({
  data: page.data,
  paging: page.last === undefined ? {} : { next: encodeCursor(page.last) },
});

export interface AdsApiDeps {
  grants: GrantStore;
  ads: AdsStore;
  limiter: RateLimiter;
  log: Logger;
}

/** The ads API, mounted at /api/v1: a user's granted accounts, their campaigns, ad sets and ads. */
export function createAdsApi({ grants, ads, limiter, log }: AdsApiDeps): Router {
  const router = Router();
  router.use(noStore, requireAccessToken(grants, limiter), express.json({ limit: '100kb' }));

  function resource(path: string, handlers: Partial<Record<Method, RequestHandler>>) {
    const route = router.route(path);
    for (const [method, handler] of Object.entries(handlers) as [Method, RequestHandler][])
      route[method](handler);
    const allow = Object.keys(handlers).join(', ').toUpperCase();
    route.all(() => {
      throw new ApiError(405, 'method_not_allowed', `This endpoint accepts ${allow}.`, undefined, {
        Allow: allow,
      });
    });
  }

  async function findAdset(access: AccessContext, id: string): Promise<AdSet> {
    const adset = OBJECT_ID.test(id) ? await ads.adset(access.grant.login, id) : null;
    if (!adset) throw new ApiError(404, 'not_found', 'No such ad set.');
    requireAccount(access, adset.account_id);
    return adset;
  }

  async function campaignStatus(login: string, campaignId: string) {
    return (await ads.campaign(login, campaignId))!.status;
  }

  resource('/me', {
    get: (req, res) => {
      parseQuery(noQuery, req);
      const { login } = accessOf(res).grant;
      requireScope(accessOf(res), 'read');
      res.json({ id: `usr_${userKey(login)}`, name: login });
    },
  });

  resource('/me/ad_accounts', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const accounts = await ads.accounts(access.grant.login);
      res.json({ data: accounts.filter((a) => access.grant.accounts.includes(a.id)) });
    },
  });

  resource('/ad_accounts/:account/campaigns', {
    get: async (req, res) => {
      const { limit, after } = parseQuery(campaignsQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const account = requireAccount(access, req.params.account as string);
      res.json(pageBody(await ads.campaigns(access.grant.login, account, limit, after)));
    },
  });

  resource('/ad_accounts/:account/adsets', {
    get: async (req, res) => {
      const { limit, after, status } = parseQuery(adsetsQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const account = requireAccount(access, req.params.account as string);
      const deleted = status === 'DELETED';
      res.json(pageBody(await ads.adsets(access.grant.login, account, deleted, limit, after)));
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const accountId = requireAccount(access, req.params.account as string);
      const input = parseBody(createAdSetBody, req);
      const campaign = await ads.campaign(login, input.campaign_id);
      if (!campaign || campaign.account_id !== accountId) {
        throw new ApiError(
          400,
          'invalid_request',
          'campaign_id is not a campaign of this ad account.',
          'campaign_id',
        );
      }
      if (campaign.status === 'ARCHIVED') {
        throw new ApiError(400, 'invalid_request', 'The campaign is archived.', 'campaign_id');
      }
      const account = (await ads.accounts(login)).find((a) => a.id === accountId);
      if (!account) throw new ApiError(404, 'not_found', 'No such ad account.');
      const now = monotonicTimestamp();
      const adset: AdSet = {
        id: `as_${userKey(login)}${randomToken(9)}`,
        account_id: account.id,
        campaign_id: campaign.id,
        name: input.name,
        status: input.status,
        delivery: delivery(input.status, campaign.status),
        channel: input.channel,
        budget: { ...input.budget, currency: account.currency },
        objective: input.objective ?? campaign.objective,
        targeting: { keywords: input.targeting?.keywords ?? [], zipcodes: input.targeting?.zipcodes ?? [] },
        created_time: now,
        updated_time: now,
      };
      await ads.createAdset(login, adset);
      res.status(201).json(adset);
    },
  });

  resource('/adsets/:id', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      res.json(await findAdset(access, req.params.id as string));
    },
    patch: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const adset = await findAdset(access, req.params.id as string);
      const input = parseBody(updateAdSetBody, req);
      const status = input.status ?? adset.status;
      const refusal = transitionRefusal(adset.status, status);
      if (refusal) throw new ApiError(400, 'invalid_request', refusal, 'status');
      const updated: AdSet = {
        ...adset,
        name: input.name ?? adset.name,
        status,
        delivery: delivery(status, await campaignStatus(access.grant.login, adset.campaign_id)),
        updated_time: monotonicTimestamp(),
      };
      await ads.updateAdset(access.grant.login, updated);
      res.json(updated);
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const adset = await findAdset(access, req.params.id as string);
      if (adset.status === 'DELETED')
        throw new ApiError(400, 'invalid_request', 'The ad set is already deleted.', 'id');
      const deleted: AdSet = {
        ...adset,
        status: 'DELETED',
        delivery: 'NOT_DELIVERING',
        updated_time: monotonicTimestamp(),
      };
      await ads.deleteAdset(access.grant.login, deleted);
      res.json(deleted);
    },
  });

  resource('/adsets/:id/ads', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const adset = await findAdset(access, req.params.id as string);
      res.json({ data: await ads.ads(access.grant.login, adset.id) });
    },
  });

  router.use(notFound, apiErrors(log));
  return router;
}
