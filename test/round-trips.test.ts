import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Company, linkParts, newCustomer, newLink, vendorWith } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sample } from './support/metrics.js';

const METRICS_TOKEN = 'metrics-token-for-round-trips-0123';

/**
 * The two requests a vendor sends most, counted in store operations (round trips to Redis) through
 * the metrics endpoint, once the process knows the token's company: issuing a link reads everything
 * it needs with the authentication and writes once; introspection reads the session with the
 * authentication. Background work only adds operations, so the fewest over a few requests is the
 * request's own count.
 */
describe('store round trips of the hot vendor requests', () => {
  let h: Harness;
  let acme: Company;
  let customer: string;

  const operations = async () => {
    const res = await h.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    return sample(res.text, 'adlink_redis_command_duration_seconds_count');
  };
  async function fewest(request: () => Promise<void>): Promise<number> {
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const before = await operations();
      await request();
      least = Math.min(least, (await operations()) - before);
    }
    return least;
  }

  beforeAll(async () => {
    h = await startHarness({ backend: 'redis', env: { METRICS_TOKEN } });
    acme = await vendorWith(h, 'Round Trips Co');
    customer = await newCustomer(h, acme);
  });
  afterAll(() => h.close());

  it('link issuance: 2 (authentication with the reads, then the write)', async () => {
    await newLink(h, acme, customer);
    expect(await fewest(async () => void (await newLink(h, acme, customer)))).toBe(2);
  });

  it("link issuance with an access token: 2 too (its customer's share of links read with the authentication)", async () => {
    const issued = await h.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', acme.auth)
      .send({ scope: 'write' });
    const link = async () => {
      const res = await h.http
        .get(`/customers/${customer}/connect`)
        .set('Authorization', `Bearer ${issued.body.token}`);
      expect(res.status).toBe(200);
    };
    await link();
    expect(await fewest(link)).toBe(2);
  });

  it('introspection: 1 (authentication with the session its token claims), as JSON and as a form', async () => {
    const { token } = linkParts(await newLink(h, acme, customer));
    for (const form of [false, true]) {
      const introspect = async () => {
        const req = h.http.post('/sessions/introspect').set('Authorization', acme.auth);
        const res = await (form ? req.type('form').send({ token }) : req.send({ token }));
        expect(res.body.active).toBe(true);
      };
      expect(await fewest(introspect)).toBe(1);
    }
  });
});
