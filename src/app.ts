import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createCustomerRoutes } from './api/customers.js';
import { createHealthRoutes } from './api/health.js';
import type { Config } from './config.js';
import { AppError, jsonErrorHandler } from './errors.js';
import { authenticate } from './http/auth.js';
import { requestId, requestLog } from './http/request.js';
import { securityHeaders } from './http/security-headers.js';
import type { Store } from './store/index.js';

export interface AppDeps {
  config: Config;
  store: Store;
  log: Logger;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const routeNotFound: RequestHandler = (req) => {
  throw new AppError('route_not_found', `No endpoint ${req.method} ${req.path}.`);
};

/** The whole HTTP application; no listening and no environment reads here. */
export function createApp({ config, store, log }: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestId, requestLog(log), securityHeaders(config.secureCookies), noStore);

  app.use(createHealthRoutes(store));
  // Vendor endpoints authenticate before they read a body.
  const vendor = [
    authenticate(store, (err) => log.warn({ err }, 'could not record token use')),
    express.json({ limit: '100kb' }),
  ];
  app.use(createCustomerRoutes(store, vendor));
  app.use(routeNotFound);
  app.use(jsonErrorHandler(log));
  return app;
}
