import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { requireAccess } from './access.js';
import { accountRoutes } from './account-routes.js';
import { adGroupRoutes } from './ad-group-routes.js';
import { campaignRoutes } from './campaign-routes.js';
import { pinterestErrors } from './errors.js';
import { keywordRoutes } from './keyword-routes.js';
import { V5 } from './model.js';
import { oauthRoutes } from './oauth-routes.js';
import { reportRoutes } from './report-routes.js';
import { seed } from './seed.js';
import { PinterestState } from './state.js';

/** Pinterest API v5 (ads), as adlink uses it. See README.md beside this file. */
export const pinterestEmulator: EmulatorDefinition = {
  name: 'Pinterest',
  refreshTokens: true,
  create({ oauth, controls }) {
    const state = new PinterestState();
    seed(state);
    const router = Router();
    router.use(oauthRoutes(oauth));
    // Routes carry the full `/v5/…` path, so recorded calls show the paths Pinterest's are.
    router.use(`${V5}/ad_accounts`, requireAccess(oauth, controls), express.json({ limit: '1mb' }));
    router.use(
      accountRoutes(state),
      // Before the campaign and ad group routes, whose `…/:id` would take `analytics` for an id.
      reportRoutes(state),
      campaignRoutes(state),
      adGroupRoutes(state),
      keywordRoutes(state),
      pinterestErrors,
    );
    return {
      router,
      seedAdSets: (account, campaign, count) => state.seedAdGroups(account, campaign, count),
    };
  },
};
