import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Router } from 'express';
import { resource } from '../http/routes.js';
import { noQuery, parseQuery } from '../http/validate.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { openApiDocument } from './document.js';

/** Swagger UI's prebuilt files, served from the installed package: the page loads nothing from elsewhere. */
const SWAGGER_UI = dirname(createRequire(PACKAGE_ROOT).resolve('swagger-ui-dist/package.json'));
const ASSETS = { 'swagger-ui-bundle.js': 'js', 'swagger-ui.css': 'css' } as const;

/**
 * Scripts and styles from our origin only (Swagger UI styles elements through the DOM, not inline
 * markup), its icons as data: URIs, and fetching the document and trying requests on this API.
 */
const pagePolicy = (apiOrigin: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>adlink API reference</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/assets/docs.css">
</head>
<body>
<div id="reference" data-url="/openapi.json"></div>
<noscript><p>This reference needs JavaScript. The API's OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/assets/docs.js"></script>
</body>
</html>
`;

/** `GET /openapi.json` and its rendered reference at `GET /docs`. */
export function createApiReferenceRoutes(publicBaseUrl: string): Router {
  const router = Router();
  // Built on the first request for it, not while adlink starts.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const policy = pagePolicy(new URL(publicBaseUrl).origin);

  resource(router, '/openapi.json', {
    get: (req, res) => {
      parseQuery(noQuery, req);
      document ??= openApiDocument(publicBaseUrl);
      res.json(document);
    },
  });
  resource(router, '/docs', {
    get: (_req, res) => void res.set('Content-Security-Policy', policy).type('html').send(PAGE),
  });
  for (const [file, type] of Object.entries(ASSETS)) {
    resource(router, `/docs/assets/${file}`, {
      get: (_req, res) => {
        res.set('Cache-Control', 'public, max-age=3600').type(type).sendFile(file, { root: SWAGGER_UI });
      },
    });
  }
  return router;
}
