/**
 * The production server as one file: `npm run build` type-checks and emits dist/ with tsc (the CLI runs
 * from there), then bundles src/server.ts with its packages into dist/server.js (replacing tsc's), so
 * Node reads and compiles one file at start instead of some 500.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Left to node_modules (the image keeps its production packages): msgpackr's optional native extractor
 * (BullMQ's), a compiled addon that finds its binary next to its own files.
 */
const EXTERNAL = ['msgpackr-extract'];

rmSync('dist/chunks', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  // BullMQ, imported after adlink listens, goes to a chunk of its own: read and compiled only then.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // BullMQ's ES module build: a chunk of CommonJS would offer its exports only as `default`.
  alias: { bullmq: 'bullmq/dist/esm/index.js' },
  // Bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
