import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { adsScopes, allScopes, requireAccess } from './access.js';
import { accountRoutes } from './account-routes.js';
import { adGroupRoutes } from './ad-group-routes.js';
import { adRoutes, reviewControl } from './ad-routes.js';
import { audienceControl, audienceRoutes } from './audience-routes.js';
import { campaignRoutes } from './campaign-routes.js';
import { pinterestErrors } from './errors.js';
import { keywordRoutes } from './keyword-routes.js';
import { V5 } from './model.js';
import { oauthRoutes } from './oauth-routes.js';
import { pinRoutes } from './pin-routes.js';
import { reportRoutes } from './report-routes.js';
import { seed } from './seed.js';
import { PinterestState } from './state.js';

/** A Pin's body carries its image in base64: 20 MB of image is about 26.7 MB of JSON. */
const PIN_BODY_LIMIT = '28mb';

/** Pinterest API v5 (ads), as adlink uses it. See README.md beside this file. */
export const pinterestEmulator: EmulatorDefinition = {
  name: 'Pinterest',
  refreshTokens: true,
  create({ oauth, controls }) {
    const state = new PinterestState();
    seed(state);
    const router = Router();
    const access = (rule: Parameters<typeof requireAccess>[2]) => requireAccess(oauth, controls, rule);
    router.use(oauthRoutes(oauth));
    // Routes carry the full `/v5/…` path, so recorded calls show the paths Pinterest's are. The scopes
    // are each operation's `security` in the OpenAPI.
    router.use(`${V5}/ad_accounts`, access(adsScopes), express.json({ limit: '1mb' }));
    router.use(`${V5}/user_account`, access(allScopes(['user_accounts:read'])));
    router.use(
      `${V5}/boards`,
      access(allScopes(['boards:read'], ['boards:read', 'boards:write'])),
      express.json({ limit: '10kb' }),
    );
    router.use(
      `${V5}/pins`,
      access(
        allScopes(['boards:read', 'pins:read'], ['boards:read', 'boards:write', 'pins:read', 'pins:write']),
      ),
      express.json({ limit: PIN_BODY_LIMIT }),
    );
    router.use(
      accountRoutes(state),
      // Before the campaign, ad group and ad routes, whose `…/:id` would take `analytics` for an id.
      reportRoutes(state),
      campaignRoutes(state),
      adGroupRoutes(state),
      adRoutes(state),
      keywordRoutes(state),
      audienceRoutes(state),
      pinRoutes(state),
      pinterestErrors,
    );
    return {
      router,
      controlRouter: Router().use(reviewControl(state), audienceControl(state)),
      seedAdSets: (account, campaign, count) => state.seedAdGroups(account, campaign, count),
    };
  },
};
