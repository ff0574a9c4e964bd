import type { Express, Request } from 'express';

/** The label of a request no route answered: static assets and 404s. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE = Symbol('route');
const TEMPLATE = Symbol('route template');

interface Tracked {
  [ROUTE]?: { path?: unknown };
  [TEMPLATE]?: string;
  baseUrl: string;
}

/**
 * Remembers the template of the route that answers (`/customers/:id`) with the path it is mounted
 * under, when the router matches it: `req.baseUrl` is no longer that path once the response ends (an
 * error leaving a mounted router resets it, an error handler mounted at a path sets its own). An
 * accessor on the app's request prototype, once: the router's `req.route = …` goes through it.
 */
export function trackRouteTemplates(app: Express): void {
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Tracked) {
      return this[ROUTE];
    },
    set(this: Tracked, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      if (value) this[TEMPLATE] = `${this.baseUrl}${String(value.path)}`;
    },
  });
}

/** The template of the route that answered the request, or `unmatched`. */
export const routeTemplate = (req: Request): string =>
  (req as unknown as Tracked)[TEMPLATE] ?? UNMATCHED_ROUTE;
