import type { Request, RequestHandler } from 'express';

/** The label of a request no route answered: static assets and 404s. */
export const UNMATCHED_ROUTE = 'unmatched';

const templates = new WeakMap<Request, string>();

/**
 * Remembers the template of the route that answers (`/customers/:id`) with the path it is mounted
 * under, when the router matches it: `req.baseUrl` is no longer that path once the response ends (an
 * error leaving a mounted router resets it, an error handler mounted at a path sets its own).
 */
export const trackRouteTemplate: RequestHandler = (req, _res, next) => {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value) templates.set(req, `${req.baseUrl}${String(value.path)}`);
    },
  });
  next();
};

/** The template of the route that answered the request, or `unmatched`. */
export const routeTemplate = (req: Request): string => templates.get(req) ?? UNMATCHED_ROUTE;
