import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { requireAccess } from './access.js';
import { adReviewControls, adRoutes } from './ad-routes.js';
import { adGroupRoutes } from './adgroup-routes.js';
import { advertiserRoutes } from './advertiser-routes.js';
import { assetRoutes } from './asset-routes.js';
import { audienceControls, audienceRoutes } from './audience-routes.js';
import { campaignRoutes } from './campaign-routes.js';
import { consentRoutes, tokenRoutes } from './oauth-routes.js';
import { readRoutes } from './read-routes.js';
import { reportRoutes } from './report-routes.js';
import { seed, seedAdGroups } from './seed.js';
import { TikTokState } from './state.js';
import { targetingRoutes } from './targeting-routes.js';

function testControls(state: TikTokState) {
  const router = adReviewControls(state);
  audienceControls(state, router);
  return router;
}

/** TikTok API for Business (Marketing API v1.3), as adlink uses it. See README.md beside this file. */
export const tiktokEmulator: EmulatorDefinition = {
  name: 'TikTok',
  refreshTokens: false,
  create({ oauth, controls }) {
    const state = new TikTokState();
    seed(state);
    const api = Router();
    api.use(express.json({ limit: '1mb' }));
    api.use(tokenRoutes(state, oauth));
    api.use(requireAccess(oauth, controls));
    api.use(advertiserRoutes(state, oauth));
    api.use(readRoutes(state));
    api.use(campaignRoutes(state));
    api.use(adGroupRoutes(state));
    api.use(adRoutes(state));
    api.use(assetRoutes(state));
    api.use(targetingRoutes(state));
    api.use(reportRoutes(state));
    api.use(audienceRoutes(state));
    const router = Router();
    router.use(consentRoutes(oauth));
    router.use('/open_api/v1.3', api);
    return {
      router,
      controlRouter: testControls(state),
      seedAdSets: (account, campaign, count) => seedAdGroups(state, account, campaign, count),
    };
  },
};
