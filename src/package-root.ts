import { fileURLToPath } from 'node:url';

/**
 * adlink's root folder (views/, public/, node_modules/), with a trailing slash. This module sits one
 * folder below it in every layout: src/package-root.ts under tsx, dist/package-root.js from tsc, and
 * dist/server.js, the production bundle, where import.meta.url is the bundle's own.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
