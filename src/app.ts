import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AccessTokenService } from './access-tokens/service.js';
import { AdService } from './ads/service.js';
import { AdSetService } from './adsets/service.js';
import { createAccessTokenRoutes } from './api/access-tokens.js';
import { createAdRoutes } from './api/ads.js';
import { createAdSetRoutes } from './api/adsets.js';
import { createAudienceRoutes } from './api/audiences.js';
import { createCampaignRoutes } from './api/campaigns.js';
import { createConnectApiRoutes } from './api/connect.js';
import { createConnectAttemptRoutes } from './api/connect-attempts.js';
import { createCustomerRoutes } from './api/customers.js';
import { createEventRoutes } from './api/events.js';
import { createHealthRoutes } from './api/health.js';
import { createMediaRoutes } from './api/media.js';
import { createReportRoutes } from './api/reports.js';
import { createWebhookEndpointRoutes } from './api/webhook-endpoints.js';
import { AudienceService } from './audiences/service.js';
import { CampaignService } from './campaigns/service.js';
import type { Config } from './config.js';
import { ConnectFlow } from './connect/flow.js';
import { ConnectLinks } from './connect/links.js';
import { embeddable, keepOpener } from './connect/opener.js';
import { createConnectRoutes } from './connect/routes.js';
import { SessionTokens } from './connect/session-token.js';
import { type KeeperOptions, TokenKeeper } from './connect/token-keeper.js';
import { AccessTokens } from './connections/access-tokens.js';
import { ConnectionCalls } from './connections/connection-calls.js';
import type { KeyRing } from './crypto/keys.js';
import { createDevEmbedDemo } from './dev/embed-demo.js';
import { createDevReturnPage } from './dev/return-page.js';
import { createDevSignInLink } from './dev/sign-in-link.js';
import { AppError, jsonErrorHandler } from './errors.js';
import { createEvents } from './events/create.js';
import { EventsWorker } from './events/webhooks/worker.js';
import { companyTokenOnly, customerAccess, type VendorGuards } from './http/access.js';
import { authenticate } from './http/auth.js';
import { AuthFailures, type RateLimit } from './http/rate-limit.js';
import { noteSubject, observeRequests } from './http/request.js';
import { trackRouteTemplates } from './http/route-template.js';
import { inSequence, under } from './http/routes.js';
import { securityHeaders } from './http/security-headers.js';
import { refuseHeldBodyError, vendorBodyParsers } from './http/vendor-body.js';
import { IdentityService } from './identities/service.js';
import { InFlight } from './in-flight.js';
import { createActivityPages } from './integrations/activity.js';
import { createBrandAssetRoutes, createBrandingPages } from './integrations/branding.js';
import { createCustomerPages } from './integrations/customers.js';
import { createPlatformPages } from './integrations/platforms.js';
import { createRedirectUriRoutes } from './integrations/redirect-uris.js';
import { createIntegrationsRoutes } from './integrations/routes.js';
import { createSigningSecretRoutes } from './integrations/signing-secret.js';
import { createTokenRoutes } from './integrations/tokens.js';
import { createWebhookPages } from './integrations/webhooks.js';
import { createMcpRoutes, MCP_PREFIXES } from './mcp/routes.js';
import { MediaService } from './media/service.js';
import { createMetrics, type Metrics, redisObserver } from './metrics/metrics.js';
import { createMetricsRoute } from './metrics/metrics-route.js';
import { platformCallObserver } from './metrics/platform-call-observer.js';
import { createApiReferenceRoutes } from './openapi/routes.js';
import { PACKAGE_ROOT } from './package-root.js';
import { logoStylesheet } from './platforms/logo-styles.js';
import { createPlatforms, logAvailability, SANDBOX_CLIENT_ID } from './platforms/registry.js';
import { ReportService } from './reports/service.js';
import type { SandboxClient } from './sandbox/oauth/clients.js';
import { createSandboxRouter } from './sandbox/router.js';
import type { Store } from './store/index.js';

export interface AppDeps {
  config: Config;
  store: Store;
  log: Logger;
  keys: KeyRing;
  /** Per-IP limits on the hosted flow's entry and start steps. */
  rateLimits?: { entry: RateLimit; start: RateLimit };
  /** Where development tools print for whoever runs the server (default: stdout). */
  print?: (text: string) => void;
  /** More OAuth clients the built-in sandbox accepts besides adlink's own (tests: a company's own app). */
  sandboxClients?: SandboxClient[];
  /** What `/metrics` shows (default: a registry of this app's own); server.ts shares one with the token keeper. */
  metrics?: Metrics;
  /** The work requests leave running after their answer (audience members jobs); server.ts waits for it on shutdown. */
  inFlight?: InFlight;
}

const DEFAULT_RATE_LIMITS = {
  entry: { limit: 60, windowMs: 60_000 },
  start: { limit: 30, windowMs: 60_000 },
};

const PUBLIC_DIR = `${PACKAGE_ROOT}public/`;

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const routeNotFound: RequestHandler = (req) => {
  throw new AppError('route_not_found', `No endpoint ${req.method} ${req.path}.`);
};

/** The deployment's platforms, with each company's own OAuth apps; their API calls are metrics and logs. */
const platformsOf = (
  { config, store, keys, log }: Pick<AppDeps, 'config' | 'store' | 'keys' | 'log'>,
  metrics: Metrics,
) =>
  createPlatforms(
    config,
    keys.encryption,
    (company, id) => store.profile.oauthApp(company, id),
    platformCallObserver(metrics, log),
  );

/** The events service of an app or worker: events, webhook deliveries (their attempts as metrics) and their queue. */
const eventsOf = (
  { config, store, log, keys }: Pick<AppDeps, 'config' | 'store' | 'log' | 'keys'>,
  metrics?: Metrics,
) =>
  createEvents({
    kv: store.kv,
    prefix: config.redisKeyPrefix,
    encryption: keys.encryption,
    webhooks: config.webhooks,
    log,
    ...(metrics
      ? { onAttempt: (outcome, seconds) => metrics.webhookAttempts.observe({ outcome }, seconds) }
      : {}),
  });

/**
 * The worker of the events queue on one instance (server.ts starts and stops it in the all and worker
 * roles), its delivery attempts in `metrics` when given.
 */
export function createEventsWorker({
  metrics,
  ...deps
}: Pick<AppDeps, 'config' | 'store' | 'log' | 'keys' | 'metrics'>) {
  const { events, queue } = eventsOf(deps, metrics);
  return new EventsWorker(events, queue, (flow) => deps.store.keys.flow(flow), deps.log);
}

/**
 * What the platforms are reached through, and the resource services on them: the app and the token
 * keeper (which reads ads in review again) build the same.
 */
function servicesOf(
  deps: Pick<AppDeps, 'config' | 'store' | 'keys' | 'log'>,
  metrics: Metrics,
  inFlight = new InFlight(),
) {
  const { config, store, log } = deps;
  const platforms = platformsOf(deps, metrics);
  const { events } = eventsOf(deps, metrics);
  const tokens = new AccessTokens(store, platforms, log, events, metrics);
  const calls = new ConnectionCalls(store, platforms, tokens, log);
  const fanOut = config.platformFanOut;
  const adSets = new AdSetService(store, platforms, calls, fanOut, events);
  const media = new MediaService(store, platforms, calls);
  const identities = new IdentityService(platforms, calls);
  return {
    platforms,
    events,
    tokens,
    calls,
    adSets,
    campaigns: new CampaignService(store, platforms, calls, fanOut, events),
    media,
    identities,
    ads: new AdService(store, platforms, calls, fanOut, events, adSets, media, identities),
    audiences: new AudienceService(store, platforms, calls, fanOut, log, inFlight),
  };
}

/**
 * The token keeper of one instance (server.ts starts it; every instance runs one, one at a time
 * sweeps); after each sweep it reads again the ads whose review was pending.
 */
export function createTokenKeeper(
  { metrics = createMetrics(), ...deps }: Pick<AppDeps, 'config' | 'store' | 'log' | 'keys' | 'metrics'>,
  options: Omit<KeeperOptions, 'concurrency'>,
) {
  const { tokens, ads } = servicesOf(deps, metrics);
  return new TokenKeeper(
    deps.store,
    tokens,
    deps.log,
    { ...options, concurrency: deps.config.platformFanOut },
    ads,
  );
}

/** Express as every adlink process configures it. */
function bareApp(config: Config) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // Answers are not cached (Cache-Control: no-store), so an ETag would be hashed for nothing; the
  // brand assets set their own.
  app.set('etag', false);
  return app;
}

/** What every process serves, whatever its role: health, readiness and (where served) metrics. */
const processEndpoints = (config: Config, store: Store, metrics: Metrics) => [
  under(['/healthz', '/readyz'], createHealthRoutes(store, config.role)),
  ...(config.metricsServed ? [under(['/metrics'], createMetricsRoute(metrics, config.metricsToken))] : []),
];

/**
 * The HTTP side of a process in the worker role: only health and metrics, for the orchestrator and the
 * scraper; the API is served by the processes of the api role.
 */
export function createWorkerApp({
  config,
  store,
  log,
  metrics,
}: Pick<AppDeps, 'config' | 'store' | 'log'> & { metrics: Metrics }) {
  const app = bareApp(config);
  trackRouteTemplates(app);
  app.use(observeRequests(log, metrics), securityHeaders(config.secureCookies), noStore);
  store.kv.observe?.(redisObserver(metrics));
  app.use(...processEndpoints(config, store, metrics));
  app.use(routeNotFound);
  app.use(jsonErrorHandler(log));
  return app;
}

/** The whole HTTP application; no listening and no environment reads here. */
export function createApp({
  config,
  store,
  log,
  keys,
  rateLimits = DEFAULT_RATE_LIMITS,
  sandboxClients = [],
  print = (text) => void process.stdout.write(text),
  metrics = createMetrics(config.role),
  inFlight = new InFlight(),
}: AppDeps) {
  const app = bareApp(config);
  app.locals.limits = config.limits;

  const tokens = new SessionTokens(keys.signing, config.publicBaseUrl);
  const { platforms, events, calls, adSets, campaigns, media, identities, ads, audiences } = servicesOf(
    { config, store, keys, log },
    metrics,
    inFlight,
  );
  const links = new ConnectLinks(config, store, tokens, metrics);
  logAvailability(platforms, log);
  store.kv.observe?.(redisObserver(metrics));
  const flow = new ConnectFlow(store, tokens, platforms, log, metrics, events, calls);
  const reports = new ReportService(store, platforms, calls, config.platformFanOut, {
    pollMs: config.platformTimeoutMs,
    ...config.reportCache,
    maxRows: config.reportMaxRows,
  });
  const accessTokens = new AccessTokenService(store, events, config.limits.accessTokens);
  const logoCss = logoStylesheet(platforms.available().map((id) => platforms.entry(id)));

  trackRouteTemplates(app);
  app.use(observeRequests(log, metrics), securityHeaders(config.secureCookies));
  app.get('/assets/platforms.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(logoCss);
  });
  app.get('/assets/adlink.js', embeddable);
  app.use('/assets', express.static(PUBLIC_DIR, { maxAge: '1h', index: false }));
  app.get('/favicon.ico', (_req, res) => {
    res
      .set('Cache-Control', 'public, max-age=86400')
      .type('image/svg+xml')
      // With a root, dot segments are refused only below it: a checkout under ~/.local still serves.
      .sendFile('favicon.svg', { root: PUBLIC_DIR });
  });
  app.use(noStore);
  app.use(['/connections', '/sandbox'], keepOpener);

  app.use(
    ...processEndpoints(config, store, metrics),
    under(['/openapi.json', '/docs'], createApiReferenceRoutes(config.publicBaseUrl)),
  );
  if (config.sandbox.enabled) {
    const sandboxApp = platforms.app('sandbox')!;
    app.use(
      '/sandbox',
      createSandboxRouter({
        kv: store.kv,
        prefix: config.redisKeyPrefix,
        issuer: platforms.entry('sandbox').oauth.issuer!,
        clients: [
          {
            id: SANDBOX_CLIENT_ID,
            secret: sandboxApp.clientSecret,
            name: 'adlink',
            redirectUris: [platforms.callbackUrl('sandbox')],
          },
          ...sandboxClients,
        ],
        accessTokenTtlSeconds: config.sandbox.accessTokenTtl,
        log,
      }),
    );
  }
  if (config.developmentTools) {
    app.use(
      under(
        ['/dev', '/integrations/dev'],
        createDevReturnPage(store),
        createDevSignInLink(config, store, print),
        createDevEmbedDemo(),
      ),
    );
  }
  app.use(under(['/brand'], createBrandAssetRoutes(store)));
  app.use(under(['/connections'], createConnectRoutes({ config, store, flow, log, metrics, rateLimits })));
  app.use(
    under(
      ['/integrations'],
      createIntegrationsRoutes({ config, store, log }, [
        createTokenRoutes({ config, store, log }),
        createRedirectUriRoutes({ config, store, log }),
        createSigningSecretRoutes({ config, store, log }),
        createCustomerPages({ config, store, log, links, platforms, events, accessTokens }),
        createActivityPages({ config, store, log, platforms }),
        createPlatformPages({ config, store, log, platforms }),
        createBrandingPages({ config, store, log }),
        createWebhookPages({ config, store, log, events }),
      ]),
    ),
  );

  // Vendor endpoints authenticate (and count against their budget: the company's, or an access token's
  // customer's) and check what the token may do before they read a body; introspection reads its own
  // ahead, holding any error until then (http/vendor-body.ts).
  const failures = new AuthFailures(store.kv, store.keys, config.limits.authFailures);
  const authenticated = authenticate(store, failures, config.limits, (err) =>
    log.warn({ err }, 'could not record token use'),
  );
  const guarded = (access: RequestHandler) => [
    inSequence([authenticated, noteSubject, access, refuseHeldBodyError, ...vendorBodyParsers()]),
  ];
  const vendor: VendorGuards = { company: guarded(companyTokenOnly), customer: guarded(customerAccess) };
  app.use(
    under(
      ['/customers'],
      createCustomerRoutes({ store, platforms, events, accessTokens }, vendor),
      createAccessTokenRoutes(store, accessTokens, vendor.company),
    ),
    under(
      ['/customers', '/company', '/sessions', '/.well-known'],
      createConnectApiRoutes({ store, adSets, links, tokens, platforms, events }, vendor),
    ),
    under(['/connect'], createConnectAttemptRoutes(store, vendor.customer)),
    under(
      ['/v1', '/campaigns', '/reports'],
      createAdSetRoutes({ store, platforms, adSets, ads }, vendor.customer),
      createCampaignRoutes({ store, campaigns }, vendor.customer),
      createAdRoutes({ store, ads }, vendor.customer),
      createMediaRoutes({ store, media, identities }, vendor.customer),
      createAudienceRoutes({ store, audiences }, vendor.customer),
      createReportRoutes({ store, reports }, vendor.customer),
    ),
    under(['/events'], createEventRoutes(store, events, vendor.company)),
    under(['/webhook_endpoints'], createWebhookEndpointRoutes(events, vendor.company)),
    // Each tool call is a request to the routes above, with the caller's token (src/mcp/routes.ts).
    under(MCP_PREFIXES, createMcpRoutes(config.publicBaseUrl, authenticated, platforms)),
  );
  app.use(routeNotFound);
  app.use(jsonErrorHandler(log));
  return app;
}
