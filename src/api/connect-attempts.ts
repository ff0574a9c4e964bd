import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { integerParam, parseQuery } from '../http/validate.js';
import type { ConnectAttemptRecord } from '../store/connect-attempts.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';

/** An index member of the attempt log: `<created_at>|<attempt id>` (see ConnectAttemptStore.record). */
export const ATTEMPT_POSITION = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z\|cat_[A-Za-z0-9_-]{16}$/;

/** What a `next_cursor` carries: the position of the last attempt of the page. */
export const attemptCursor = z.strictObject({ after: z.string().regex(ATTEMPT_POSITION) });

export const listQuery = z.strictObject({
  customer: z.string().max(100).optional(),
  limit: integerParam(1, 100, 20),
  cursor: z.string().max(500).optional(),
});

/** The fields the API shows, and only those, whatever else a record may carry later. */
export const attemptView = (a: ConnectAttemptRecord) => ({
  id: a.id,
  customer: a.customer,
  platform: a.platform,
  outcome: a.outcome,
  error_code: a.error_code,
  ...(a.platform_revoked === undefined ? {} : { platform_revoked: a.platform_revoked }),
  created_at: a.created_at,
});

/**
 * The company's connect attempts, newest first: what its customers tried on the hosted pages. `vendor`
 * are the customer guards: an access token lists its customer's.
 */
export function createConnectAttemptRoutes(store: Store, vendor: RequestHandler[]): Router {
  const router = Router();

  resource(
    router,
    '/connect/attempts',
    {
      get: async (req, res) => {
        const query = parseQuery(listQuery, req);
        const company = req.auth!.company;
        // An access token sees its own customer's attempts only.
        const customer =
          query.customer === undefined && req.auth!.customer === undefined
            ? undefined
            : (await findCustomer(store, req, query.customer, 'customer')).id;
        const after =
          query.cursor === undefined ? undefined : decodeCursor(attemptCursor, query.cursor).after;
        const page = await store.connectAttempts.list(company, {
          limit: query.limit,
          ...(after === undefined ? {} : { after }),
          ...(customer === undefined ? {} : { customer }),
        });
        res.json(pageAnswer({ ...page, data: page.data.map(attemptView) }));
      },
    },
    vendor,
  );

  return router;
}
