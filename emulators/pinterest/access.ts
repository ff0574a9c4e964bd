import type { RequestHandler } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { authenticationFailed, missingScope, rateLimited } from './errors.js';

/** Whether a grant's scopes allow a request of `method`. */
export type ScopeRule = (method: string, scopes: readonly string[]) => boolean;

/** The ads operations: `ads:read` or `ads:write` for reads, `ads:write` for writes. */
export const adsScopes: ScopeRule = (method, scopes) => {
  const needed = method === 'GET' ? ['ads:read', 'ads:write'] : ['ads:write'];
  return scopes.some((s) => needed.includes(s));
};

/** Every scope an operation's `security` lists (the Pins', boards' and user account's operations). */
export const allScopes =
  (read: string[], write: string[] = read): ScopeRule =>
  (method, scopes) =>
    (method === 'GET' ? read : write).every((s) => scopes.includes(s));

/**
 * Every API call: throttled when the controls say so (429 without rate headers: Pinterest documents
 * none in its OpenAPI), else a valid Bearer token whose grant has the scopes the operation's `security`
 * names. Missing, unknown, revoked and expired tokens all get Pinterest's 401 "Authentication failed".
 */
export function requireAccess(oauth: OAuthServer, controls: Controls, allowed: ScopeRule): RequestHandler {
  return (req, res, next) => {
    if (controls.takeThrottle()) throw rateLimited();
    const token = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const grant = oauth.verify(token);
    if (typeof grant === 'string') throw authenticationFailed();
    if (!allowed(req.method, grant.scope)) throw missingScope();
    res.locals.user = grant.user;
    next();
  };
}
