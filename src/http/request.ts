import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Limits } from '../config.js';
import { isUuid, randomToken } from '../ids.js';
import { routeTemplate } from './route-template.js';

declare global {
  namespace Express {
    interface Request {
      id: string;
      /** Set by `authenticate`: the company the Bearer token acts for. */
      auth?: { company: string; token: string };
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

/** Takes a well-formed `X-Request-Id` from the client or makes one, and echoes it. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  req.id = given && CLIENT_REQUEST_ID.test(given) ? given : `req_${randomToken(16)}`;
  res.set('X-Request-Id', req.id);
  next();
};

/** Our own secret formats, wherever a client may have pasted one (a path segment, say). */
const SECRET_IN_PATH =
  /(adl_live_|adl_sig_|sbx_at_|sbx_rt_)[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

export const redactPath = (path: string): string =>
  path.replace(SECRET_IN_PATH, (_match, prefix?: string) => `${prefix ?? 'jwt:'}[redacted]`);

/** One JSON line per request: the path only, never the query string (it can carry a connect token). */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      log.info(
        {
          request_id: req.id,
          method: req.method,
          route: routeTemplate(req),
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
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
 * (`/customers/:id…`) or its `customer` query parameter, when it is well-formed.
 */
export const noteSubject: RequestHandler = (req, _res, next) => {
  const named = routeTemplate(req).startsWith('/customers/:id') ? req.params.id : req.query.customer;
  if (req.auth && typeof named === 'string' && isUuid(named)) {
    req.subject = { company: req.auth.company, customer: named };
  }
  next();
};
