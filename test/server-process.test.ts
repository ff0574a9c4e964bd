import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis.js';

/** The real `src/server.ts` as an operator runs it: startup checks, the demo banner, logs and shutdown. */

const children: ServerProcess[] = [];
const redises: ThrowawayRedis[] = [];

afterEach(async () => {
  await Promise.allSettled(children.splice(0).map((child) => child.kill()));
  await Promise.allSettled(redises.splice(0).map((redis) => redis.stop()));
});

const TOKEN = /adl_live_[A-Za-z0-9_-]{43}/g;
const LISTENING = /"msg":"adlink listening"/;

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  children.push(server);
  return { server, base: `http://127.0.0.1:${port}` };
}

/** A development server on the embedded store, listening, with the demo token from its banner. */
async function startEmbedded() {
  const { server, base } = await start({ NODE_ENV: 'development' });
  await server.waitForStdout(LISTENING);
  const tokens = [...new Set(server.stdout().match(TOKEN))];
  expect(tokens).toHaveLength(1);
  return { server, base, token: tokens[0]! };
}

const productionKeys = () => {
  const signing = newSigningKeyEntry('sig-test');
  const encryption = newEncryptionKeyEntry('enc-test');
  return {
    SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
    ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
    PUBLIC_BASE_URL: 'https://adlink.example',
  };
};

describe('the server process', () => {
  it('on the embedded store prints the demo token once, warns about data loss and serves it', async () => {
    const { server, base, token } = await startEmbedded();
    const out = server.stdout();
    expect(out.match(/adlink demo company created/g)).toHaveLength(1);
    expect(out).toMatch(/shown once:\n\n {4}adl_live_/);
    const warnings = server.logLines().filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringMatching(/data is lost on restart/));

    const res = await fetch(`${base}/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Acme' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; company: string; created_at: string };
    expect(Object.keys(body).sort()).toEqual(['company', 'created_at', 'id', 'name', 'platforms']);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/),
      name: 'Acme',
      company: expect.stringMatching(/^[0-9a-f-]{36}$/),
      platforms: [],
    });
    expect(out).toContain(`demo company created (id ${body.company})`);
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('on SIGTERM finishes the request in flight, then exits 0 and logs "stopped"', async () => {
    const { server, base, token } = await startEmbedded();
    const { port } = new URL(base);
    const body = JSON.stringify({ name: 'Finished during shutdown' });

    // Headers now, body later: `Expect: 100-continue` tells us when the server holds the request.
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/customers',
      agent: false,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    response.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()));
    req.flushHeaders();
    await continued;

    server.child.kill('SIGTERM');
    await server.waitForStdout(/shutting down: finishing in-flight requests/);
    // No new connections once shutdown started. The log line comes just before the listener closes, so
    // a connection made in between may still be accepted (then reset): retry until refused.
    const tryConnect = () =>
      new Promise<string>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port) });
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
    let refused = await tryConnect();
    for (let i = 0; i < 20 && refused !== 'ECONNREFUSED'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      refused = await tryConnect();
    }
    expect(refused, server.stdout()).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    req.end(body);
    const res = await response;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ name: 'Finished during shutdown', platforms: [] });

    expect(await server.exited()).toEqual({ code: 0, signal: null });
    const messages = server.logLines().map((line) => line.msg);
    // In order: the in-flight request's line is written before "stopped", and "stopped" is last.
    expect(messages.slice(-3), server.stdout()).toEqual([
      'shutting down: finishing in-flight requests',
      'request',
      'stopped',
    ]);
  });

  it('with NODE_ENV=production and nothing configured, exits 1 naming every missing variable', async () => {
    const { server } = await start({ NODE_ENV: 'production' });
    expect((await server.exited()).code).toBe(1);
    const stderr = server.stderr();
    for (const name of ['SIGNING_KEYS', 'ENCRYPTION_KEYS', 'REDIS_URL', 'PUBLIC_BASE_URL']) {
      expect(stderr).toMatch(new RegExp(`\\b${name}: is required when NODE_ENV=production`));
    }
    expect(server.stdout()).not.toMatch(LISTENING);
  });

  it('in production serves /metrics only behind METRICS_TOKEN, and says so when it is off', async () => {
    const redis = await startThrowawayRedis();
    redises.push(redis);
    const env = { NODE_ENV: 'production', REDIS_URL: redis.url, ...productionKeys() };
    const off = await start(env);
    await off.server.waitForStdout(LISTENING);
    expect((await fetch(`${off.base}/metrics`)).status).toBe(404);
    const warnings = off.server.logLines().filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringMatching(/metrics.*METRICS_TOKEN/));

    const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
    const on = await start({ ...env, METRICS_TOKEN });
    await on.server.waitForStdout(LISTENING);
    expect((await fetch(`${on.base}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${on.base}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
  });

  describe('on a Redis that may evict keys (allkeys-lru)', () => {
    async function evictingRedis(): Promise<ThrowawayRedis> {
      const redis = await startThrowawayRedis();
      redises.push(redis);
      const admin = await redis.client();
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      admin.disconnect();
      return redis;
    }

    it('refuses to start in production', async () => {
      const redis = await evictingRedis();
      const { server } = await start({ NODE_ENV: 'production', REDIS_URL: redis.url, ...productionKeys() });
      expect((await server.exited()).code).toBe(1);
      const fatal = server.logLines().filter((line) => line.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({ msg: 'adlink could not start' });
      expect(String(fatal[0]!.err)).toMatch(/allkeys-lru.*noeviction/);
      expect(server.stdout()).not.toMatch(LISTENING);
    });

    it('starts with a warning in development', async () => {
      const redis = await evictingRedis();
      const { server, base } = await start({ NODE_ENV: 'development', REDIS_URL: redis.url });
      await server.waitForStdout(LISTENING);
      const warnings = server.logLines().filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/maxmemory-policy is "allkeys-lru".*noeviction/),
      );
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // With Redis configured there is no demo company and no token on stdout.
      expect(server.stdout()).not.toMatch(TOKEN);
    });
  });

  it('never logs the demo token beyond the one stdout banner', async () => {
    const { server, base, token } = await startEmbedded();
    const auth = { Authorization: `Bearer ${token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const sent = [
      await fetch(`${base}/customers`, { method: 'POST', headers: json, body: '{"name":"Acme"}' }),
      await fetch(`${base}/customers`, { method: 'POST', headers: json, body: '{"name":' }),
      await fetch(`${base}/customers?limit=1`, { headers: auth }),
      await fetch(`${base}/customers?starting_after=${token}`, { headers: auth }),
      await fetch(`${base}/healthz?token=${token}`),
      await fetch(`${base}/customers`, { headers: { Authorization: `Bearer ${token.slice(0, -1)}x` } }),
      await fetch(`${base}/customers`, { headers: { Authorization: token } }),
    ];
    expect(sent.map((res) => res.status)).toEqual([201, 400, 200, 404, 400, 401, 401]);
    server.child.kill('SIGTERM');
    expect((await server.exited()).code).toBe(0);

    const lines = server.stdout().split('\n');
    const logs = lines.filter((line) => line.startsWith('{'));
    expect(logs.filter((line) => (JSON.parse(line) as { msg: string }).msg === 'request')).toHaveLength(
      sent.length,
    );
    expect(logs.filter((line) => line.includes(token))).toEqual([]);
    // The secret's 43 random characters must not appear either (e.g. a truncated or re-encoded token).
    const secretPart = token.slice('adl_live_'.length);
    expect(logs.filter((line) => line.includes(secretPart))).toEqual([]);
    expect(server.stderr()).not.toContain(secretPart);

    const banner = lines.filter((line) => !line.startsWith('{') && line.trim() !== '');
    expect(banner[0]).toMatch(/^ {2}adlink demo company created/);
    expect(server.stdout().match(/adlink demo company created/g)).toHaveLength(1);
    expect(server.stdout().split(secretPart).length - 1).toBe(banner.join('\n').split(secretPart).length - 1);
  });
});
