import { Router } from 'express';
import type { Role } from '../config.js';
import { resource } from '../http/routes.js';
import { noQuery, parseQuery } from '../http/validate.js';
import type { Store } from '../store/index.js';

/** Liveness says the process answers; readiness says the store does too; both say the process's role. */
export function createHealthRoutes(store: Store, role: Role): Router {
  const router = Router();
  resource(router, '/healthz', {
    get: (req, res) => {
      parseQuery(noQuery, req);
      res.json({ status: 'ok', role });
    },
  });
  resource(router, '/readyz', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      try {
        await store.kv.ping();
        res.json({ status: 'ready', role });
      } catch {
        res.status(503).set('Retry-After', '1').json({ status: 'unavailable', role });
      }
    },
  });
  return router;
}
