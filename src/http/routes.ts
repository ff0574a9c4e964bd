import type { RequestHandler, Router } from 'express';
import { AppError } from '../errors.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Registers the handlers of one path, each behind `guards` (authentication), and answers every other
 * method with 405 and `Allow`.
 */
export function resource(
  router: Router,
  path: string,
  handlers: Partial<Record<Method, RequestHandler>>,
  guards: RequestHandler[] = [],
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
    throw new AppError('method_not_allowed', `This endpoint accepts ${allow}.`, {
      headers: { Allow: allow },
    });
  });
}
