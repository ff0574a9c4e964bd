import type { Express } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { OPERATIONS } from '../src/openapi/document.js';
import { createStore } from '../src/store/index.js';
import { MemoryKv } from '../src/store/memory-kv.js';
import { TEST_ENCRYPTION_KEYS, TEST_KEYRING } from './support/harness.js';

/**
 * The OpenAPI document against the routes Express really has: every route outside the pages below is
 * a documented operation, and every documented operation is a route. A new endpoint without its
 * entry in src/openapi/paths/, or an entry for a route that went away, fails here.
 */

/** Paths that are not the JSON API the document describes, and why. */
const NOT_IN_THE_DOCUMENT: Record<string, string> = {
  '/connections': 'the hosted connect pages, HTML for customers’ browsers',
  '/integrations': 'the vendor’s integrations pages, HTML',
  '/sandbox': 'the built-in sandbox platform: an OAuth server and ads API of its own',
  '/brand': 'logos and themes of the hosted pages',
  '/dev': 'development tools of the embedded store',
  '/assets': 'static files of the pages',
  '/favicon.ico': 'the pages’ icon',
  '/docs': 'this document, rendered',
  '/metrics': 'Prometheus metrics for operators, protected by METRICS_TOKEN',
  '/mcp': 'the API’s operations as tools for AI agents, over the MCP transport (docs/mcp.md)',
  '/.well-known/oauth-protected-resource': 'where the API and /mcp say which tokens they take (RFC 9728)',
};

const excluded = (path: string) =>
  Object.keys(NOT_IN_THE_DOCUMENT).some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash: boolean;
  rawPath?: string;
}

/** `METHOD /path` of every route, through routers mounted at `/` or at a path. */
function routesOf(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return Object.keys(methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${prefix}${path}`);
    }
    if (layer.handle.stack)
      return routesOf(layer.handle.stack, layer.slash ? prefix : `${prefix}${layer.rawPath}`);
    return [];
  });
}

describe('OpenAPI document and the app’s routes', () => {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
  });
  const app = createApp({
    config,
    store: createStore(new MemoryKv(), 'test:', TEST_ENCRYPTION_KEYS),
    log: pino({ level: 'silent' }),
    keys: TEST_KEYRING,
  }) as Express & { router: { stack: Layer[] } };
  const routes = routesOf(app.router.stack);
  const api = routes.filter((r) => !excluded(r.slice(r.indexOf(' ') + 1)));
  const documented = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`);

  it('finds the routes of every kind of mount', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /customers',
        'GET /v1/:platform/adsets/:id',
        'GET /connections',
        'POST /sandbox/oauth/token',
      ]),
    );
  });

  it('documents every API route', () => {
    expect(api.filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('documents no route the app does not have', () => {
    expect(documented.filter((r) => !routes.includes(r))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });
});
