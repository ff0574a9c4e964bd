#!/usr/bin/env node
// The adlink operator CLI. In a checkout with development dependencies it runs the TypeScript sources
// through tsx, so a stale dist/ is never used; the production image has no tsx and runs dist/.
const source = new URL('../src/cli.ts', import.meta.url);
let cli;
try {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(source.href);
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('tsx')) throw err;
  cli = await import(new URL('../dist/cli.js', import.meta.url).href);
}
await cli.run(process.argv.slice(2));
