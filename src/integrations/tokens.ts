import { type Request, Router } from 'express';
import { z } from 'zod';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import { locale } from '../locales/i18n.js';
import type { CompanyToken } from '../store/companies.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards, VendorPageError } from './session.js';

const t = locale().t;

/** `tok_` + 16 random bytes in base64url (CompanyStore.createToken); anything else is no token of ours. */
const TOKEN_ID = /^tok_[A-Za-z0-9_-]{22}$/;

const csrfOnly = z.strictObject({ _csrf: z.string() });
const listQuery = z.strictObject({ revoked: z.string().regex(TOKEN_ID).optional() });

const tokenRow = (token: CompanyToken) => ({
  ...token,
  created: shortTime(token.created_at),
  lastUsed: token.last_used_at ? shortTime(token.last_used_at) : null,
});

/** /integrations/tokens: the company's API tokens; a new one is shown once, revocation asks first. */
export function createTokenRoutes(deps: IntegrationsDeps): Router {
  const { store } = deps;
  const router = Router();
  const guards = formGuards(deps);
  const page = vendorPages(store);

  /** The signed-in company's token with this id; another company's, or none, is "not found". */
  const ownToken = async (req: Request): Promise<CompanyToken> => {
    const id = req.params.id as string;
    const token = TOKEN_ID.test(id)
      ? (await store.companies.listTokens(req.vendor!.company)).find((tok) => tok.id === id)
      : undefined;
    if (!token) throw new VendorPageError('not_found', 404);
    return token;
  };

  resource(
    router,
    '/integrations/tokens',
    {
      get: async (req, res) => {
        // The notice after a revocation; any other query is ignored, as a link can carry anything.
        const query = listQuery.safeParse(req.query);
        const revoked = query.success ? query.data.revoked : undefined;
        const tokens = await store.companies.listTokens(req.vendor!.company);
        const gone = revoked ? tokens.find((tok) => tok.id === revoked && tok.revoked_at) : undefined;
        await page(req, res, 'tokens', 'integrations/tokens', {
          title: t('integrations.tokens.title'),
          tokens: tokens.map(tokenRow),
          notice: gone ? t('integrations.tokens.revoked', { prefix: gone.prefix }) : null,
        });
      },
      // The secret is shown in this response only: never in a URL, a redirect or anything cached.
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const { token, secret } = await store.companies.createToken(req.vendor!.company);
        deps.log.info(
          { company: req.vendor!.company, token: token.id },
          'company token created on the integrations pages',
        );
        await page(req, res, 'tokens', 'integrations/tokens-created', {
          title: t('integrations.tokens.created.title'),
          secret,
          scripts: ['/assets/copy.js'],
        });
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/tokens/:id/revoke',
    {
      get: async (req, res) => {
        const token = await ownToken(req);
        await page(req, res, 'tokens', 'integrations/tokens-revoke', {
          title: t('integrations.tokens.confirm.title', { prefix: token.prefix }),
          token,
        });
      },
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const id = req.params.id as string;
        const revoked = TOKEN_ID.test(id) ? await store.companies.revokeToken(id, req.vendor!.company) : null;
        if (!revoked) throw new VendorPageError('not_found', 404);
        deps.log.info(
          { company: req.vendor!.company, token: id },
          'company token revoked on the integrations pages',
        );
        res.redirect(303, `/integrations/tokens?revoked=${encodeURIComponent(id)}`);
      },
    },
    guards,
  );

  return router;
}
