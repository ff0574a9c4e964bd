import { type RequestHandler, Router } from 'express';
import { AppError } from '../errors.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const methodNotAllowed = (allow: string): Error =>
  new AppError('method_not_allowed', `This endpoint accepts ${allow}.`, { headers: { Allow: allow } });

/**
 * Registers the handlers of one path, each behind `guards` (authentication; per method where they
 * differ), and answers every other method with 405 and `Allow`: `refuse` builds that error from the
 * `Allow` value (e.g. "GET, HEAD, POST") and must carry the header itself; by default an AppError
 * `method_not_allowed`.
 */
export function resource(
  router: Router,
  path: string,
  handlers: Partial<Record<Method, RequestHandler>>,
  guards: RequestHandler[] | Partial<Record<Method, RequestHandler[]>> = [],
  refuse: (allow: string) => Error = methodNotAllowed,
): void {
  const route = router.route(path);
  const allowed: string[] = [];
  for (const [method, handler] of Object.entries(handlers) as [Method, RequestHandler][]) {
    route[method](...(Array.isArray(guards) ? guards : (guards[method] ?? [])), handler);
    allowed.push(method.toUpperCase());
    if (method === 'get') allowed.push('HEAD');
  }
  const allow = allowed.join(', ');
  route.all(() => {
    throw refuse(allow);
  });
}

/**
 * Mounts routers that keep their routes' full paths, for requests whose path is one of `prefixes` or
 * under one (case-insensitive, as the routes match). Any other request passes on at once: a router
 * that matches nothing costs a match per route and a trip through the event loop on the way out
 * (`setImmediate`), for each router a request falls through. A router of routes alone lends its
 * routes to the mount's own router (they are all registered by then), so a request that none of them
 * answers leaves it with no such trip either. `stack` is the router's, so the app's routes can still
 * be listed.
 */
export function under(
  prefixes: string[],
  ...routers: RequestHandler[]
): RequestHandler & { stack: unknown[] } {
  const router = Router();
  for (const inner of routers) {
    const layers = (inner as Partial<Router>).stack;
    if (layers?.every((layer) => layer.route)) router.stack.push(...layers);
    else router.use(inner);
  }
  const lower = prefixes.map((prefix) => prefix.toLowerCase());
  const mount: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    if (lower.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
      return router(req, res, next);
    next();
  };
  return Object.assign(mount, { stack: router.stack });
}

/**
 * Middleware run one after the other as one handler, as a route runs its handlers (an error, thrown
 * or rejected, goes to `done`): a route's guards cost one step of the router instead of one each.
 */
export function inSequence(handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const step = (err?: unknown): void => {
      const handler = handlers[index++];
      if (err || !handler) {
        done(err);
        return;
      }
      try {
        const returned: unknown = handler(req, res, step);
        if (returned instanceof Promise) {
          returned.catch((rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
        }
      } catch (thrown) {
        done(thrown);
      }
    };
    step();
  };
}
