import { Router } from 'express';
import { resource } from '../http/routes.js';
import { noQuery, parseQuery } from '../http/validate.js';
import type { Store } from '../store/index.js';

/** Liveness says the process answers; readiness says the store does too. */
export function createHealthRoutes(store: Store): Router {
  const router = Router();
  resource(router, '/healthz', {
    get: (req, res) => {
      parseQuery(noQuery, req);
      res.json({ status: 'ok' });
    },
  });
  resource(router, '/readyz', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      try {
        await store.kv.ping();
        res.json({ status: 'ready' });
      } catch {
        res.status(503).set('Retry-After', '1').json({ status: 'unavailable' });
      }
    },
  });
  return router;
}
