import type { RequestHandler, Router } from 'express';
import { AppError } from '../errors.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const methodNotAllowed = (allow: string): Error =>
  new AppError('method_not_allowed', `This endpoint accepts ${allow}.`, { headers: { Allow: allow } });

/**
 * Registers the handlers of one path, each behind `guards` (authentication), and answers every other
 * method with 405 and `Allow`: `refuse` builds that error from the `Allow` value (e.g. "GET, HEAD,
 * POST") and must carry the header itself; by default an AppError `method_not_allowed`.
 */
export function resource(
  router: Router,
  path: string,
  handlers: Partial<Record<Method, RequestHandler>>,
  guards: RequestHandler[] = [],
  refuse: (allow: string) => Error = methodNotAllowed,
): void {
  const route = router.route(path);
  const allowed: string[] = [];
  for (const [method, handler] of Object.entries(handlers) as [Method, RequestHandler][]) {
    route[method](...guards, handler);
    allowed.push(method.toUpperCase());
    if (method === 'get') allowed.push('HEAD');
  }
  const allow = allowed.join(', ');
  route.all(() => {
    throw refuse(allow);
  });
}
