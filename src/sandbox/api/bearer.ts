import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';
import type { AccessContext, GrantStore } from '../oauth/grants.js';
import type { RateLimiter } from './rate-limit.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/i;

/** RFC 6750: a live access token in the Authorization header, then the token's rate limit. */
export function requireAccessToken(grants: GrantStore, limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization');
    const match = header === undefined ? null : BEARER.exec(header);
    const access = match ? await grants.verifyAccessToken(match[1]!) : null;
    if (!access) {
      throw header === undefined
        ? new ApiError(
            401,
            'invalid_token',
            'Send an access token: Authorization: Bearer <token>.',
            undefined,
            {
              'WWW-Authenticate': 'Bearer realm="sandbox"',
            },
          )
        : new ApiError(401, 'invalid_token', 'The access token is invalid, expired or revoked.', undefined, {
            'WWW-Authenticate': 'Bearer realm="sandbox", error="invalid_token"',
          });
    }
    const wait = await limiter.hit(access.tokenHash);
    if (wait !== null) {
      throw new ApiError(429, 'rate_limited', `Too many requests. Retry in ${wait} seconds.`, undefined, {
        'Retry-After': String(wait),
      });
    }
    res.locals.access = access;
    next();
  };
}

export const accessOf = (res: Response): AccessContext => res.locals.access as AccessContext;
