import { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { apiRoutes } from './api-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { LinkedInState } from './state.js';

/** LinkedIn's OAuth 2.0 server and Marketing API (versioned REST under `/rest`), in memory. */
export const linkedinEmulator: EmulatorDefinition = {
  name: 'LinkedIn',
  refreshTokens: true,
  create({ oauth, controls }) {
    const state = new LinkedInState();
    const router = Router();
    router.use(oauthRoutes(oauth), apiRoutes(state, oauth, controls));
    return {
      router,
      seedAdSets: (account, campaign, count) => state.seedCampaigns(account, campaign, count),
    };
  },
};
