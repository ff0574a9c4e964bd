import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowClient, location } from './support/flow-client.js';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';
import { startThrowawayRedis } from './support/throwaway-redis.js';

/**
 * The production build as the image runs it: `npm run build`, then `node dist/server.js`, the bundle,
 * which finds views/, public/, the languages and Swagger UI's files from the package root.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = /adl_live_[A-Za-z0-9_-]{43}/;
let server: ServerProcess;
let base: string;

const startBundle = (env: Record<string, string>) => spawnServer(env, repoRoot, ['dist/server.js']);

beforeAll(async () => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'pipe', timeout: 240_000 });
  const port = await freePort();
  const env = {
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    // Meta configured: its tile, with the logo read from public/platform-logos, is on the connections page.
    META_CLIENT_ID: 'bundle-app',
    META_CLIENT_SECRET: 'bundle-secret',
  };
  server = startBundle(env);
  base = `http://localhost:${port}`;
  await server.waitForStdout(/"msg":"adlink listening"/, 20_000);
}, 300_000);

afterAll(() => server?.kill());

/** The landing page of a connect link for a new customer of the demo company, in `locale` when given. */
async function connectPage(browser: FlowClient, locale?: string) {
  const auth = { Authorization: `Bearer ${TOKEN.exec(server.stdout())![0]}` };
  const created = await fetch(`${base}/customers`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: '{"name":"Bundle Bakery"}',
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await fetch(`${base}/customers/${id}/connect${locale ? `?locale=${locale}` : ''}`, {
    headers: auth,
  });
  expect(link.status).toBe(200);
  const page = await browser.get(((await link.json()) as { connect_url: string }).connect_url);
  expect(page.status).toBe(200);
  return page.text();
}

describe('the production bundle (dist/server.js)', () => {
  it('is ready', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('serves the hosted pages from views/ with their stylesheet from public/ and the platforms’ logos', async () => {
    const browser = new FlowClient(base);
    const page = await connectPage(browser);
    expect(page).toContain('<html lang="en"');
    expect(page).toContain('href="/assets/app.css"');
    const css = await fetch(`${base}/assets/app.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await css.text()).length).toBeGreaterThan(1000);

    const started = await browser.post(/action="([^"]+)"/.exec(page)![1]!, FlowClient.formFields(page));
    const connections = await (await browser.get(location(started))).text();
    const meta = readFileSync(join(repoRoot, 'public/platform-logos/meta.svg'), 'utf8');
    expect(connections).toContain(/<path d="[^"]+"/.exec(meta)![0]);
  });

  it('serves the hosted pages in German', async () => {
    const page = await connectPage(new FlowClient(base), 'de');
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('Werbekonten verbinden');
  });

  it('serves the API reference with Swagger UI’s files, and the OpenAPI document', async () => {
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const answer = await fetch(`${base}/docs/assets/${asset}`);
      expect(answer.status, asset).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
    }
    const document = await fetch(`${base}/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    expect(server.stdout()).not.toContain('internal_error');
  });

  it('answers agents at /mcp, with the protocol’s modules loaded on the first request', async () => {
    const rpc = async (id: number, method: string, params: object = {}) => {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN.exec(server.stdout())![0]}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: Record<string, unknown> }).result;
    };
    const { tools } = (await rpc(1, 'tools/list')) as { tools: { name: string }[] };
    expect(tools.map((t) => t.name)).toContain('list_ad_sets');
    const listed = await rpc(2, 'tools/call', { name: 'list_customers', arguments: { limit: '1' } });
    expect(listed.isError).toBeUndefined();
    expect((listed.structuredContent as { data: unknown[] }).data).toHaveLength(1);
  });

  it('on Redis, loads BullMQ from its chunk once it listens: the events worker connects', async () => {
    const redis = await startThrowawayRedis();
    const onRedis = startBundle({
      PORT: String(await freePort()),
      NODE_ENV: 'development',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'bundle:',
    });
    try {
      await onRedis.waitForStdout(/"msg":"adlink listening"/, 20_000);
      const admin = await redis.client();
      // The worker's own connection carries the queue's name ("events", base64) under adlink's prefix.
      const names = async () =>
        [...String(await admin.client('LIST')).matchAll(/ name=(\S*)/g)].map((m) => m[1]);
      await expect.poll(names, { timeout: 20_000 }).toContain('bundle:{webhooks}:ZXZlbnRz');
      expect(onRedis.stdout()).not.toMatch(/"level":[56]0/);
    } finally {
      await onRedis.kill();
      await redis.stop();
    }
  });
});
