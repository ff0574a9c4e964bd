import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { requireAccess } from './access.js';
import { adRoutes, reviewControl } from './ad-routes.js';
import { adSquadRoutes } from './adsquad-routes.js';
import { campaignRoutes } from './campaign-routes.js';
import { snapErrors } from './envelope.js';
import { mediaRoutes } from './media-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { readRoutes } from './read-routes.js';
import { seed, seedAdSquads } from './seed.js';
import { segmentControl, segmentRoutes } from './segment-routes.js';
import { SnapState } from './state.js';
import { statsRoutes } from './stats-routes.js';

/** Access tokens last 30 minutes. */
export const ACCESS_TOKEN_TTL = 1800;

/**
 * Snap's OAuth server (accounts.snapchat.com) and the Ads API paths adlink uses (adsapi.snapchat.com,
 * under `/v1`), in memory. See README.md beside this file for the documentation pages it follows.
 */
export const snapchatEmulator: EmulatorDefinition = {
  name: 'Snapchat',
  refreshTokens: true,
  accessTokenTtl: ACCESS_TOKEN_TTL,
  create({ options, oauth, controls }) {
    const state = new SnapState();
    seed(state);
    const api = Router();
    // An upload of 100,000 hashes is about 7 MB.
    api.use('/segments', express.json({ limit: '10mb' }));
    api.use(express.json({ limit: '1mb' }), requireAccess(oauth, controls));
    api.use(
      readRoutes(state, options.baseUrl),
      statsRoutes(state),
      campaignRoutes(state),
      adSquadRoutes(state),
      mediaRoutes(state),
      adRoutes(state),
      segmentRoutes(state, options.baseUrl),
    );
    api.use(snapErrors);
    const router = Router();
    router.use(oauthRoutes(oauth));
    router.use('/v1', api);
    return {
      router,
      controlRouter: Router().use(reviewControl(state), segmentControl(state)),
      seedAdSets: (account, campaign, count) => seedAdSquads(state, account, campaign, count),
    };
  },
};
