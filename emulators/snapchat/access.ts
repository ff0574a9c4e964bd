import type { RequestHandler } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { ERROR_CODES, SnapError } from './envelope.js';

/**
 * Every Ads API call: throttled when the controls say so (HTTP 429, which is all Snap's Rate Limits
 * page documents: no Retry-After), else the `Authorization: Bearer` token must be valid (HTTP 401).
 */
export function requireAccess(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req, _res, next) => {
    if (controls.takeThrottle()) {
      throw new SnapError(429, ERROR_CODES.throttled, 'Too many requests: slow down the request rate');
    }
    const token = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const grant = oauth.verify(token);
    if (typeof grant === 'string') {
      const reason = grant === 'expired' ? 'The access token has expired' : 'The access token is not valid';
      throw new SnapError(401, ERROR_CODES.unauthorized, `Unauthorized: ${reason}`);
    }
    next();
  };
}
