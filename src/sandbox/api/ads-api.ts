import express, { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { userKey } from '../keys.js';
import type { GrantStore } from '../oauth/grants.js';
import { apiResources, OBJECT_ID, requireAccount, requireScope, visible } from './access.js';
import { registerAdRoutes } from './ad-routes.js';
import type { AdsStore } from './ads-store.js';
import { registerAdsetRoutes } from './adset-routes.js';
import { apiErrors, notFound } from './api-errors.js';
import { noQuery, parseBody, parseQuery, reportRunQuery } from './api-input.js';
import { registerAudienceRoutes } from './audience-routes.js';
import type { AudienceStore } from './audience-store.js';
import { accessOf, requireAccessToken } from './bearer.js';
import { registerCampaignRoutes } from './campaign-routes.js';
import type { CreativeStore } from './creative-store.js';
import { type FaultStore, injectFaults } from './faults.js';
import { registerImageRoutes } from './image-routes.js';
import { objectLookups } from './lookups.js';
import type { RateLimiter } from './rate-limit.js';
import { reportBody } from './report-input.js';
import type { SandboxReports } from './reports.js';
import { registerTestControls } from './test-controls.js';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export interface AdsApiDeps {
  grants: GrantStore;
  ads: AdsStore;
  creatives: CreativeStore;
  audiences: AudienceStore;
  faults: FaultStore;
  limiter: RateLimiter;
  reports: SandboxReports;
  /** How long a `hang` fault delays its response. */
  hangMs: number;
  log: Logger;
}

/**
 * The ads API, mounted at /api/v1: a user's granted accounts, their campaigns, ad sets and ads, images
 * and profiles, their reports, and the test controls (fault injection, test ads, report and review
 * delays) under /_test.
 */
export function createAdsApi(deps: AdsApiDeps): Router {
  const { grants, ads, creatives, audiences, faults, limiter, reports, hangMs, log } = deps;
  const router = Router();
  router.use(
    noStore,
    requireAccessToken(grants, limiter),
    injectFaults(faults, hangMs, log),
    express.json({ limit: '100kb' }),
  );
  const resource = apiResources(router);
  const find = objectLookups(ads);
  const { accountOf } = find;

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

  registerCampaignRoutes(router, { ads, lookups: find });
  registerAdsetRoutes(router, { ads, lookups: find }, audiences);
  registerAdRoutes(router, { ads, lookups: find }, creatives);
  registerImageRoutes(router, find, creatives);
  registerAudienceRoutes(router, find, audiences, creatives);

  resource('/ad_accounts/:account/reports', {
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const account = await accountOf(login, requireAccount(access, req.params.account as string));
      const input = parseBody(reportBody, req);
      res.status(201).json(await reports.start(login, account, input, Date.now()));
    },
  });

  resource('/reports/:id', {
    get: async (req, res) => {
      const { after } = parseQuery(reportRunQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const id = req.params.id as string;
      const run = OBJECT_ID.test(id) ? await reports.get(access.grant.login, id, Date.now(), after) : null;
      res.json(visible(access, run, 'report'));
    },
  });

  registerTestControls(router, { ads, creatives, faults, reports, findAdset: find.findAdset });

  router.use(notFound, apiErrors(log));
  return router;
}
