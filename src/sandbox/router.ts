import { Router } from 'express';
import type { Logger } from 'pino';
import type { Kv } from '../store/kv.js';
import { createAdsApi } from './api/ads-api.js';
import { AdsStore } from './api/ads-store.js';
import { AudienceStore } from './api/audience-store.js';
import { CreativeStore } from './api/creative-store.js';
import { DEFAULT_HANG_MS, FaultStore } from './api/faults.js';
import { type RateLimit, RateLimiter } from './api/rate-limit.js';
import { SandboxReports } from './api/reports.js';
import { sandboxKeys } from './keys.js';
import { createAuthorizeRoutes } from './oauth/authorize-routes.js';
import type { SandboxClient } from './oauth/clients.js';
import { GrantStore } from './oauth/grants.js';
import { authorizationServerMetadata } from './oauth/metadata.js';
import { PendingAuthorizations } from './oauth/pending-authorizations.js';
import { createTokenRoutes } from './oauth/token-routes.js';

export interface SandboxDeps {
  kv: Kv;
  /** Every key starts with `${prefix}sandbox:`. */
  prefix: string;
  /** The URL the router is mounted at, without a trailing slash, e.g. `http://localhost:3000/sandbox`. */
  issuer: string;
  clients: SandboxClient[];
  accessTokenTtlSeconds: number;
  log: Logger;
  /** Per access token; default 50 requests per 10 seconds. */
  rateLimit?: RateLimit;
  /** The clock for code and access token expiry (ms since the epoch); tests move it. */
  now?: () => number;
  /** How long a `hang` test fault delays its response; default 30 s. */
  faultHangMs?: number;
}

/** The built-in sandbox ad platform: an OAuth 2.0 authorization server and its ads API. */
export function createSandboxRouter(deps: SandboxDeps): Router {
  const now = deps.now ?? Date.now;
  const k = sandboxKeys(deps.prefix);
  const ads = new AdsStore(deps.kv, k);
  const grants = new GrantStore(deps.kv, k, {
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds,
    now,
    log: deps.log,
  });
  const limiter = new RateLimiter(deps.kv, k, deps.rateLimit ?? { requests: 50, windowSeconds: 10 });
  const metadata = authorizationServerMetadata(deps.issuer);

  const router = Router();
  router.get('/.well-known/oauth-authorization-server', (_req, res) => {
    res.json(metadata);
  });
  router.use(
    createAuthorizeRoutes({
      issuer: deps.issuer,
      clients: deps.clients,
      pending: new PendingAuthorizations(deps.kv, k),
      grants,
      ads,
      log: deps.log,
    }),
  );
  router.use('/oauth', createTokenRoutes({ clients: deps.clients, grants, log: deps.log }));
  router.use(
    '/api/v1',
    createAdsApi({
      grants,
      ads,
      creatives: new CreativeStore(deps.kv, k),
      audiences: new AudienceStore(deps.kv, k),
      faults: new FaultStore(deps.kv, k),
      limiter,
      reports: new SandboxReports(deps.kv, k, ads),
      hangMs: deps.faultHangMs ?? DEFAULT_HANG_MS,
      log: deps.log,
    }),
  );
  return router;
}
