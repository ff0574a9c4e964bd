import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEventsWorker } from '../src/app.js';
import { seal } from '../src/crypto/sealed.js';
import type { Events } from '../src/events/events.js';
import { eventKeys } from '../src/events/keys.js';
import { EVENT_RETENTION_MS, EVENT_TYPES, type EventType } from '../src/events/model.js';
import { addressAllowed, resolveTarget } from '../src/events/webhooks/targets.js';
import { randomToken } from '../src/ids.js';
import type { Company } from './support/connect-helpers.js';
import { readDoc } from './support/docs.js';
import { type Harness, startHarness } from './support/harness.js';
import { eventsWithWorker, eventually, startReceiver } from './support/webhook-receiver.js';

type Verify = (body: string, header: string | undefined, secret: string, tolerance?: number) => boolean;

/** The verification recipe of docs/webhooks-and-events.md, as a vendor copies it. */
async function documentedVerifier(): Promise<Verify> {
  const code = /```js verify-webhook\n([\s\S]*?)```/.exec(readDoc('docs/webhooks-and-events.md'))?.[1];
  expect(code).toBeDefined();
  const file = join(tmpdir(), `adlink-verify-webhook-${process.pid}.mjs`);
  await writeFile(file, code!);
  return ((await import(file)) as { verifyAdlinkWebhook: Verify }).verifyAdlinkWebhook;
}

describe('webhook deliveries', () => {
  let h: Harness;
  let company: Company;
  let events: Events;
  let worker: ReturnType<typeof createEventsWorker>;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  const deps = () => ({ config: h.config, store: h.store, log: h.log, keys: h.keys });

  beforeAll(async () => {
    h = await startHarness({ env: { WEBHOOK_FIRST_RETRY_MS: '50', WEBHOOK_RETRY_WINDOW_SECONDS: '60' } });
    ({ events, worker } = await eventsWithWorker(h));
  });
  afterAll(async () => {
    await worker.stop();
    await h.close();
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });

  async function endpointFor(answer?: (i: number) => number) {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    company = await h.company('Hooks');
    const res = await h.http
      .post('/webhook_endpoints')
      .set('Authorization', company.auth)
      .send({ url: receiver.url });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { receiver, endpoint: res.body as { id: string; secret: string } };
  }

  const deliveries = async (endpoint: string) =>
    (await h.http.get(`/webhook_endpoints/${endpoint}/deliveries`).set('Authorization', company.auth)).body
      .data as {
      id: string;
      state: string;
      attempts: { status: number | null; error: string | null }[];
    }[];

  it('signs a test ping the way docs/webhooks-and-events.md verifies it, with both secrets during a rotation', async () => {
    const verify = await documentedVerifier();
    const { receiver, endpoint } = await endpointFor();
    const ping = await h.http
      .post(`/webhook_endpoints/${endpoint.id}/test`)
      .set('Authorization', company.auth);
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ state: 'succeeded', event_type: 'ping', attempts: [{ status: 200 }] });
    const [first] = receiver.received;
    const header = first!.headers['adlink-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(first!.body, header, endpoint.secret)).toBe(true);
    expect(verify(`${first!.body} `, header, endpoint.secret)).toBe(false);
    expect(verify(first!.body, header, 'whsec_another')).toBe(false);
    expect(JSON.parse(first!.body)).toMatchObject({ type: 'ping', company: company.id });

    const rotated = await h.http
      .post(`/webhook_endpoints/${endpoint.id}/rotate_secret`)
      .set('Authorization', company.auth);
    await h.http.post(`/webhook_endpoints/${endpoint.id}/test`).set('Authorization', company.auth);
    const second = receiver.received[1]!;
    const both = second.headers['adlink-signature'] as string;
    expect(both).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(second.body, both, rotated.body.secret)).toBe(true);
    expect(verify(second.body, both, endpoint.secret)).toBe(true);
    const stale = both.replace(/^t=(\d+)/, (_m, t) => `t=${Number(t) - 301}`);
    expect(verify(second.body, stale, rotated.body.secret)).toBe(false);
  });

  it("keeps a delivery's retention from its creation across its attempts", async () => {
    const { endpoint } = await endpointFor((i) => (i === 0 ? 500 : 204));
    const event = await events.emit('connection.revoked', {
      company: company.id,
      customer: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
      data: { platform: 'sandbox', platform_revoked: true },
    });
    const [delivery] = await eventually(async () => {
      const found = await deliveries(endpoint.id);
      return found[0]?.state === 'succeeded' && found;
    });
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 204]);
    const ttl = await h.store.kv.pttl(eventKeys(h.prefix).delivery(company.id, delivery!.id));
    const createdAt = Date.parse(event!.created_at);
    expect(ttl).toBeGreaterThan(EVENT_RETENTION_MS - (Date.now() - createdAt) - 60_000);
    expect(ttl).toBeLessThanOrEqual(EVENT_RETENTION_MS);
  });

  it('a receiver failing twice, then succeeding, gets the event once more after each failure', async () => {
    const { receiver, endpoint } = await endpointFor((i) => (i < 2 ? 500 : 204));
    const event = await events.emit('connection.revoked', {
      company: company.id,
      customer: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
      data: { platform: 'sandbox', platform_revoked: true },
    });
    const [delivery] = await eventually(async () => {
      const list = await deliveries(endpoint.id);
      return list[0]?.state === 'succeeded' && list;
    });
    expect(receiver.received).toHaveLength(3);
    for (const r of receiver.received) expect(JSON.parse(r.body)).toEqual(event);
    expect(new Set(receiver.received.map((r) => r.headers['adlink-delivery']))).toEqual(
      new Set([delivery!.id]),
    );
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    const fetched = await h.http.get(`/events/${event!.id}`).set('Authorization', company.auth);
    expect(fetched.body).toEqual(event);
  });

  it('a delivery waiting for its retry is sent by the next worker after a restart', async () => {
    const { receiver, endpoint } = await endpointFor((i) => (i === 0 ? 503 : 200));
    receiver.hold();
    await events.emit('connection.created', {
      company: company.id,
      customer: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
      data: { platform: 'sandbox' },
    });
    await eventually(async () => receiver.received.length === 1);
    // The instance stops while the first attempt is in flight: it fails, and the retry waits in Redis.
    const stopping = worker.stop();
    receiver.release();
    await stopping;
    const [pending] = await deliveries(endpoint.id);
    expect(pending).toMatchObject({ state: 'pending', attempts: [{ status: 503 }] });

    worker = createEventsWorker(deps());
    await worker.start();
    const [delivered] = await eventually(async () => {
      const list = await deliveries(endpoint.id);
      return list[0]?.state === 'succeeded' && list;
    });
    expect(delivered!.attempts.map((a) => a.status)).toEqual([503, 200]);
    expect(receiver.received).toHaveLength(2);
  });

  it('resends a delivery on request, as a new delivery of the same event', async () => {
    const { receiver, endpoint } = await endpointFor();
    await h.http.post(`/webhook_endpoints/${endpoint.id}/test`).set('Authorization', company.auth);
    const [first] = await deliveries(endpoint.id);
    const resent = await h.http
      .post(`/webhook_endpoints/${endpoint.id}/deliveries/${first!.id}/resend`)
      .set('Authorization', company.auth);
    expect(resent.status).toBe(202);
    await eventually(async () => receiver.received.length === 2);
    expect(JSON.parse(receiver.received[1]!.body).id).toBe(JSON.parse(receiver.received[0]!.body).id);
  });

  it('an endpoint subscribed to all receives every type, later ones included; "*" says all and stands alone', async () => {
    const { endpoint } = await endpointFor();
    const path = `/webhook_endpoints/${endpoint.id}`;
    const auth = company.auth;
    expect((await h.http.get(path).set('Authorization', auth)).body.events).toEqual(['*']);
    // A list of every type there is now is a choice of types: it stays a list.
    const listed = await h.http
      .patch(path)
      .set('Authorization', auth)
      .send({ events: [...EVENT_TYPES] });
    expect(listed.body.events).toEqual([...EVENT_TYPES]);
    expect((await h.http.get(path).set('Authorization', auth)).body.events).toEqual([...EVENT_TYPES]);
    const all = await h.http
      .patch(path)
      .set('Authorization', auth)
      .send({ events: ['*'] });
    expect(all.body.events).toEqual(['*']);
    const mixed = await h.http
      .patch(path)
      .set('Authorization', auth)
      .send({ events: ['*', 'token.created'] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatchObject({ code: 'invalid_request', param: 'events' });
    const unknown = await h.http
      .post('/webhook_endpoints')
      .set('Authorization', auth)
      .send({ url: 'https://hooks.example.com/', events: ['adset.*'] });
    expect(unknown.body.error).toMatchObject({ code: 'invalid_request', param: 'events[0]' });
  });

  it('an endpoint an earlier version stored with its every type listed receives the types added since', async () => {
    const [everything, some] = [await startReceiver(), await startReceiver()];
    receivers.push(everything, some);
    company = await h.company('Subscribed long ago');
    // How the first version with webhooks stored an endpoint subscribed to all: its every type, listed.
    const firstVersionAll = [
      'connection.created',
      'connection.reauthorized',
      'connection.refresh_failed',
      'connection.revoked',
      'connect_flow.completed',
      'connect_flow.abandoned',
      'adset.changed_on_platform',
    ];
    const stored = (url: string, events: string[]) => {
      const id = `we_${randomToken(12)}`;
      const sealed = seal(
        h.keys.encryption,
        `whsec_${randomToken(32)}`,
        `webhook-secret:${company.id}:${id}`,
      );
      return {
        id,
        url,
        events,
        enabled: true,
        disabled_reason: null,
        failing_since: null,
        created_at: new Date().toISOString(),
        secrets: [{ sealed, expires_at: null }],
      };
    };
    const records = [stored(everything.url, firstVersionAll), stored(some.url, firstVersionAll.slice(0, 6))];
    await h.store.kv.set(eventKeys(h.prefix).endpoints(company.id), JSON.stringify(records));

    const types: EventType[] = ['adset.updated', 'token.created', 'token.revoked', 'connection.created'];
    for (const type of types) {
      await events.emit(type, {
        company: company.id,
        customer: '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
        data: {},
      });
    }
    await eventually(async () => everything.received.length === types.length);
    expect(everything.received.map((r) => JSON.parse(r.body).type).sort()).toEqual([...types].sort());
    await eventually(async () => some.received.length === 1);
    expect((await deliveries(records[1]!.id)).length).toBe(1);
    expect(JSON.parse(some.received[0]!.body).type).toBe('connection.created');
    // The API answers the wildcard for it; the other keeps its list.
    const answered = await h.http.get('/webhook_endpoints').set('Authorization', company.auth);
    expect(answered.body.data.map((e: { events: string[] }) => e.events)).toEqual([
      ['*'],
      firstVersionAll.slice(0, 6),
    ]);
  });

  it('keeps at most 5 endpoints per company and refuses plain http outside localhost', async () => {
    const other = await h.company('Five');
    for (let i = 0; i < 5; i++) {
      const res = await h.http
        .post('/webhook_endpoints')
        .set('Authorization', other.auth)
        .send({ url: `https://hooks.example.com/${i}`, events: ['connection.created'] });
      expect(res.status).toBe(201);
    }
    const sixth = await h.http
      .post('/webhook_endpoints')
      .set('Authorization', other.auth)
      .send({ url: 'https://hooks.example.com/6' });
    expect(sixth.body.error.code).toBe('quota_exceeded');
    for (const url of [
      'http://hooks.example.com/',
      'https://user:pw@hooks.example.com/',
      'ftp://x.example/',
    ]) {
      const res = await h.http.post('/webhook_endpoints').set('Authorization', other.auth).send({ url });
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'url' });
    }
  });
});

describe('SSRF protection', () => {
  it('refuses private, loopback, link-local and mapped addresses; loopback only where allowed', () => {
    const refused = [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '127.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '224.0.0.1',
    ];
    for (const address of refused) expect(addressAllowed(address, 'refuse'), address).toBe(false);
    for (const address of ['93.184.215.14', '2606:4700::6810:84e5', '8.8.8.8'])
      expect(addressAllowed(address, 'refuse'), address).toBe(true);
    expect(addressAllowed('127.0.0.1', 'loopback')).toBe(true);
    expect(addressAllowed('::1', 'loopback')).toBe(true);
    expect(addressAllowed('10.1.2.3', 'loopback')).toBe(false);
    expect(addressAllowed('169.254.169.254', 'loopback')).toBe(false);
    expect(addressAllowed('10.1.2.3', 'allow')).toBe(true);
  });

  it('checks every address a name resolves to', async () => {
    const deadline = Date.now() + 5000;
    await expect(resolveTarget('localhost', 'refuse', deadline)).rejects.toThrow(/target_refused/);
    await expect(resolveTarget('[::1]', 'refuse', deadline)).rejects.toThrow(/target_refused/);
    expect(await resolveTarget('localhost', 'loopback', deadline)).not.toHaveLength(0);
  });

  describe('with private targets refused', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ env: { WEBHOOK_PRIVATE_TARGETS: 'refuse' } });
    });
    afterAll(() => h.close());

    it('never connects to a loopback receiver and records why', async () => {
      const receiver = await startReceiver();
      try {
        const company = await h.company('Ssrf');
        for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
          const created = await h.http
            .post('/webhook_endpoints')
            .set('Authorization', company.auth)
            .send({ url });
          const ping = await h.http
            .post(`/webhook_endpoints/${created.body.id}/test`)
            .set('Authorization', company.auth);
          expect(ping.body).toMatchObject({ state: 'failed', attempts: [{ status: null }] });
          expect(ping.body.attempts[0].error).toMatch(/^target_refused/);
        }
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });
  });
});
