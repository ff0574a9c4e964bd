import { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { googleApiRoutes } from './api-routes.js';
import { GoogleAdsState } from './model.js';
import { googleOAuthRoutes } from './oauth-routes.js';
import { reviewControls } from './review-controls.js';
import { addAdGroup, seed } from './seed.js';

/** The Google Ads API version the emulator speaks: google-ads-node's (checked by google-sdk.test.ts). */
export const GOOGLE_ADS_API_VERSION = 'v25';
/** Rows per search page: small, so pagination is exercised (Google's is 10,000). */
export const DEFAULT_PAGE_SIZE = 50;

/** A Google Ads emulator with its own page size. */
export function googleEmulatorWith({ pageSize }: { pageSize: number }): EmulatorDefinition {
  return {
    name: 'Google Ads',
    refreshTokens: true,
    create({ options, oauth, controls }) {
      const state = new GoogleAdsState();
      seed(state);
      const router = Router();
      router.use(googleOAuthRoutes(oauth, options));
      router.use(googleApiRoutes(state, oauth, controls, { version: GOOGLE_ADS_API_VERSION, pageSize }));
      return {
        router,
        controlRouter: reviewControls(state),
        seedAdSets(account, campaign, count) {
          const target = state.accounts.get(account);
          const parent = target?.campaigns.get(campaign);
          if (!target || !parent) throw new Error(`no campaign ${campaign} in customer ${account}`);
          const start = target.adGroups.size;
          for (let i = 0; i < count; i++) {
            addAdGroup(state, target, parent, { name: `Seeded ad group ${start + i + 1}`, status: 'PAUSED' });
          }
        },
      };
    },
  };
}

export const googleEmulator = googleEmulatorWith({ pageSize: DEFAULT_PAGE_SIZE });
