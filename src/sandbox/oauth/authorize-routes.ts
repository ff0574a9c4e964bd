import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { StoreUnavailableError } from '../../errors.js';
import { renderPage } from '../../http/pages.js';
import type { MessageKey } from '../../locales/en.js';
import { type Locale, pickLocale } from '../../locales/i18n.js';
import type { AdAccount } from '../../platforms/sandbox/model.js';
import type { AdsStore } from '../api/ads-store.js';
import { AuthorizationError, bodyParserError, PageError } from '../errors.js';
import { type AuthorizationRequest, parseAuthorizationRequest } from './authorization-request.js';
import { findClient, type SandboxClient } from './clients.js';
import type { GrantStore } from './grants.js';
import type { PendingAuthorizations } from './pending-authorizations.js';
import { formActionSource, redirectTo } from './redirects.js';
import type { Scope } from './scopes.js';

const BRAND = 'Sandbox Ads';
const SCOPE_TEXT: Record<Scope, MessageKey> = {
  ads_read: 'sandbox.scope.ads_read',
  ads_management: 'sandbox.scope.ads_management',
};

const accountId = z.string().max(100);
const consentForm = z.strictObject({
  request: z.string().max(100),
  decision: z.enum(['allow', 'deny']),
  accounts: z.union([accountId, z.array(accountId).max(100)]).optional(),
});

/**
 * The consent page's language: the first of the client's `ui_locales` the sandbox speaks, else the
 * browser's. Its own look (its name, a test-platform badge, its own footer) keeps it apart from adlink.
 */
function localeOf(req: Request, uiLocales: string | undefined): Locale {
  const requested = uiLocales?.split(' ').find((tag) => pickLocale({ chosen: tag }).lang === tag);
  return pickLocale({
    chosen: requested,
    accepts: { header: req.get('accept-language'), best: (langs) => req.acceptsLanguages(...langs) },
  });
}

const sandboxLook = { brand: BRAND, sandbox: true, footer: 'sandbox.footer' } as const;

export interface AuthorizeDeps {
  issuer: string;
  clients: SandboxClient[];
  pending: PendingAuthorizations;
  grants: GrantStore;
  ads: AdsStore;
  log: Logger;
}

/** The authorization endpoint (RFC 6749 §4.1.1–4.1.2): the consent page and its answer. */
export function createAuthorizeRoutes(deps: AuthorizeDeps): Router {
  const router = Router();

  async function showConsent(
    req: Request,
    res: Response,
    view: { request: AuthorizationRequest; requestId: string; accounts: AdAccount[]; selected: Set<string> },
    error?: MessageKey,
  ) {
    const app = findClient(deps.clients, view.request.client)!.name;
    const l = localeOf(req, view.request.uiLocales);
    await renderPage(
      res,
      'sandbox/authorize',
      {
        ...sandboxLook,
        status: error ? 400 : 200,
        title: l.t('sandbox.title', { app }),
        formAction: [formActionSource(view.request.redirectUri)],
        app,
        // A user the client vouched for has no name of its own here; a free-text hint names the demo user.
        user:
          view.request.loginName ??
          (view.request.login.startsWith('signed:') ? l.t('sandbox.test_user') : view.request.login),
        scopes: view.request.scope.map((name) => ({ name, description: l.t(SCOPE_TEXT[name]) })),
        accounts: view.accounts.map((a) => ({ ...a, checked: view.selected.has(a.id) })),
        requestId: view.requestId,
        action: `${req.baseUrl}/oauth/authorize`,
        error: error && l.t(error),
      },
      l,
    );
  }

  router.get('/oauth/authorize', async (req, res) => {
    const request = parseAuthorizationRequest(req.query, deps.clients);
    const accounts = await deps.ads.accounts(request.login);
    const requestId = await deps.pending.create(request);
    await showConsent(req, res, {
      request,
      requestId,
      accounts,
      selected: new Set(accounts.map((a) => a.id)),
    });
  });

  router.post(
    '/oauth/authorize',
    express.urlencoded({ extended: false, limit: '20kb' }),
    async (req, res) => {
      const parsed = consentForm.safeParse(req.body ?? {});
      if (!parsed.success) throw new PageError('sandbox.error.invalid_form');
      const form = parsed.data;
      const request = await deps.pending.peek(form.request);
      if (!request) throw new PageError('sandbox.error.request_used');
      const answer = (params: Record<string, string>) => {
        res.set('Cache-Control', 'no-store');
        res.redirect(
          303,
          redirectTo(request.redirectUri, { ...params, state: request.state, iss: deps.issuer }),
        );
      };

      if (form.decision === 'deny') {
        if (!(await deps.pending.consume(form.request))) throw new PageError('sandbox.error.request_used');
        answer({ error: 'access_denied', error_description: 'The user denied access.' });
        return;
      }
      const chosen = [
        ...new Set(typeof form.accounts === 'string' ? [form.accounts] : (form.accounts ?? [])),
      ];
      const accounts = await deps.ads.accounts(request.login);
      const owned = new Set(accounts.map((a) => a.id));
      const problem: MessageKey | undefined =
        chosen.length === 0
          ? 'sandbox.error.no_account'
          : chosen.some((id) => !owned.has(id))
            ? 'sandbox.error.foreign_account'
            : undefined;
      if (problem) {
        const selected = new Set(chosen.filter((id) => owned.has(id)));
        await showConsent(req, res, { request, requestId: form.request, accounts, selected }, problem);
        return;
      }
      if (!(await deps.pending.consume(form.request))) throw new PageError('sandbox.error.request_used');
      const { redirectUri, challenge, client, login, scope } = request;
      const code = await deps.grants.issueCode({
        client,
        login,
        accounts: chosen,
        scope,
        redirectUri,
        challenge,
      });
      answer({ code });
    },
  );

  router.use(pageErrors(deps.issuer, deps.log));
  return router;
}

function pageErrors(issuer: string, log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (err instanceof AuthorizationError) {
      const { error, description, state } = err;
      res.set('Cache-Control', 'no-store');
      res.redirect(
        302,
        redirectTo(err.redirectUri, { error, error_description: description, state, iss: issuer }),
      );
      return;
    }
    let status = 400;
    let message: MessageKey;
    if (err instanceof PageError) {
      message = err.messageKey;
    } else if (bodyParserError(err)) {
      message = 'sandbox.error.invalid_form';
    } else if (err instanceof StoreUnavailableError) {
      status = 503;
      message = 'sandbox.error.unavailable';
      res.set('Retry-After', '1');
    } else {
      log.error({ err }, 'sandbox: authorization page failed');
      status = 500;
      message = 'sandbox.error.internal';
    }
    const l = localeOf(req, typeof req.query.ui_locales === 'string' ? req.query.ui_locales : undefined);
    const title = l.t(status < 500 ? 'sandbox.error.title' : 'error.title');
    renderPage(res, 'sandbox/error', { ...sandboxLook, status, title, message: l.t(message) }, l).catch(next);
  };
}
