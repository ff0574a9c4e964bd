import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/ids.js';
import { createStore, type Store } from '../src/store/index.js';
import type { Kv } from '../src/store/kv.js';
import { DEFAULT_BACKEND, openKv, TEST_ENCRYPTION_KEYS, wipe } from './support/harness.js';
import { startRole } from './support/role-process.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';
import { eventually, startReceiver } from './support/webhook-receiver.js';

/**
 * ADLINK_ROLE as an operator runs it: real processes of one deployment on one Redis, an api process
 * that serves and enqueues, a worker process that delivers and serves only health and metrics.
 */
describe('the api and worker roles', () => {
  const prefix = `test:${randomToken(9)}:`;
  let kv: Kv;
  let store: Store;
  const children: ServerProcess[] = [];
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

  beforeAll(async () => {
    kv = await openKv(DEFAULT_BACKEND);
    store = createStore(kv, prefix, TEST_ENCRYPTION_KEYS);
  });
  afterEach(async () => {
    await Promise.allSettled(children.splice(0).map((child) => child.kill()));
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(async () => {
    await wipe(kv, prefix);
    await kv.close();
  });

  const start = async (role: 'api' | 'worker') => {
    const started = await startRole(role, prefix);
    children.push(started.server);
    return started;
  };

  /** A company with a webhook endpoint on `api`, its receiver, and a customer to issue access tokens to. */
  async function vendor(api: string, answer?: (i: number) => number) {
    const company = await store.companies.create('Roles');
    const { secret } = await store.companies.createToken(company.id);
    const headers = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    const endpoint = await fetch(`${api}/webhook_endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url, events: ['token.created'] }),
    });
    expect(endpoint.status).toBe(201);
    const { id } = (await endpoint.json()) as { id: string };
    const customer = await fetch(`${api}/customers`, { method: 'POST', headers, body: '{"name":"Acme"}' });
    expect(customer.status).toBe(201);
    const customerId = ((await customer.json()) as { id: string }).id;
    return {
      receiver,
      /** Issues an access token: its `token.created` event is enqueued for the endpoint. */
      async issue() {
        const res = await fetch(`${api}/customers/${customerId}/access_tokens`, {
          method: 'POST',
          headers,
          body: '{"scope":"read"}',
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: string }).id;
      },
      async deliveries(base = api) {
        const res = await fetch(`${base}/webhook_endpoints/${id}/deliveries`, { headers });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { state: string; attempts: unknown[] }[] }).data;
      },
    };
  }

  it('each says its role on /healthz, /readyz and /metrics; the worker serves nothing else', async () => {
    const [api, worker] = await Promise.all([start('api'), start('worker')]);
    for (const [{ base }, role] of [
      [api, 'api'],
      [worker, 'worker'],
    ] as const) {
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', role });
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', role });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toContain(`adlink_role_info{role="${role}"} 1`);
    }
    const company = await store.companies.create('Worker only');
    const { secret } = await store.companies.createToken(company.id);
    const refused = await fetch(`${worker.base}/customers`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
    for (const path of ['/openapi.json', '/connections', '/integrations', '/sandbox/oauth/authorize']) {
      expect((await fetch(`${worker.base}${path}`)).status, path).toBe(404);
    }
  });

  it('the api process enqueues and delivers nothing; after its SIGTERM a worker process delivers what it left, once', async () => {
    const { server: api, base } = await start('api');
    const hooks = await vendor(base);
    await hooks.issue();
    await hooks.issue();
    const pending = await hooks.deliveries();
    expect(pending.map((d) => d.state)).toEqual(['pending', 'pending']);
    expect(pending.flatMap((d) => d.attempts)).toEqual([]);
    expect(hooks.receiver.received).toEqual([]);

    api.child.kill('SIGTERM');
    expect(await api.exited()).toEqual({ code: 0, signal: null });
    expect(api.logLines().at(-1)).toMatchObject({ msg: 'stopped' });

    const { base: worker } = await start('worker');
    await eventually(async () => hooks.receiver.received.length === 2);
    const { base: again } = await start('api');
    await eventually(async () =>
      (await hooks.deliveries(again)).every((d) => d.state === 'succeeded') ? true : undefined,
    );
    const types = hooks.receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual(['token.created', 'token.created']);
    // The attempts are the worker's to count.
    const attempts = /^adlink_webhook_attempt_duration_seconds_count\{outcome="succeeded"\} (\d+)$/m;
    expect(attempts.exec(await (await fetch(`${worker}/metrics`)).text())?.[1]).toBe('2');
    expect(attempts.exec(await (await fetch(`${again}/metrics`)).text())).toBeNull();
  });

  it('a worker process on SIGTERM finishes the delivery in flight, then exits 0; nothing delivered twice', async () => {
    const [{ base }, { server: worker }] = await Promise.all([start('api'), start('worker')]);
    const hooks = await vendor(base);
    hooks.receiver.hold();
    await hooks.issue();
    await eventually(async () => hooks.receiver.received.length === 1);

    worker.child.kill('SIGTERM');
    await worker.waitForStdout(/shutting down/);
    expect(worker.child.exitCode).toBeNull();
    hooks.receiver.release();
    expect(await worker.exited(20_000)).toEqual({ code: 0, signal: null });
    expect(worker.logLines().at(-1)).toMatchObject({ msg: 'stopped' });

    const [delivery] = await hooks.deliveries();
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: [{ status: 200 }] });
    // Another worker finds nothing left to send.
    await start('worker');
    await hooks.issue();
    await eventually(async () => hooks.receiver.received.length === 2);
    const later = await hooks.deliveries();
    expect(later.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    expect(hooks.receiver.received).toHaveLength(2);
  });

  it('refuses the api and worker roles without a Redis, naming ADLINK_ROLE', async () => {
    const server = spawnServer({ NODE_ENV: 'development', ADLINK_ROLE: 'worker' });
    children.push(server);
    expect((await server.exited()).code).toBe(1);
    expect(server.stderr()).toMatch(/ADLINK_ROLE: the worker role shares its work .* through Redis/);
  });
});
