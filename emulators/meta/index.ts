import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { graphAccess } from './access.js';
import { adRoutes } from './ad-routes.js';
import { audienceControl, audienceRoutes, usersBodies } from './audience-routes.js';
import { graphErrors } from './graph-error.js';
import { graphRoutes } from './graph-routes.js';
import { imageBodies } from './images.js';
import { dialogRoutes, permissionsRoute, tokenRoute } from './oauth-routes.js';
import { reviewControl } from './review-control.js';
import { seed, seedAdSets } from './seed.js';
import { MetaStore } from './store.js';

/** Graph API versions look like `v24.0`; any other first path segment is not Graph's. */
const VERSION = /^v\d+\.\d+$/;

/**
 * Meta's Login dialog, token endpoint and the Graph (Marketing API) paths adlink uses, under
 * `/{version}` as graph.facebook.com and www.facebook.com serve them. See emulators/meta/README.md.
 */
export const metaEmulator: EmulatorDefinition = {
  name: 'Meta',
  refreshTokens: false,
  create({ options, oauth, controls }) {
    const store = new MetaStore();
    seed(store);
    const dialog = dialogRoutes(oauth);
    const versioned = Router({ mergeParams: true });
    versioned.use((req, _res, next) =>
      next(VERSION.test(req.params.version as string) ? undefined : 'router'),
    );
    versioned.use(dialog);
    versioned.use('/:node/adimages', ...imageBodies);
    versioned.use('/:node/users', ...usersBodies);
    versioned.use(express.urlencoded({ extended: false, limit: '100kb' }), express.json({ limit: '100kb' }));
    versioned.use(tokenRoute(oauth));
    versioned.use(
      graphAccess(oauth, controls),
      permissionsRoute(oauth),
      audienceRoutes(store, options.baseUrl),
      adRoutes(store, options.baseUrl),
      graphRoutes(store, options.baseUrl),
    );
    versioned.use(graphErrors);
    const router = Router();
    // The consent form posts to the unversioned dialog, which facebook.com also serves.
    router.use(dialog);
    router.use('/:version', versioned);
    return {
      router,
      controlRouter: Router().use(reviewControl(store), audienceControl(store)),
      seedAdSets: (account, campaign, count) => seedAdSets(store, account, campaign, count),
    };
  },
};
