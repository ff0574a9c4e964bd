import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_NODES, type Harness, startHarness } from './support/harness.js';

/**
 * A master of the Redis Cluster stops; its replica takes over. Meanwhile requests answer 503 with
 * Retry-After (never hang, never 500) and service comes back by itself. It stops a node of the
 * cluster for good, so it runs only when asked (`.ci/run` runs it last in its cluster job).
 */
const enabled = Boolean(CLUSTER_NODES) && process.env.REDIS_CLUSTER_FAILOVER === '1';
const RECOVERY_MS = 30_000;

describe.skipIf(!enabled)('Redis Cluster failover', () => {
  let h: Harness;
  let admin: Cluster;

  beforeAll(async () => {
    h = await startHarness();
    admin = new Cluster(
      CLUSTER_NODES!.split(',').map((node) => {
        const [host, port] = node.replace(/^rediss?:\/\//, '').split(':');
        return { host: host!, port: Number(port) };
      }),
    );
  });
  afterAll(async () => {
    await h?.close();
    admin?.disconnect();
  });

  /** The master serving a company's keys, as `host:port`. */
  async function masterOf(companyId: string): Promise<{ host: string; port: number }> {
    const slot = (await admin.call('CLUSTER', 'KEYSLOT', `{co:${companyId}}`)) as number;
    const slots = (await admin.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
    const range = slots.find(([from, to]) => slot >= from && slot <= to)!;
    return { host: range[2][0], port: range[2][1] };
  }

  it('answers 503 with Retry-After while a master fails over, then recovers by itself', async () => {
    const company = await h.company();
    const customer = await h.http
      .post('/customers')
      .set('Authorization', company.auth)
      .send({ name: 'Failover Bakery' });
    expect(customer.status).toBe(201);
    const read = () => h.http.get(`/customers/${customer.body.id}`).set('Authorization', company.auth);
    expect((await read()).status).toBe(200);

    const master = new Redis({
      ...(await masterOf(company.id)),
      lazyConnect: true,
      retryStrategy: () => null,
    });
    await master.connect();
    await master.call('SHUTDOWN', 'NOSAVE').catch(() => {});
    master.disconnect();

    const statuses: number[] = [];
    let okInARow = 0;
    const deadline = Date.now() + RECOVERY_MS;
    while (okInARow < 5 && Date.now() < deadline) {
      const started = Date.now();
      const res = await read();
      statuses.push(res.status);
      expect(Date.now() - started, 'a request during the failover answers within 5 s').toBeLessThan(5000);
      expect([200, 503], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 503) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.body.error.code).toBe('service_unavailable');
      }
      okInARow = res.status === 200 ? okInARow + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses, 'requests failed while the master was down').toContain(503);
    expect(okInARow, `recovered within ${RECOVERY_MS / 1000} s: ${statuses.join(',')}`).toBe(5);
    expect((await read()).body.name).toBe('Failover Bakery');
  }, 60_000);
});
