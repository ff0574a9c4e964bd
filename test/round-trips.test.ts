import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Company, linkParts, newCustomer, newLink, vendorWith } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sample } from './support/metrics.js';

const METRICS_TOKEN = 'metrics-token-for-round-trips-0123';

/**
 * The two requests a vendor sends most, counted in store operations (round trips to Redis) through
 * the metrics endpoint, once the process knows the token's company: issuing a link, once the process
 * has issued one for the customer, is written with the authentication, from what it read last time
 * and only while that is unchanged; introspection reads the session with the authentication. Background work only adds operations, so the fewest over a few requests is the
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

  it('link issuance: 1 (the write with the authentication), 2 the first time (reads, then the write)', async () => {
    const other = await newCustomer(h, acme, 'First link');
    const before = await operations();
    await newLink(h, acme, other);
    expect((await operations()) - before).toBe(2);
    expect(await fewest(async () => void (await newLink(h, acme, customer)))).toBe(1);
  });

  it('a change to what the link was decided from stops the write ahead: the rules apply to what is stored now', async () => {
    const vendor = await vendorWith(h, 'Changing Co', [
      'https://app.example/back',
      'https://app.example/other',
    ]);
    const id = await newCustomer(h, vendor);
    const back = { redirect_uri: 'https://app.example/back' };
    const issued = await newLink(h, vendor, id, back);
    expect(linkParts(issued).redirect_uri).toBe(back.redirect_uri);
    // Another instance (or this one) narrows the allowed URIs: the next link for it is refused.
    const narrowed = await h.http
      .put('/company/settings')
      .set('Authorization', vendor.auth)
      .send({ redirect_uris: ['https://app.example/other'], default_redirect_uri: null });
    expect(narrowed.status).toBe(200);
    const before = await operations();
    const refused = await h.http
      .get(`/customers/${id}/connect`)
      .query(back)
      .set('Authorization', vendor.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'redirect_uri_not_allowed', param: 'redirect_uri' });
    // The gate read what is stored now with it (and wrote nothing): the refusal takes no more.
    expect((await operations()) - before).toBe(1);
    // Nothing was written for the refused one: the customer's open sessions are the first link's only.
    const sessions = await h.store.kv.smembers(h.store.keys.customerSessions(vendor.id, id));
    expect(sessions).toEqual([linkParts(issued).claims.jti]);
  });

  it("link issuance with an access token: 1 too (its customer's share of links counted with the authentication)", async () => {
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
    expect(await fewest(link)).toBe(1);
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
