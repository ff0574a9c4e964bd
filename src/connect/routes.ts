import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.js';
import { AppError, logFailure, toAppError } from '../errors.js';
import { readCookie } from '../http/cookies.js';
import { renderPage } from '../http/pages.js';
import { type RateLimit, rateLimit } from '../http/rate-limit.js';
import { resource } from '../http/routes.js';
import { fromOurOrigin } from '../http/same-origin.js';
import { assertSafeKeys, parseQuery } from '../http/validate.js';
import { locale } from '../locales/en.js';
import { isPlatformId, type PlatformId } from '../platforms/catalog.js';
import { FLOW_TTL_MS } from '../store/connect-sessions.js';
import type { Store } from '../store/index.js';
import {
  type ConnectFlow,
  FlowPage,
  flowIdOf,
  type HostedBrand,
  type LinkParams,
  pageBody,
  pageTitle,
} from './flow.js';

export interface ConnectRouteOptions {
  config: Config;
  store: Store;
  flow: ConnectFlow;
  log: Logger;
  rateLimits: { entry: RateLimit; start: RateLimit };
}

const t = locale().t;
const REDIRECT_SECONDS = 3;

const linkSchema = z.strictObject({
  customer: z.string().min(1).max(100),
  token: z.string().min(1).max(4096),
  redirect_uri: z.string().min(1).max(2000).optional(),
});

const overviewSchema = z.strictObject({ connected: z.string().max(40).optional() });

/** The Start and Finish forms: the flow's own token (see ConnectFlow.checkForm). */
const flowFormSchema = z.strictObject({ flow: z.string().max(100).optional() });

const callbackSchema = z.strictObject({
  code: z.string().min(1).max(4096).optional(),
  state: z.string().min(1).max(512).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  error_uri: z.string().max(2000).optional(),
  error_reason: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

/** A link whose query is malformed is an invalid link, not an API error. */
function linkFrom(source: Record<string, unknown>): LinkParams {
  const result = linkSchema.safeParse(source);
  if (!result.success) throw new FlowPage('link_invalid', 400, { vendor: 'your provider' });
  return result.data;
}

export function createConnectRoutes({ config, store, flow, log, rateLimits }: ConnectRouteOptions): Router {
  const router = Router();
  const cookieName = config.secureCookies ? '__Host-adlink_flow' : 'adlink_flow';
  const ourOrigin = new URL(config.publicBaseUrl).origin;
  /** The id of this browser's flow: the hash of its cookie (the cookie value itself is never stored). */
  const browserFlow = (req: Request) => {
    const cookie = readCookie(req, cookieName);
    return cookie ? flowIdOf(cookie) : undefined;
  };
  /** The token a Start or Finish form carries; anything else in the form is refused. */
  const formToken = (req: Request): string | undefined => {
    const result = flowFormSchema.safeParse(formBody(req));
    if (!result.success) throw new FlowPage('forbidden', 403);
    return result.data.flow;
  };
  // The callback refuses parameters it does not know, except those the platform documents adding.
  const callbackSchemas = new Map<PlatformId, z.ZodType<z.infer<typeof callbackSchema>>>();
  const callbackSchemaFor = (platform: PlatformId) => {
    let schema = callbackSchemas.get(platform);
    if (!schema) {
      const extras = flow.callbackParams(platform).map((name) => [name, z.string().max(2000).optional()]);
      schema = callbackSchema.extend(Object.fromEntries(extras));
      callbackSchemas.set(platform, schema);
    }
    return schema;
  };
  const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 });
  const limited = (bucket: string, limit: RateLimit) =>
    rateLimit(
      store.kv,
      store.keys,
      bucket,
      limit,
      (seconds) => new FlowPage('rate_limited', 429, { seconds: String(seconds) }),
    );

  /**
   * Flow POSTs come from our own pages: refuse other origins (the flow cookie is Lax, this is the second lock).
   */
  const sameOrigin: RequestHandler = (req, _res, next) => {
    if (!fromOurOrigin(req, ourOrigin)) {
      log.warn({ request_id: req.id, origin: req.get('origin') }, 'cross-site flow request refused');
      throw new FlowPage('forbidden', 403);
    }
    next();
  };

  const setFlowCookie = (res: Response, flowId: string) =>
    res.cookie(cookieName, flowId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: FLOW_TTL_MS,
    });

  const entryLimit = limited('connect-entry', rateLimits.entry);

  /** The company's logo, display name and theme on its customers' pages; adlink's when it has none. */
  const brandOf = async (company: string): Promise<HostedBrand | Record<string, never>> =>
    (await flow.brand(company)) ?? {};

  /**
   * A message page shows the branding of the company the failure names, else that of this browser's
   * visit; never a visit's when a link is being entered (that link's company decides, if it is known).
   */
  const messageBrand = async (req: Request, err: unknown): Promise<HostedBrand | Record<string, never>> => {
    try {
      let company = err instanceof FlowPage ? err.company : undefined;
      const path = `${req.baseUrl}${req.path}`;
      const entering =
        path === '/connections/session' ||
        (path === '/connections' && ('token' in req.query || 'customer' in req.query));
      if (!company && !entering) {
        const id = browserFlow(req);
        company = id ? (await store.sessions.getFlow(id))?.company : undefined;
      }
      return company ? await brandOf(company) : {};
    } catch {
      return {};
    }
  };

  resource(
    router,
    '/connections',
    {
      get: async (req, res) => {
        if ('token' in req.query || 'customer' in req.query) {
          const link = linkFrom(parseQueryOrInvalid(req));
          const landing = await flow.landing(link, browserFlow(req));
          if ('continue' in landing) return void res.redirect(303, '/connections');
          return renderPage(res, 'connections/landing', {
            title: t('landing.title'),
            vendor: landing.vendor,
            link,
            replaces: landing.replaces,
            scripts: landing.replaces ? [] : ['/assets/autosubmit.js'],
            ...(await brandOf(landing.company)),
          });
        }
        const { connected } = parseQuery(overviewSchema, req);
        const current = await flow.flow(browserFlow(req));
        const { vendor, rows, formAction } = await flow.overview(current);
        const justConnected = rows.find((r) => r.id === connected && r.status === 'connected');
        await renderPage(res, 'connections/index', {
          title: t('connections.title'),
          vendor,
          rows,
          justConnected: justConnected?.name,
          formAction,
          formToken: current.form_token,
          ...(await brandOf(current.company)),
        });
      },
    },
    [entryLimit],
  );

  resource(
    router,
    '/connections/session',
    {
      post: async (req, res) => {
        const link = linkFrom(formBody(req));
        const cookie = await flow.redeem(link, browserFlow(req));
        if (cookie) setFlowCookie(res, cookie);
        res.redirect(303, '/connections');
      },
    },
    [sameOrigin, entryLimit, form],
  );

  resource(
    router,
    '/connections/:platform/start',
    {
      post: async (req, res) => {
        const platform = platformParam(req.params.platform);
        const current = await flow.flow(browserFlow(req));
        res.redirect(303, await flow.start(current, platform, formToken(req)));
      },
    },
    [sameOrigin, limited('connect-start', rateLimits.start), form],
  );

  resource(router, '/connections/oauth/:platform/callback', {
    get: async (req, res) => {
      const platform = platformParam(req.params.platform);
      const { code, state, iss, error, error_description, error_uri } = parseQuery(
        callbackSchemaFor(platform),
        req,
      );
      const { platform: connected } = await flow.callback(browserFlow(req), platform, {
        code,
        state,
        iss,
        error,
        error_description,
        error_uri,
      } as Record<string, string>);
      res.redirect(303, `/connections?connected=${connected}`);
    },
  });

  resource(router, '/connections/done', {
    get: async (req, res) => {
      const current = await flow.flow(browserFlow(req));
      const vendor = await flow.vendorName(current.company);
      const outcome = flow.outcome(current);
      const redirects = current.redirect_uri !== null;
      await renderPage(res, 'connections/done', {
        title: t('done.title'),
        vendor,
        outcome,
        redirects,
        seconds: REDIRECT_SECONDS,
        formToken: current.form_token,
        // The Continue form's POST is answered with a redirect to the vendor: form-action must allow it.
        formAction: current.redirect_uri ? [new URL(current.redirect_uri).origin] : [],
        scripts: redirects ? ['/assets/countdown.js'] : [],
        ...(await brandOf(current.company)),
      });
    },
  });

  // A POST from the Done page's form, never a GET: a link from elsewhere cannot end a visit.
  resource(
    router,
    '/connections/finish',
    {
      post: async (req, res) => {
        const current = await flow.flow(browserFlow(req));
        flow.checkForm(current, formToken(req));
        const target = await flow.resultUrl(current);
        if (!target) return void res.redirect(303, '/connections/done');
        await store.sessions.endFlow(current.id);
        res.clearCookie(cookieName, {
          path: '/',
          secure: config.secureCookies,
          httpOnly: true,
          sameSite: 'lax',
        });
        res.redirect(303, target);
      },
    },
    [sameOrigin, form],
  );

  router.use('/connections', (_req, _res, next) => next(new FlowPage('link_invalid', 404)));
  /** The form token of this browser's flow, for the "Try again" form of an error page. */
  const formTokenOf = async (req: Request): Promise<string | undefined> => {
    const id = browserFlow(req);
    return id ? (await store.sessions.getFlow(id))?.form_token : undefined;
  };
  router.use('/connections', pageErrorHandler(log, messageBrand, formTokenOf));
  return router;
}

function parseQueryOrInvalid(req: Request): Record<string, unknown> {
  try {
    return parseQuery(z.record(z.string(), z.string()), req);
  } catch {
    throw new FlowPage('link_invalid', 400, { vendor: 'your provider' });
  }
}

function formBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (!req.is('application/x-www-form-urlencoded') && req.headers['content-length'] !== '0') {
    throw new FlowPage('link_invalid', 400, { vendor: 'your provider' });
  }
  assertSafeKeys(body);
  return body as Record<string, unknown>;
}

function platformParam(value: unknown): PlatformId {
  if (typeof value !== 'string' || !isPlatformId(value)) throw new FlowPage('platform_unavailable', 404);
  return value;
}

/** Under /connections every failure is a page: the friendly ones for flow states, a generic one otherwise. */
function pageErrorHandler(
  log: Logger,
  brandOf: (req: Request, err: unknown) => Promise<HostedBrand | Record<string, never>>,
  formTokenOf: (req: Request) => Promise<string | undefined>,
): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    try {
      const brand = await brandOf(req, err);
      if (err instanceof FlowPage) {
        if (err.page === 'rate_limited') res.set('Retry-After', err.vars.seconds ?? '60');
        const retry =
          err.retry && 'platform' in err.retry
            ? { ...err.retry, formToken: await formTokenOf(req) }
            : err.retry;
        return await renderPage(res, 'connections/message', {
          ...brand,
          status: err.status,
          title: t(pageTitle(err.page), err.vars),
          heading: t(pageTitle(err.page), err.vars),
          message: t(pageBody(err.page), err.vars),
          retry,
        });
      }
      const appError = err instanceof AppError && err.status < 500 ? err : toAppError(err);
      logFailure(log, appError, req.id);
      if (appError.status < 500) {
        return await renderPage(res, 'connections/message', {
          ...brand,
          status: appError.status,
          title: t('error.link_invalid.title'),
          heading: t('error.link_invalid.title'),
          message: t('error.link_invalid.body'),
        });
      }
      res.set(appError.headers);
      await renderPage(res, 'connections/message', {
        ...brand,
        status: appError.status,
        title: t(appError.status === 503 ? 'error.unavailable.title' : 'error.title'),
        heading: t(appError.status === 503 ? 'error.unavailable.title' : 'error.title'),
        message:
          appError.status === 503
            ? t('error.unavailable.body')
            : t('error.internal.body', { request_id: req.id }),
        retry: { overview: true },
      });
    } catch (renderError) {
      log.error({ err: renderError, request_id: req.id }, 'could not render the error page');
      if (!res.headersSent) res.status(500).type('text').send(`Something went wrong. Reference: ${req.id}`);
    }
  };
}
