import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Limits } from '../config.js';
import { isCustomerId } from '../domain/own-customer.js';
import { randomToken } from '../ids.js';
import type { Metrics } from '../metrics/metrics.js';
import type { TokenOwner } from '../store/companies.js';
import { routeTemplate } from './route-template.js';

declare global {
  namespace Express {
    interface Request {
      id: string;
      /** Set by `authenticate`: the company the Bearer token acts for (and an access token's customer and scope). */
      auth?: TokenOwner;
      /** The customer the request is about, when it names one (request logs). */
      subject?: { company: string; customer: string };
    }
    /** `app.locals`: the deployment's rate limits and quotas, set by createApp. */
    interface Locals {
      limits: Limits;
    }
  }
}

export const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Our own secret formats, wherever a client may have pasted one (a path segment, say). */
const SECRET_IN_PATH =
  /(adl_live_|adl_at_|adl_sig_|sbx_at_|sbx_rt_)[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

export const redactPath = (path: string): string =>
  path.replace(SECRET_IN_PATH, (_match, prefix?: string) => `${prefix ?? 'jwt:'}[redacted]`);

/**
 * Every request: its id (a well-formed `X-Request-Id` from the client, or a new one), echoed; when
 * the response ends, its duration by route template in the metrics and one JSON log line with the
 * path only, never the query string (it can carry a connect token).
 */
export function observeRequests(log: Logger, metrics: Metrics): RequestHandler {
  // The line holds only fields built here (the path with any secret redacted): the logger's
  // redaction paths would be checked on every request for nothing (half the line's cost).
  const requests = log.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : `req_${randomToken(16)}`;
    res.setHeader('X-Request-Id', req.id);
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeTemplate(req);
      metrics.httpDuration.observe({ method: req.method, route, status: res.statusCode }, ms / 1000);
      requests.info(
        {
          request_id: req.id,
          method: req.method,
          route,
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 1000) / 1000,
          ...(req.auth || req.subject ? { company: req.subject?.company ?? req.auth?.company } : {}),
          ...(req.subject ? { customer: req.subject.customer } : {}),
        },
        'request',
      );
    });
    next();
  };
}

/**
 * On vendor endpoints (after `authenticate`): the customer a request names, in its path
 * (`/customers/:id…`) or its `customer` query parameter, when it is well-formed; else an access
 * token's own.
 */
export const noteSubject: RequestHandler = (req, _res, next) => {
  const named =
    (routeTemplate(req).startsWith('/customers/:id') ? req.params.id : req.query.customer) ??
    req.auth?.customer;
  if (req.auth && typeof named === 'string' && isCustomerId(named)) {
    req.subject = { company: req.auth.company, customer: named };
  }
  next();
};
