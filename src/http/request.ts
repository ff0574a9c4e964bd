import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Limits } from '../config.js';
import { randomToken } from '../ids.js';

declare global {
  namespace Express {
    interface Request {
      id: string;
      /** Set by `authenticate`: the company the Bearer token acts for. */
      auth?: { company: string; token: string };
    }
    /** `app.locals`: the deployment's rate limits and quotas, set by createApp. */
    interface Locals {
      limits: Limits;
    }
  }
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

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
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          ...(req.auth ? { company: req.auth.company } : {}),
        },
        'request',
      );
    });
    next();
  };
}
