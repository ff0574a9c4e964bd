import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { companySettingsSchema } from '../connect/redirect-uris.js';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import type { MessageKey } from '../locales/en.js';
import { locale } from '../locales/i18n.js';
import type { CompanySettings } from '../store/company-settings.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards, VendorPageError } from './session.js';

const t = locale().t;

const uriForm = z.strictObject({ _csrf: z.string(), uri: z.string().max(4000) });
const DONE = ['added', 'removed', 'default', 'no_default'] as const;
const doneQuery = z.strictObject({ done: z.enum(DONE) });

/**
 * The settings with one more URI, checked by the schema PUT /company/settings uses; or the message to
 * show next to the field.
 */
function withUri(settings: CompanySettings, uri: string): { settings: CompanySettings } | { error: string } {
  const result = companySettingsSchema.safeParse({
    ...settings,
    redirect_uris: [...settings.redirect_uris, uri],
  });
  if (result.success) return { settings: result.data };
  const issue = result.error.issues[0]!;
  // ['redirect_uris', i]: a URI the API would refuse; ['redirect_uris']: a repeat or one too many.
  if (issue.path.length === 2)
    return { error: t('integrations.redirects.error.invalid', { problem: issue.message }) };
  if (issue.code === 'too_big') return { error: t('integrations.redirects.error.too_many') };
  if (issue.message === 'must not repeat a URI') return { error: t('integrations.redirects.error.repeated') };
  return { error: issue.message };
}

/** /integrations/redirect-uris: the allowed redirect URIs, validated exactly as the API validates them. */
export function createRedirectUriRoutes(deps: IntegrationsDeps): Router {
  const { store } = deps;
  const router = Router();
  const guards = formGuards(deps);
  const page = vendorPages(store);

  const show = async (
    req: Request,
    res: Response,
    extra: { status?: number; uri?: string; error?: string },
  ) => {
    const settings = await store.settings.get(req.vendor!.company);
    const done = doneQuery.safeParse(req.query);
    await page(req, res, 'redirects', 'integrations/redirect-uris', {
      title: t('integrations.redirects.title'),
      settings,
      notice:
        req.method === 'GET' && done.success
          ? t(`integrations.redirects.done.${done.data.done}` as MessageKey)
          : null,
      uri: extra.uri ?? '',
      error: extra.error ?? null,
      ...(extra.status ? { status: extra.status } : {}),
    });
  };

  /**
   * Changes the company's settings in one atomic step; the result goes through the API's schema before
   * it is stored. `update` returns null when the URI is no longer listed (another edit removed it).
   */
  const change = async (
    req: Request,
    res: Response,
    update: (s: CompanySettings) => CompanySettings | null,
    done: string,
  ) => {
    const changed = await store.settings.update(req.vendor!.company, (current) => {
      const next = update(current);
      return { settings: next && companySettingsSchema.parse(next), result: next !== null };
    });
    if (!changed) throw new VendorPageError('not_found', 404);
    res.redirect(303, `/integrations/redirect-uris?done=${done}`);
  };

  /** The URI of a remove/default form, which must be one of the list (else there is nothing to change). */
  const listed = (current: CompanySettings, uri: string) => current.redirect_uris.includes(uri);

  resource(
    router,
    '/integrations/redirect-uris',
    {
      get: (req, res) => show(req, res, {}),
      post: async (req, res) => {
        const { uri } = validateBody(uriForm, req.body);
        const outcome = await store.settings.update(req.vendor!.company, (current) => {
          const next = withUri(current, uri);
          return { settings: 'settings' in next ? next.settings : null, result: next };
        });
        if ('error' in outcome) return show(req, res, { status: 400, uri, error: outcome.error });
        res.redirect(303, '/integrations/redirect-uris?done=added');
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/redirect-uris/remove',
    {
      post: async (req, res) => {
        const { uri } = validateBody(uriForm, req.body);
        await change(
          req,
          res,
          (s) =>
            listed(s, uri)
              ? {
                  redirect_uris: s.redirect_uris.filter((u) => u !== uri),
                  default_redirect_uri: s.default_redirect_uri === uri ? null : s.default_redirect_uri,
                }
              : null,
          'removed',
        );
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/redirect-uris/default',
    {
      post: async (req, res) => {
        // An empty uri clears the default; any other must be one of the list.
        const { uri } = validateBody(uriForm, req.body);
        await change(
          req,
          res,
          (s) => (uri === '' || listed(s, uri) ? { ...s, default_redirect_uri: uri || null } : null),
          uri ? 'default' : 'no_default',
        );
      },
    },
    guards,
  );

  return router;
}
