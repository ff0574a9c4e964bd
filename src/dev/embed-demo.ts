import { Router } from 'express';
import { renderPage } from '../http/pages.js';

/**
 * GET /dev/embed (development on the embedded store only): a vendor's onboarding page using
 * /assets/adlink.js. Paste a connect link (the README's walkthrough); its company must list this server's
 * origin among its redirect URIs (the walkthrough's /dev/return does) for the popup to report back.
 */
export function createDevEmbedDemo(): Router {
  const router = Router();
  router.get('/dev/embed', async (_req, res) => {
    await renderPage(res, 'dev/embed', {
      title: 'Vendor onboarding page (development)',
      scripts: ['/assets/adlink.js', '/assets/embed-demo.js'],
    });
  });
  return router;
}
