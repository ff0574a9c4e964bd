import type { RequestHandler, Router } from 'express';
import { resource } from '../../http/routes.js';
import { ApiError } from '../errors.js';
import type { AccessContext } from '../oauth/grants.js';
import { allows } from '../oauth/scopes.js';

/** What an object id in a path may look like; anything else is simply not found. */
export const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function requireScope(access: AccessContext, action: 'read' | 'write'): void {
  if (allows(access.scope, action)) return;
  const scope = action === 'read' ? 'ads_read' : 'ads_management';
  throw new ApiError(403, 'insufficient_scope', `This request needs the ${scope} scope.`, undefined, {
    'WWW-Authenticate': `Bearer realm="sandbox", error="insufficient_scope", scope="${scope}"`,
  });
}

export function requireAccount(access: AccessContext, account: string): string {
  if (!access.grant.accounts.includes(account)) {
    throw new ApiError(403, 'account_not_granted', 'This ad account is not shared with your application.');
  }
  return account;
}

/** An object of the user's (null: unknown or someone else's → 404) in an account of the grant (→ 403). */
export function visible<T extends { account_id: string }>(
  access: AccessContext,
  object: T | null,
  what: string,
): T {
  if (!object) throw new ApiError(404, 'not_found', `No such ${what}.`);
  requireAccount(access, object.account_id);
  return object;
}

const refuseMethod = (allow: string) =>
  new ApiError(405, 'method_not_allowed', `This endpoint accepts ${allow}.`, undefined, { Allow: allow });

type Handlers = Parameters<typeof resource>[2];

/** http/routes' resource() with the ads API's own 405 body. */
export const apiResource = (router: Router, path: string, handlers: Handlers): void =>
  resource(router, path, handlers, [] as RequestHandler[], refuseMethod);

/** apiResource() for the routes of one router. */
export const apiResources =
  (router: Router) =>
  (path: string, handlers: Handlers): void =>
    apiResource(router, path, handlers);
