import { Router } from 'express';
import { z } from 'zod';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import { locale } from '../locales/i18n.js';
import type { SigningSecret } from '../store/company-settings.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards } from './session.js';

const t = locale().t;
const csrfOnly = z.strictObject({ _csrf: z.string() });

const secretRow = (secret: SigningSecret) => ({
  ...secret,
  created: shortTime(secret.created_at),
  retires: secret.expires_at ? shortTime(secret.expires_at) : null,
});

/** /integrations/signing-secret: the secrets that sign the result on the redirect; a new one is shown once. */
export function createSigningSecretRoutes(deps: IntegrationsDeps): Router {
  const { store } = deps;
  const router = Router();
  const page = vendorPages(store);

  resource(
    router,
    '/integrations/signing-secret',
    {
      get: async (req, res) => {
        const secrets = await store.settings.listSecrets(req.vendor!.company);
        await page(req, res, 'signing', 'integrations/signing-secret', {
          title: t('integrations.signing.title'),
          secrets: secrets.map(secretRow),
        });
      },
      // The secret is shown in this response only: never in a URL, a redirect or anything cached.
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const company = req.vendor!.company;
        const created = await store.settings.rotateSecret(company);
        deps.log.info({ company, secret_id: created.id }, 'signing secret created on the integrations pages');
        const secrets = await store.settings.listSecrets(company);
        await page(req, res, 'signing', 'integrations/signing-secret-created', {
          title: t('integrations.signing.created.title'),
          secret: created.secret,
          secretId: created.id,
          secrets: secrets.map(secretRow),
          scripts: ['/assets/copy.js'],
        });
      },
    },
    formGuards(deps),
  );

  return router;
}
