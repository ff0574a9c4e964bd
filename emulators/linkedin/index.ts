import { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { apiRoutes } from './api-routes.js';
import { contentRoutes } from './content-routes.js';
import { creativeRoutes, reviewControl } from './creative-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { LinkedInState } from './state.js';

/** LinkedIn's OAuth 2.0 server and Marketing API (versioned REST under `/rest`) with its images and posts, in memory. */
export const linkedinEmulator: EmulatorDefinition = {
  name: 'LinkedIn',
  refreshTokens: true,
  create({ oauth, controls, options }) {
    const state = new LinkedInState();
    const router = Router();
    // The API routes check every `/rest` call (version, token, scope) before the others answer it.
    router.use(
      oauthRoutes(oauth),
      apiRoutes(state, oauth, controls),
      creativeRoutes(state),
      contentRoutes(state, oauth, options.baseUrl),
    );
    return {
      router,
      controlRouter: reviewControl(state),
      seedAdSets: (account, campaign, count) => state.seedCampaigns(account, campaign, count),
    };
  },
};
