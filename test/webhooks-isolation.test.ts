import { lookup } from 'node:dns/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { createEventsWorker } from '../src/app.js';
import type { Events } from '../src/events/events.js';
import { DELIVERIES_KEPT } from '../src/events/webhooks/delivery-store.js';
import { SEND_TIMEOUT_MS } from '../src/events/webhooks/send.js';
import { addressAllowed } from '../src/events/webhooks/targets.js';
import type { Company } from './support/connect-helpers.js';
import { startDnsServer } from './support/dns-server.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { eventsWithWorker, eventually, startReceiver } from './support/webhook-receiver.js';

/**
 * One company must not be able to stall or fill adlink for every other: its webhook endpoints' names
 * that never resolve, its slow endpoints, its resends and pings, and what its deliveries' errors say.
 */

type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;

const ZONE = {
  'hangs.example': 'silent',
  'public.example': { a: ['93.184.215.14'] },
  'internal.example': { a: ['10.20.30.40'], aaaa: ['fd00::5'] },
} as const;

async function createEndpoint(h: Harness, company: Company, url: string): Promise<string> {
  const res = await h.http.post('/webhook_endpoints').set('Authorization', company.auth).send({ url });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A new company with one endpoint at a receiver on loopback, for `work`; the receiver closes after. */
async function withReceiverEndpoint(
  h: Harness,
  name: string,
  work: (
    company: Company,
    endpoint: string,
    receiver: Awaited<ReturnType<typeof startReceiver>>,
  ) => Promise<void>,
) {
  const company = await h.company(name);
  const receiver = await startReceiver();
  try {
    await work(company, await createEndpoint(h, company, receiver.url), receiver);
  } finally {
    await receiver.close();
  }
}

describe('webhooks: one company cannot stall or fill adlink for the others', () => {
  let h: Harness;
  let dns: DnsServer;
  let events: Events;
  let worker: ReturnType<typeof createEventsWorker>;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

  beforeAll(async () => {
    dns = await startDnsServer(ZONE);
    h = await startHarness({
      env: {
        WEBHOOK_DNS_SERVERS: dns.address,
        WEBHOOK_FIRST_RETRY_MS: '60000',
        WEBHOOK_MANUAL_SEND_LIMIT: '100000',
      },
    });
    ({ events, worker } = await eventsWithWorker(h));
  });
  afterAll(async () => {
    await worker?.stop();
    await h?.close();
    await dns?.close();
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });

  const endpoint = (company: Company, url: string) => createEndpoint(h, company, url);

  const ping = (company: Company, id: string) =>
    h.http.post(`/webhook_endpoints/${id}/test`).set('Authorization', company.auth);

  it('a name whose nameserver never answers holds nothing but its own send, which ends within its deadline', async () => {
    const stalling = await h.company('Stalling');
    const hanging = await endpoint(stalling, 'https://hangs.example/hooks');
    const other = await h.company('Other');
    const receiver = await startReceiver();
    receivers.push(receiver);
    const fine = await endpoint(other, receiver.url);
    const customer = await sandboxCustomer(h, other);

    const order: string[] = [];
    const pings = Array.from({ length: 12 }, () =>
      ping(stalling, hanging).then((res) => {
        order.push('hanging ping');
        return res;
      }),
    );
    await eventually(async () => dns.questions.includes('hangs.example'));

    // While a dozen sends wait on the silent nameserver: a lookup through the thread pool, a platform
    // call and another company's delivery all answer, before any of the hanging sends is over.
    await lookup('localhost').then(() => order.push('lookup'));
    const live = await h.http
      .get('/v1/sandbox/adsets')
      .query({ customer, dismissDatabase: 'true' })
      .set('Authorization', other.auth);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    order.push('platform call');
    const delivered = await ping(other, fine);
    expect(delivered.body).toMatchObject({ state: 'succeeded' });
    order.push('other company delivered');
    expect(order).toEqual(['lookup', 'platform call', 'other company delivered']);

    for (const res of await Promise.all(pings)) {
      expect(res.status).toBe(200);
      const [attempt] = res.body.attempts;
      expect(attempt.error).toBe('timeout: hangs.example did not resolve in time');
      expect(attempt.duration_ms).toBeLessThanOrEqual(SEND_TIMEOUT_MS + 1_000);
    }
  }, 60_000);

  it("a company's slow endpoints take at most its share of the worker; another company's events go out", async () => {
    const slow = await h.company('Slow');
    const slowReceiver = await startReceiver();
    receivers.push(slowReceiver);
    slowReceiver.hold();
    await endpoint(slow, slowReceiver.url);
    const quick = await h.company('Quick');
    const quickReceiver = await startReceiver();
    receivers.push(quickReceiver);
    await endpoint(quick, quickReceiver.url);

    // Twenty events for the slow company (the worker runs ten jobs at once), then one for the other.
    for (let i = 0; i < 20; i++) {
      await events.emit('connection.created', { company: slow.id, customer: 'cus_slow', data: { n: i } });
    }
    await eventually(async () => slowReceiver.received.length === h.config.webhooks.companyConcurrency);
    await events.emit('connection.created', {
      company: quick.id,
      customer: 'cus_quick',
      data: { n: 'quick' },
    });
    await eventually(async () => quickReceiver.received.length === 1);
    expect(slowReceiver.received).toHaveLength(h.config.webhooks.companyConcurrency);

    slowReceiver.release();
    await eventually(async () => slowReceiver.received.length === 20, 30_000);
  }, 60_000);

  it('no delivery error names a resolved address, nor tells an internal name from a missing one', async () => {
    const company = await h.company('Mapper');
    const errors: string[] = [];
    for (const host of ['internal.example', 'missing.example']) {
      const id = await endpoint(company, `https://${host}/hooks`);
      const res = await ping(company, id);
      errors.push(res.body.attempts[0].error.replace(host, '<host>'));
    }
    expect(errors[0]).toBe(errors[1]);
    expect(errors[0]).toMatch(/^target_refused/);
    const local = await h.http
      .post('/webhook_endpoints')
      .set('Authorization', company.auth)
      .send({ url: 'http://localhost:9/hooks' });
    const refusedLocal = await h.http
      .post(`/webhook_endpoints/${local.body.id}/test`)
      .set('Authorization', company.auth);
    // This harness allows loopback: the connection is refused, and the text still has no address.
    expect(refusedLocal.body.attempts[0].error).toBe('ECONNREFUSED (connect)');
    for (const error of [...errors, refusedLocal.body.attempts[0].error]) {
      expect(error).not.toMatch(/10\.20\.30\.40|fd00|127\.0\.0\.1|::1/);
    }
  });
});

describe('webhooks: stored deliveries per endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    // No worker: what is stored is measured, not what is sent. Limits that would refuse first are raised.
    h = await startHarness({ env: { WEBHOOK_MANUAL_SEND_LIMIT: '1000000', API_RATE_LIMIT: '1000000' } });
  });
  afterAll(() => h.close());

  it(
    '10,000 resends leave at most the cap of delivery records, the oldest deleted with their index entry',
    () =>
      withReceiverEndpoint(h, 'Resender', async (company, id) => {
        const first = await h.http.post(`/webhook_endpoints/${id}/test`).set('Authorization', company.auth);
        expect(first.body.state).toBe('succeeded');

        // Each of 16 callers resends the delivery its previous resend made (the oldest ones are deleted).
        const resend = (delivery: string) =>
          fetch(`${h.baseUrl}/webhook_endpoints/${id}/deliveries/${delivery}/resend`, {
            method: 'POST',
            headers: { Authorization: company.auth },
          });
        let sent = 0;
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            let delivery = first.body.id as string;
            while (sent < 10_000) {
              sent++;
              const res = await resend(delivery);
              expect(res.status).toBe(202);
              delivery = ((await res.json()) as { id: string }).id;
            }
          }),
        );

        const records: string[] = [];
        for await (const key of h.store.kv.scan(h.prefix)) if (key.includes(':delivery:')) records.push(key);
        const index = await h.store.kv.zcard(`${h.prefix}{co:${company.id}}:deliveries:${id}`);
        // Redis memory of a delivery (record, and its share of the endpoint's index), for docs/webhooks-and-events.md.
        const redis = new Redis(inject('redisUrl'));
        const record = Number(await redis.memory('USAGE', records[0]!));
        const indexBytes = Number(
          await redis.memory('USAGE', `${h.prefix}{co:${company.id}}:deliveries:${id}`),
        );
        redis.disconnect();
        console.log(
          `10,000 resends: ${records.length} delivery records, ${index} indexed; a delivery of one attempt ${record} B + ${Math.round(indexBytes / index)} B of index`,
        );
        expect(records.length).toBeLessThanOrEqual(DELIVERIES_KEPT);
        expect(index).toBe(DELIVERIES_KEPT);
        // The first delivery was the oldest: pushed out with its record.
        const gone = await h.http
          .post(`/webhook_endpoints/${id}/deliveries/${first.body.id}/resend`)
          .set('Authorization', company.auth);
        expect(gone.status).toBe(404);
      }),
    180_000,
  );

  it(
    'pushes finished deliveries out before a pending one, however much older the pending one is',
    () =>
      withReceiverEndpoint(h, 'Pinger', async (company, id) => {
        const customer = await h.http
          .post('/customers')
          .set('Authorization', company.auth)
          .send({ name: 'Old' });
        const token = await h.http
          .post(`/customers/${customer.body.id}/access_tokens`)
          .set('Authorization', company.auth)
          .send({ scope: 'read' });
        expect(token.status, JSON.stringify(token.body)).toBe(201);
        const listed = await h.http
          .get(`/webhook_endpoints/${id}/deliveries`)
          .set('Authorization', company.auth);
        const pending = (listed.body.data as { id: string; state: string }[])[0]!;
        expect(pending.state).toBe('pending');

        // No worker runs here, so the event's delivery stays pending while 1,000 pings succeed after it.
        let sent = 0;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (sent < DELIVERIES_KEPT) {
              sent++;
              const ping = await h.http
                .post(`/webhook_endpoints/${id}/test`)
                .set('Authorization', company.auth);
              expect(ping.body.state).toBe('succeeded');
            }
          }),
        );
        const index = await h.store.kv.zcard(`${h.prefix}{co:${company.id}}:deliveries:${id}`);
        expect(index).toBe(DELIVERIES_KEPT);
        const resend = await h.http
          .post(`/webhook_endpoints/${id}/deliveries/${pending.id}/resend`)
          .set('Authorization', company.auth);
        expect(resend.status).toBe(202);
      }),
    180_000,
  );
});

describe('webhooks: resends and pings per company', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { WEBHOOK_MANUAL_SEND_LIMIT: '3' } });
  });
  afterAll(() => h.close());

  it('past the limit a minute: 429 rate_limited with Retry-After, nothing stored', () =>
    withReceiverEndpoint(h, 'Pinger', async (company, id, receiver) => {
      const statuses: number[] = [];
      let delivery = '';
      for (let i = 0; i < 3; i++) {
        const res = await h.http.post(`/webhook_endpoints/${id}/test`).set('Authorization', company.auth);
        statuses.push(res.status);
        delivery = res.body.id;
      }
      const ping = await h.http.post(`/webhook_endpoints/${id}/test`).set('Authorization', company.auth);
      const resend = await h.http
        .post(`/webhook_endpoints/${id}/deliveries/${delivery}/resend`)
        .set('Authorization', company.auth);
      expect(statuses).toEqual([200, 200, 200]);
      for (const res of [ping, resend]) {
        expect(res.status).toBe(429);
        expect(res.body.error.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      const listed = await h.http
        .get(`/webhook_endpoints/${id}/deliveries`)
        .set('Authorization', company.auth);
      expect(listed.body.data).toHaveLength(3);
      expect(receiver.received).toHaveLength(3);
    }));
});

describe('webhook target addresses: every IANA special-purpose block is refused', () => {
  /** Each block of the IPv4 and IPv6 special-purpose registries (and multicast, reserved), one address inside. */
  const BLOCKS: [block: string, inside: string][] = [
    ['0.0.0.0/8', '0.1.2.3'],
    ['10.0.0.0/8', '10.200.0.1'],
    ['100.64.0.0/10', '100.127.255.254'],
    ['127.0.0.0/8', '127.9.9.9'],
    ['169.254.0.0/16', '169.254.169.254'],
    ['172.16.0.0/12', '172.31.0.1'],
    ['192.0.0.0/24', '192.0.0.9'],
    ['192.0.2.0/24', '192.0.2.10'],
    ['192.31.196.0/24', '192.31.196.1'],
    ['192.52.193.0/24', '192.52.193.1'],
    ['192.88.99.0/24', '192.88.99.1'],
    ['192.168.0.0/16', '192.168.100.1'],
    ['192.175.48.0/24', '192.175.48.6'],
    ['198.18.0.0/15', '198.19.0.1'],
    ['198.51.100.0/24', '198.51.100.7'],
    ['203.0.113.0/24', '203.0.113.99'],
    ['224.0.0.0/4', '239.1.1.1'],
    ['240.0.0.0/4', '255.255.255.255'],
    ['::/128', '::'],
    ['::1/128', '::1'],
    ['::/96 IPv4-compatible', '::7f00:1'],
    ['::ffff:0:0/96 IPv4-mapped', '::ffff:10.0.0.1'],
    ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:7f00:1'],
    ['64:ff9b::/96 NAT64', '64:ff9b::a00:1'],
    ['64:ff9b:1::/48 local NAT64', '64:ff9b:1::a00:1'],
    ['100::/64 discard', '100::1'],
    ['100:0:0:1::/64 dummy', '100:0:0:1::1'],
    ['2001::/23 IETF protocol assignments', '2001:1::1'],
    ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['2001:2::/48 benchmarking', '2001:2::1'],
    ['2001:10::/28 ORCHID', '2001:10::1'],
    ['2001:20::/28 ORCHIDv2', '2001:20::1'],
    ['2001:db8::/32 documentation', '2001:db8::1'],
    ['2002::/16 6to4', '2002:7f00:1::1'],
    ['2620:4f:8000::/48 AS112', '2620:4f:8000::1'],
    ['3fff::/20 documentation', '3fff::1'],
    ['5f00::/16 SRv6', '5f00::1'],
    ['fc00::/7 unique local', 'fd12:3456::1'],
    ['fe80::/10 link-local', 'fe80::1'],
    ['fec0::/10 site-local', 'fec0::1'],
    ['ff00::/8 multicast', 'ff02::1'],
  ];

  it.each(BLOCKS)('%s (%s)', (_block, inside) => {
    expect(addressAllowed(inside, 'refuse')).toBe(false);
  });

  it('public unicast addresses pass', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700::6810:84e5', '2a00:1450::1']) {
      expect(addressAllowed(address, 'refuse'), address).toBe(true);
    }
  });
});
