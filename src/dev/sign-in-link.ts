import express, { Router } from 'express';
import type { Config } from '../config.js';
import { renderPage } from '../http/pages.js';
import { fromOurOrigin } from '../http/same-origin.js';
import { signInUrl } from '../integrations/sign-in.js';
import { locale } from '../locales/i18n.js';
import type { Store } from '../store/index.js';

const t = locale().t;

/**
 * POST /integrations/dev/sign-in-link (development on the embedded store only, where `npx adlink login`
 * cannot reach the store): prints a new sign-in link per company to the server's console, never to the
 * page, so only whoever runs the server gets one.
 */
export function createDevSignInLink(config: Config, store: Store, print: (text: string) => void): Router {
  const router = Router();
  const ourOrigin = new URL(config.publicBaseUrl).origin;
  router.post(
    '/integrations/dev/sign-in-link',
    express.urlencoded({ extended: false, limit: '1kb' }),
    async (req, res) => {
      if (!fromOurOrigin(req, ourOrigin)) return void res.status(403).type('text').send('Refused.');
      const lines = [];
      for (const company of await store.companies.list()) {
        lines.push(
          `  ${company.name} (${company.id}):\n\n    ${await signInUrl(store, config, company.id)}\n`,
        );
      }
      print(`\n  Sign-in links (valid 10 minutes, once):\n\n${lines.join('\n')}\n`);
      await renderPage(res, 'integrations/message', {
        title: t('integrations.dev_link.sent.title'),
        heading: t('integrations.dev_link.sent.title'),
        message: t('integrations.dev_link.sent.body'),
      });
    },
  );
  return router;
}
