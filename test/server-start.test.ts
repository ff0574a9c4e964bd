import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';

/** Starting and stopping adlink the way a new user and a process manager do. */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = /adl_live_[A-Za-z0-9_-]{43}/;
const LISTENING = /"msg":"adlink listening"/;
const children: ServerProcess[] = [];

afterEach(async () => {
  await Promise.allSettled(children.splice(0).map((child) => child.kill()));
});

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

async function embedded(env: Record<string, string> = {}, cwd?: string) {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'info', ...env }, cwd);
  children.push(server);
  await server.waitForStdout(LISTENING, 20_000);
  return { server, base: `http://localhost:${port}`, port };
}

describe('npm start', () => {
  it('stops the server on SIGTERM to the npm process, leaving the port free', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => LISTENING.test(out), { timeout: 20_000, interval: 100 }).toBe(true);
      expect(await portIsFree(port)).toBe(false);
      npm.kill('SIGTERM');
      await exited;
      await expect.poll(() => portIsFree(port), { timeout: 10_000, interval: 100 }).toBe(true);
      expect(out).toContain('"msg":"stopped"');
    } finally {
      npm.kill('SIGKILL');
    }
  }, 40_000);
});

describe('configuration', () => {
  it('lists every problem at once: a bad value and the missing production variables', async () => {
    const server = spawnServer({ NODE_ENV: 'production', PORT: 'abc' });
    children.push(server);
    expect((await server.exited()).code).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toMatch(/\bPORT: /);
    for (const name of ['SIGNING_KEYS', 'ENCRYPTION_KEYS', 'REDIS_URL', 'PUBLIC_BASE_URL']) {
      expect(stderr).toMatch(new RegExp(`\\b${name}: is required when NODE_ENV=production`));
    }
  });
});

describe('the embedded store in development', () => {
  it('keeps its data in DATA_FILE across a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'adlink-data-')), 'data.json');
    const first = await embedded({ DATA_FILE: dataFile });
    const token = TOKEN.exec(first.server.stdout())![0];
    const auth = { Authorization: `Bearer ${token}` };
    const created = await fetch(`${first.base}/customers`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{"name":"Kept Bakery"}',
    });
    expect(created.status).toBe(201);
    const link = await fetch(
      `${first.base}/customers/${((await created.json()) as { id: string }).id}/connect`,
      {
        headers: auth,
      },
    );
    const { connect_url } = (await link.json()) as { connect_url: string };
    first.server.child.kill('SIGTERM');
    expect((await first.server.exited()).code).toBe(0);

    const second = spawnServer({ PORT: String(first.port), NODE_ENV: 'development', DATA_FILE: dataFile });
    children.push(second);
    await second.waitForStdout(LISTENING, 20_000);
    expect(second.stdout()).not.toMatch(/demo company created/);
    const list = await fetch(`${first.base}/customers`, { headers: auth });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain('Kept Bakery');
    // The keys were kept too: the link signed before the restart still opens.
    expect((await fetch(connect_url)).status).toBe(200);
  }, 40_000);

  it('prints a fresh sign-in link to the console from the sign-in page, never to the page', async () => {
    const { server, base } = await embedded();
    const signedOut = await fetch(`${base}/integrations`);
    expect(signedOut.status).toBe(401);
    const page = await signedOut.text();
    expect(page).toContain('action="/integrations/dev/sign-in-link"');
    expect(page).not.toContain('class="site-footer"');
    const before = server.stdout().match(/integrations\/login\?token=/g)?.length ?? 0;
    const printed = await fetch(`${base}/integrations/dev/sign-in-link`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(printed.status).toBe(200);
    expect(await printed.text()).not.toContain('login?token=');
    await server.waitForStdout(new RegExp(`(integrations/login\\?token=[\\s\\S]*){${before + 1}}`));
    const link = [...server.stdout().matchAll(/(http:\/\/\S+\/integrations\/login\?token=\S+)/g)].at(-1)![1]!;
    expect((await fetch(link)).status).toBe(200);
    const refused = await fetch(`${base}/integrations/dev/sign-in-link`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(refused.status).toBe(403);
  });

  it('serves a favicon and the development return page', async () => {
    const { base } = await embedded();
    const icon = await fetch(`${base}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const forged = await fetch(
      `${base}/dev/return?status=success&customer=x&platforms=sandbox&ts=1&signature=00`,
    );
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain('Signature NOT verified');
  });

  it('serves its files from a checkout whose path has a dot segment (~/.local/src, .build/)', async () => {
    // Inside node_modules/.cache so that the copy's packages resolve from the repository's node_modules;
    // swagger-ui-dist is copied too, so its path carries the dot segment as in such a checkout.
    const cache = join(repoRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const copy = join(mkdtempSync(join(cache, 'adlink-')), '.build', 'adlink');
    try {
      for (const entry of ['src', 'views', 'public', 'package.json', 'tsconfig.json']) {
        cpSync(join(repoRoot, entry), join(copy, entry), { recursive: true });
      }
      cpSync(
        join(repoRoot, 'node_modules', 'swagger-ui-dist'),
        join(copy, 'node_modules', 'swagger-ui-dist'),
        {
          recursive: true,
        },
      );
      const { server, base } = await embedded({}, copy);
      const icon = await fetch(`${base}/favicon.ico`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
        const answer = await fetch(`${base}/docs/assets/${asset}`);
        expect(answer.status, asset).toBe(200);
        expect((await answer.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
      }
      expect(server.stdout()).not.toContain('internal_error');
    } finally {
      rmSync(dirname(dirname(copy)), { recursive: true, force: true });
    }
  });
});
