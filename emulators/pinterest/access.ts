import type { RequestHandler } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { authenticationFailed, missingScope, rateLimited } from './errors.js';

/**
 * Every API call: throttled when the controls say so (429 without rate headers: Pinterest documents
 * none in its OpenAPI), else a valid Bearer token whose grant has `ads:read` (reads) or `ads:write`
 * (writes). Missing, unknown, revoked and expired tokens all get Pinterest's 401 "Authentication failed".
 */
export function requireAccess(oauth: OAuthServer, controls: Controls): RequestHandler {
  return (req, res, next) => {
    if (controls.takeThrottle()) throw rateLimited();
    const token = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const grant = oauth.verify(token);
    if (typeof grant === 'string') throw authenticationFailed();
    const needed = req.method === 'GET' ? ['ads:read', 'ads:write'] : ['ads:write'];
    if (!grant.scope.some((s) => needed.includes(s))) throw missingScope();
    res.locals.user = grant.user;
    next();
  };
}
