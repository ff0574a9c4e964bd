import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { readCookie } from '../http/cookies.js';
import { type PageOptions, renderPage } from '../http/pages.js';
import { type RateLimit, rateLimit } from '../http/rate-limit.js';
import { resource } from '../http/routes.js';
import { fromOurOrigin } from '../http/same-origin.js';
import { noQuery, parseQuery } from '../http/validate.js';
import { type Locale, pickLocale } from '../locales/i18n.js';
import type { Metrics } from '../metrics/metrics.js';
import { FLOW_TTL_MS, type Flow } from '../store/connect-sessions.js';
import type { Store } from '../store/index.js';
import { type ConnectFlow, flowIdOf } from './flow.js';
import { FlowPage } from './flow-page.js';
import { type OpenerMessage, openerOptions } from './opener.js';
import { type Brand, type MessageContext, pageErrorHandler } from './page-errors.js';
import {
  type CallbackSchema,
  callbackSchemaWith,
  chooseFormSchema,
  FILTER_FROM,
  flowFormSchema,
  formBody,
  linkFrom,
  MAX_CHOSEN,
  overviewSchema,
  parseQueryOrInvalid,
  platformParam,
} from './page-inputs.js';
import { visitOutcome } from './result-signature.js';

export interface ConnectRouteOptions {
  config: Config;
  store: Store;
  flow: ConnectFlow;
  log: Logger;
  metrics: Metrics;
  rateLimits: { entry: RateLimit; start: RateLimit };
}

const REDIRECT_SECONDS = 3;

export function createConnectRoutes({
  config,
  store,
  flow,
  log,
  metrics,
  rateLimits,
}: ConnectRouteOptions): Router {
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
  const callbackSchemas = new Map<PlatformId, CallbackSchema>();
  const callbackSchemaFor = (platform: PlatformId) => {
    let schema = callbackSchemas.get(platform);
    if (!schema) {
      const { codeParams, callbackParams } = flow.redirectParams(platform);
      schema = callbackSchemaWith(codeParams, callbackParams);
      callbackSchemas.set(platform, schema);
    }
    return schema;
  };
  const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 });
  const chooseForm = express.urlencoded({ extended: false, limit: '400kb', parameterLimit: MAX_CHOSEN + 2 });
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

  /** The company's logo, display name, theme and default language; adlink's look when it has none. */
  const brandOf = async (company: string | undefined): Promise<Brand> =>
    (company ? await flow.brand(company) : null) ?? {};

  /** The page's language: the link's `locale`, else the browser's Accept-Language, else the company's. */
  const localeOf = (req: Request, chosen: string | undefined, brand: Brand): Locale =>
    pickLocale({
      chosen,
      accepts: { header: req.get('accept-language'), best: (langs) => req.acceptsLanguages(...langs) },
      companyDefault: brand.language,
    });

  /**
   * A page of the flow for the customer: the company's look and the customer-facing footer, and what
   * it tells a vendor's page that opened it in a popup (`openerMessage`).
   */
  const show = async (res: Response, view: string, l: Locale, brand: Brand, options: PageOptions) => {
    const message = options.openerMessage as OpenerMessage | undefined;
    const opener =
      message && brand.branding
        ? {
            ...(await openerOptions(store, brand.branding.company, message)),
            scripts: [...(options.scripts ?? []), '/assets/opener.js'],
          }
        : {};
    await renderPage(res, view, { ...brand, footer: 'footer.secured', ...options, ...opener }, l);
  };

  /** This browser's flow, whose customer the request log names. */
  const flowOf = async (req: Request) => {
    const current = await flow.flow(browserFlow(req));
    req.subject = { company: current.company, customer: current.customer };
    return current;
  };

  /** This browser's flow with its company's look and its language. */
  const visit = async (req: Request) => {
    const current = await flowOf(req);
    const brand = await brandOf(current.company);
    return { current, brand, l: localeOf(req, current.locale, brand) };
  };

  /**
   * A message page shows the branding of the company the failure names, else that of this browser's
   * visit; never a visit's when a link is being entered (that link's company decides, if it is known).
   * Its language is the visit's, or the one the link being entered names.
   */
  const messageContext = async (req: Request, err: unknown): Promise<MessageContext> => {
    try {
      let company = err instanceof FlowPage ? err.company : undefined;
      const path = `${req.baseUrl}${req.path}`;
      const entering =
        path === '/connections/session' ||
        (path === '/connections' && ('token' in req.query || 'customer' in req.query));
      let chosen: unknown = entering ? (req.body?.locale ?? req.query.locale) : undefined;
      if (!entering) {
        const id = browserFlow(req);
        const current = id ? await store.sessions.getFlow(id) : null;
        company ??= current?.company;
        chosen = current?.locale;
      }
      const brand = await brandOf(company);
      return { brand, l: localeOf(req, typeof chosen === 'string' ? chosen : undefined, brand) };
    } catch {
      return { brand: {}, l: localeOf(req, undefined, {}) };
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
          const brand = await brandOf(landing.company);
          const l = localeOf(req, link.locale, brand);
          return show(res, 'connections/landing', l, brand, {
            title: l.t('landing.title'),
            step: 'connect',
            vendor: landing.vendor,
            expires: landing.expires,
            link,
            replaces: landing.replaces,
            scripts: landing.replaces ? [] : ['/assets/autosubmit.js'],
            openerMessage: { type: 'ready' },
          });
        }
        const { connected } = parseQuery(overviewSchema, req);
        const { current, brand, l } = await visit(req);
        const { vendor, rows, formAction } = await flow.overview(current);
        const justConnected = rows.find((r) => r.id === connected && r.status === 'connected');
        await show(res, 'connections/index', l, brand, {
          title: l.t('connections.title'),
          step: 'connect',
          vendor,
          rows,
          justConnected: justConnected?.name,
          // One primary action at a time: Connect until this visit connected something, then Done.
          finished: current.connected.length > 0,
          formAction,
          formToken: current.form_token,
          openerMessage: justConnected
            ? { type: 'platform_connected', platform: justConnected.id }
            : { type: 'ready' },
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
        const { current, l } = await visit(req);
        res.redirect(303, await flow.start(current, platform, formToken(req), l.lang));
      },
    },
    [sameOrigin, limited('connect-start', rateLimits.start), form],
  );

  resource(router, '/connections/oauth/:platform/callback', {
    get: async (req, res) => {
      const platform = platformParam(req.params.platform);
      const query = parseQuery(callbackSchemaFor(platform), req) as Record<string, string>;
      const { platform: connected, choose } = await flow.callback(browserFlow(req), platform, query);
      res.redirect(
        303,
        choose ? `/connections/${connected}/accounts` : `/connections?connected=${connected}`,
      );
    },
  });

  /**
   * The "Choose ad accounts" step; shown again with what was sent (`refused`: the ids) and why: nothing
   * it offered was chosen, or the connection's accounts changed since it was shown.
   */
  const showChoice = async (
    req: Request,
    res: Response,
    platform: PlatformId,
    refused?: { ids: string[]; reason: 'none' | 'changed' },
  ) => {
    const { current, brand, l } = await visit(req);
    const choice = await flow.accountChoice(current, platform);
    await show(res, 'connections/accounts', l, brand, {
      status: refused === undefined ? 200 : refused.reason === 'none' ? 400 : 409,
      title: l.t('choose.title'),
      step: 'choose',
      vendor: await flow.vendorName(current.company),
      platform,
      ...choice,
      ...(refused === undefined ? {} : { chosen: new Set(refused.ids) }),
      searchable: choice.reachable.length >= FILTER_FROM,
      error: refused?.reason ?? null,
      formToken: current.form_token,
      scripts: ['/assets/account-filter.js'],
    });
  };

  resource(
    router,
    '/connections/:platform/accounts',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        await showChoice(req, res, platformParam(req.params.platform));
      },
      post: async (req, res) => {
        const platform = platformParam(req.params.platform);
        const current = await flowOf(req);
        const parsed = chooseFormSchema.safeParse(formBody(req));
        if (!parsed.success) throw new FlowPage('forbidden', 403);
        flow.checkForm(current, parsed.data.flow);
        const outcome = await flow.chooseAccounts(current, platform, parsed.data.account);
        if (outcome !== 'chosen') {
          return showChoice(req, res, platform, { ids: parsed.data.account, reason: outcome });
        }
        res.redirect(303, `/connections?connected=${platform}`);
      },
    },
    { post: [sameOrigin, chooseForm] },
  );

  /** Forgets the visit and its cookie: the browser can do nothing more in it. */
  const endVisit = async (res: Response, current: Flow) => {
    await store.sessions.endFlow(current.id);
    res.clearCookie(cookieName, { path: '/', secure: config.secureCookies, httpOnly: true, sameSite: 'lax' });
  };

  // Done with something connected: the result and the way back. With nothing connected: a question,
  // so leaving is never the same click as finishing.
  resource(router, '/connections/done', {
    get: async (req, res) => {
      const { current, brand, l } = await visit(req);
      const vendor = await flow.vendorName(current.company);
      const outcome = visitOutcome(current);
      const redirects = current.redirect_uri !== null;
      // The Continue form's POST is answered with a redirect to the vendor: form-action must allow it.
      const formAction = current.redirect_uri ? [new URL(current.redirect_uri).origin] : [];
      if (outcome === 'cancelled') {
        return show(res, 'connections/leave', l, brand, {
          title: l.t('leave.title'),
          step: 'connect',
          vendor,
          redirects,
          formToken: current.form_token,
          formAction,
        });
      }
      metrics.visitsCompleted.inc({ status: outcome });
      await flow.complete(current);
      // Without a way back to the vendor, this page is the visit's end: nothing more can be done in it.
      if (!redirects) await endVisit(res, current);
      await show(res, 'connections/done', l, brand, {
        title: l.t(outcome === 'success' ? 'done.title' : 'done.title_partial'),
        step: 'done',
        vendor,
        outcome,
        platforms: flow.names(current.connected),
        redirects,
        // The company connected its own ad accounts from its integrations pages: the way back there.
        own: current.customer === OWN_CUSTOMER,
        seconds: REDIRECT_SECONDS,
        formToken: current.form_token,
        formAction,
        scripts: redirects ? ['/assets/countdown.js'] : [],
        openerMessage: { type: 'done', status: outcome, platforms: current.connected },
      });
    },
  });

  // A POST from the Done page's form, never a GET: a link from elsewhere cannot end a visit.
  resource(
    router,
    '/connections/finish',
    {
      post: async (req, res) => {
        const current = await flowOf(req);
        flow.checkForm(current, formToken(req));
        const target = await flow.resultUrl(current);
        await flow.complete(current);
        if (!target) return void res.redirect(303, '/connections/done');
        await endVisit(res, current);
        res.redirect(303, target);
        metrics.redirectsDelivered.inc({ status: visitOutcome(current) });
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
  router.use('/connections', pageErrorHandler(log, messageContext, show, formTokenOf));
  return router;
}
