import { Router } from 'express';
import { verifyResult } from '../connect/result-signature.js';
import { renderPage } from '../http/pages.js';
import { isUuid } from '../ids.js';
import type { Store } from '../store/index.js';

const TOLERANCE_SECONDS = 300;

/**
 * GET /dev/return (development on the embedded store only): a stand-in for the vendor's redirect URI,
 * so a local walkthrough ends somewhere real. It verifies the signed result as the code in docs/connect.md does,
 * with the signing secrets of the customer's company, and shows it.
 */
export function createDevReturnPage(store: Store): Router {
  const router = Router();
  router.get('/dev/return', async (req, res) => {
    const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const customer = params.get('customer') ?? '';
    let company: string | null = null;
    if (isUuid(customer)) {
      for (const candidate of await store.companies.list()) {
        if (await store.customers.get(candidate.id, customer)) company = candidate.id;
      }
    }
    const secrets = company ? await store.settings.activeSecrets(company) : [];
    const verified = secrets.some(({ secret }) => verifyResult(secret, params, TOLERANCE_SECONDS));
    const ts = Number(params.get('ts'));
    await renderPage(res, 'dev/return', {
      title: 'Vendor return page (development)',
      verified,
      result: {
        status: params.get('status') ?? '',
        customer,
        platforms: params.get('platforms') ?? '',
        id: params.get('id') ?? '',
        signed_at: Number.isFinite(ts) && ts > 0 ? new Date(ts * 1000).toISOString() : '',
      },
      tolerance: TOLERANCE_SECONDS,
    });
  });
  return router;
}
