import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { AppError } from '../errors.js';
import { resource } from '../http/routes.js';
import type { Metrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `GET /metrics` in the Prometheus text format; behind `Authorization: Bearer <token>` when one is set. */
export function createMetricsRoute(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  resource(router, '/metrics', {
    get: async (req, res) => {
      if (expected) {
        const given = req.get('authorization');
        if (!given) {
          throw new AppError('missing_token', 'Send the metrics token as `Authorization: Bearer <token>`.', {
            headers: { 'WWW-Authenticate': 'Bearer realm="adlink metrics"' },
          });
        }
        // Digests have one length, so the comparison takes as long whatever was sent.
        if (!timingSafeEqual(digest(given), expected)) {
          throw new AppError('invalid_token', 'This is not the metrics token.', {
            headers: { 'WWW-Authenticate': 'Bearer realm="adlink metrics", error="invalid_token"' },
          });
        }
      }
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
  return router;
}
