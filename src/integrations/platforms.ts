import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import type { MessageKey } from '../locales/en.js';
import { locale } from '../locales/i18n.js';
import type { Platforms, Unavailable } from '../ports/platforms.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards, VendorPageError } from './session.js';

const t = locale().t;

/** Platforms a company may bring its own OAuth app for: every real one (the sandbox is adlink's own). */
export const REAL_PLATFORMS: readonly PlatformId[] = PLATFORM_IDS.filter((id) => id !== 'sandbox');

const MAX_CREDENTIAL = 500;
/** Control characters and line/paragraph separators: never part of a real id, secret or token. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

const offerForm = z.strictObject({
  _csrf: z.string(),
  offer: z.union([z.string(), z.array(z.string()).max(PLATFORM_IDS.length * 2)]).optional(),
});
const appForm = z.strictObject({
  _csrf: z.string(),
  client_id: z.string().max(10_000).optional(),
  client_secret: z.string().max(10_000).optional(),
  developer_token: z.string().max(10_000).optional(),
});
const csrfOnly = z.strictObject({ _csrf: z.string() });
const doneQuery = z.strictObject({
  done: z.enum(['offered', 'app_set', 'app_removed']),
  platform: z.enum(PLATFORM_IDS).optional(),
});

type CredentialField = 'client_id' | 'client_secret' | 'developer_token';

/** A credential as typed, surrounding whitespace removed: 1–500 characters, no control characters. */
function credential(raw: string | undefined): { value: string } | { error: string } {
  const value = (raw ?? '').trim();
  if (value === '') return { error: t('integrations.platforms.error.required') };
  if ([...value].length > MAX_CREDENTIAL) return { error: t('integrations.platforms.error.too_long') };
  if (CONTROL.test(value)) return { error: t('integrations.platforms.error.control') };
  return { value };
}

interface AppFormState {
  platform: PlatformId;
  errors: Partial<Record<CredentialField, string>>;
  /** What the vendor typed, for the fields that are no secret. */
  clientId: string;
}

/**
 * /integrations/platforms: which platforms the company offers its customers, the callback URLs, and
 * the company's own OAuth apps (secrets sealed, never shown again), which replace the deployment's.
 */
/** How the page names each reason a platform is not available here. */
const AVAILABILITY: Record<Unavailable, string> = {
  disabled: 'not_configured',
  no_credentials: 'not_configured',
  no_developer_token: 'no_developer_token',
  no_adapter: 'no_adapter',
};

export function createPlatformPages(deps: IntegrationsDeps & { platforms: Platforms }): Router {
  const { store, platforms, log } = deps;
  const router = Router();
  const guards = formGuards(deps);
  const page = vendorPages(store);

  const show = async (
    req: Request,
    res: Response,
    extra: { status?: number; offerError?: string; appForm?: AppFormState } = {},
  ) => {
    const company = req.vendor!.company;
    const [hidden, apps] = await Promise.all([
      store.profile.hiddenPlatforms(company),
      store.profile.oauthApps(company),
    ]);
    const available = platforms.available();
    const rows = PLATFORM_IDS.map((id) => {
      const entry = platforms.entry(id);
      const app = apps.find((a) => a.platform === id);
      return {
        id,
        name: entry.name,
        availability: available.includes(id) ? 'yes' : AVAILABILITY[platforms.unavailable()[id]!],
        // A platform customers cannot connect is not shown as offered, whatever the company chose.
        offered: available.includes(id) && !hidden.includes(id),
        callbackUrl: platforms.callbackUrl(id),
        ownApp: REAL_PLATFORMS.includes(id),
        developerToken: entry.developerToken === true,
        deploymentApp: platforms.app(id) !== null,
        app: app ? { ...app, created: shortTime(app.created_at) } : null,
      };
    });
    const done = req.method === 'GET' ? doneQuery.safeParse(req.query) : null;
    const notice = done?.success
      ? t(`integrations.platforms.done.${done.data.done}` as MessageKey, {
          platform: done.data.platform ? platforms.entry(done.data.platform).name : '',
        })
      : null;
    await page(req, res, 'platforms', 'integrations/platforms', {
      title: t('integrations.platforms.title'),
      rows,
      noneOffered: !rows.some((r) => r.offered && r.availability === 'yes'),
      notice,
      offerError: extra.offerError ?? null,
      appForm: extra.appForm ?? null,
      ...(extra.status ? { status: extra.status } : {}),
    });
  };

  /** A real platform from the path; the sandbox and anything else are "not found". */
  const ownAppPlatform = (req: Request): PlatformId => {
    const id = req.params.platform as string;
    if (!isPlatformId(id) || !REAL_PLATFORMS.includes(id)) throw new VendorPageError('not_found', 404);
    return id;
  };

  resource(
    router,
    '/integrations/platforms',
    {
      get: (req, res) => show(req, res),
      post: async (req, res) => {
        const { offer } = validateBody(offerForm, req.body);
        const chosen = [offer ?? []].flat();
        if (!chosen.every(isPlatformId)) {
          return show(req, res, { status: 400, offerError: t('integrations.platforms.error.unknown') });
        }
        // Platforms not available here have no checkbox: the company's choice for them is kept.
        await store.profile.setOffered(req.vendor!.company, chosen, platforms.available());
        log.info({ company: req.vendor!.company, offered: chosen }, 'offered platforms changed');
        res.redirect(303, '/integrations/platforms?done=offered');
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/platforms/:platform/app',
    {
      post: async (req, res) => {
        const platform = ownAppPlatform(req);
        const body = validateBody(appForm, req.body);
        const fields: CredentialField[] = platforms.entry(platform).developerToken
          ? ['client_id', 'client_secret', 'developer_token']
          : ['client_id', 'client_secret'];
        const checked = Object.fromEntries(fields.map((f) => [f, credential(body[f])])) as Partial<
          Record<CredentialField, ReturnType<typeof credential>>
        >;
        const errors: AppFormState['errors'] = {};
        for (const [field, result] of Object.entries(checked)) {
          if (result && 'error' in result) errors[field as CredentialField] = result.error;
        }
        if (Object.keys(errors).length > 0) {
          return show(req, res, {
            status: 400,
            appForm: { platform, errors, clientId: body.client_id ?? '' },
          });
        }
        const value = (field: CredentialField) => (checked[field] as { value: string } | undefined)?.value;
        const developerToken = value('developer_token');
        const app = await store.profile.setOAuthApp(req.vendor!.company, platform, {
          clientId: value('client_id')!,
          clientSecret: value('client_secret')!,
          ...(developerToken === undefined ? {} : { developerToken }),
        });
        log.info(
          { company: req.vendor!.company, platform, client_id: app.client_id },
          'company oauth app set',
        );
        res.redirect(303, `/integrations/platforms?done=app_set&platform=${platform}`);
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/platforms/:platform/app/remove',
    {
      post: async (req, res) => {
        const platform = ownAppPlatform(req);
        validateBody(csrfOnly, req.body);
        if (await store.profile.removeOAuthApp(req.vendor!.company, platform)) {
          log.info({ company: req.vendor!.company, platform }, 'company oauth app removed');
        }
        res.redirect(303, `/integrations/platforms?done=app_removed&platform=${platform}`);
      },
    },
    guards,
  );

  return router;
}
