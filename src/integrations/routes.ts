import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.js';
import { logFailure, toAppError } from '../errors.js';
import { type PageOptions, renderPage } from '../http/pages.js';
import { AuthFailures } from '../http/rate-limit.js';
import { resource } from '../http/routes.js';
import { fromOurOrigin } from '../http/same-origin.js';
import { parseQuery } from '../http/validate.js';
import type { MessageKey } from '../locales/en.js';
import { locale } from '../locales/i18n.js';
import type { Store } from '../store/index.js';
import { csrfProtected, requireVendor, VendorPageError, vendorCookie } from './session.js';

const t = locale().t;

/** The sections of the integrations pages, in navigation order. */
export const SECTIONS = [
  { id: 'overview', href: '/integrations' },
  { id: 'tokens', href: '/integrations/tokens' },
  { id: 'redirects', href: '/integrations/redirect-uris' },
  { id: 'platforms', href: '/integrations/platforms' },
  { id: 'branding', href: '/integrations/branding' },
  { id: 'signing', href: '/integrations/signing-secret' },
  { id: 'own', href: '/integrations/customers/own' },
  { id: 'customers', href: '/integrations/customers' },
  { id: 'activity', href: '/integrations/activity' },
  { id: 'webhooks', href: '/integrations/webhooks' },
] as const;
export type Section = (typeof SECTIONS)[number]['id'];

export interface IntegrationsDeps {
  config: Config;
  store: Store;
  log: Logger;
}

export type VendorPage = (
  req: Request,
  res: Response,
  section: Section,
  view: string,
  options: PageOptions,
) => Promise<void>;

/**
 * Renders integrations pages for the signed-in vendor: the company's name as brand, the navigation with
 * the current section, and the session's CSRF token for every form on the page.
 */
export function vendorPages(store: Store): VendorPage {
  return async (req, res, section, view, options) => {
    const vendor = req.vendor!;
    const company = await store.companies.get(vendor.company);
    await renderPage(res, view, {
      ...options,
      brand: company?.name ?? 'adlink',
      company,
      csrf: vendor.csrf,
      nav: {
        csrf: vendor.csrf,
        items: SECTIONS.map((s) => ({
          href: s.href,
          label: t(`integrations.nav.${s.id}` as MessageKey),
          current: s.id === section,
        })),
      },
    });
  };
}

const loginQuery = z.strictObject({ token: z.string().max(200) });
const loginBody = z.strictObject({ token: z.string().max(200) });

export function createIntegrationsRoutes(
  { config, store, log }: IntegrationsDeps,
  sections: Router[],
): Router {
  const router = Router();
  const cookie = vendorCookie(config);
  const ourOrigin = new URL(config.publicBaseUrl).origin;
  const form = express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 50 });
  const vendor = requireVendor(store, config);
  const csrf = csrfProtected(config);
  const page = vendorPages(store);
  // Wrong sign-in links count against the same per-address limit as wrong company tokens.
  const failures = new AuthFailures(store.kv, store.keys, config.limits.authFailures);

  // GET shows the sign-in page without using the link (link scanners); the button's POST uses it.
  resource(
    router,
    '/integrations/login',
    {
      get: async (req, res) => {
        const { token } = parseQueryOr(loginQuery, req);
        await failures.check(req);
        const company = await store.vendorSessions.peekLoginLink(token);
        if (!company) {
          await failures.record(req);
          throw new VendorPageError('link_invalid', 410);
        }
        const name = (await store.companies.get(company))?.name ?? '';
        await renderPage(res, 'integrations/login', {
          title: t('integrations.login.title'),
          companyName: name,
          token,
        });
      },
      post: async (req, res) => {
        if (!fromOurOrigin(req, ourOrigin)) throw new VendorPageError('forbidden', 403);
        await failures.check(req);
        const body = loginBody.safeParse(req.body);
        const company = body.success ? await store.vendorSessions.redeemLoginLink(body.data.token) : null;
        if (!company) {
          await failures.record(req);
          throw new VendorPageError('link_invalid', 410);
        }
        const { id } = await store.vendorSessions.createSession(company);
        log.info({ company }, 'vendor signed in');
        cookie.set(res, id);
        res.redirect(303, '/integrations');
      },
    },
    [form],
  );

  resource(
    router,
    '/integrations/logout',
    {
      post: async (req, res) => {
        await store.vendorSessions.endSession(req.vendor!.sessionId);
        cookie.clear(res);
        res.redirect(303, '/integrations/signed-out');
      },
    },
    [vendor, form, csrf],
  );

  resource(router, '/integrations/signed-out', {
    get: async (_req, res) => {
      await renderPage(res, 'integrations/message', {
        title: t('integrations.signed_out.title'),
        heading: t('integrations.signed_out.title'),
        message: t('integrations.signed_out.body'),
        devSignIn: config.developmentTools,
      });
    },
  });

  resource(
    router,
    '/integrations',
    {
      get: async (req, res) => {
        await page(req, res, 'overview', 'integrations/overview', {
          title: t('integrations.nav.overview'),
          apiBaseUrl: config.publicBaseUrl,
        });
      },
    },
    [vendor],
  );

  for (const section of sections) router.use(section);
  router.use('/integrations', () => {
    throw new VendorPageError('not_found', 404);
  });
  router.use('/integrations', pageErrorHandler(log, config.developmentTools));
  return router;
}

function parseQueryOr<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  try {
    return parseQuery(schema, req);
  } catch {
    throw new VendorPageError('link_invalid', 400);
  }
}

function pageErrorHandler(log: Logger, devSignIn: boolean): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    try {
      if (err instanceof VendorPageError) {
        return await renderPage(res, 'integrations/message', {
          status: err.status,
          title: t(`integrations.error.${err.kind}.title` as MessageKey),
          heading: t(`integrations.error.${err.kind}.title` as MessageKey),
          message: t(`integrations.error.${err.kind}.body` as MessageKey),
          devSignIn: devSignIn && (err.kind === 'signed_out' || err.kind === 'link_invalid'),
        });
      }
      const appError = toAppError(err);
      logFailure(log, appError, req.id);
      res.set(appError.headers);
      const unavailable = appError.status === 503;
      await renderPage(res, 'integrations/message', {
        status: appError.status,
        title: t(unavailable ? 'error.unavailable.title' : 'error.title'),
        heading: t(unavailable ? 'error.unavailable.title' : 'error.title'),
        message:
          appError.status < 500
            ? appError.message
            : unavailable
              ? t('error.unavailable.body')
              : t('error.internal.body', { request_id: req.id }),
      });
    } catch (renderError) {
      log.error({ err: renderError, request_id: req.id }, 'could not render the error page');
      if (!res.headersSent) res.status(500).type('text').send(`Something went wrong. Reference: ${req.id}`);
    }
  };
}
