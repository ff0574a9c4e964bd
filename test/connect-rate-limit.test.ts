import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  enter,
  expectFlowHeaders,
  expectPage,
  type Link,
  newCustomer,
  newLink,
  startSandbox,
  sweepTtls,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const LIMITED = 'Too many attempts';

async function expectLimited(res: Response) {
  const html = await expectPage(res, 429, LIMITED);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(html).toContain(`${retryAfter} seconds`);
  expectFlowHeaders(res.headers, { page: true });
}

/** Security plan 2.30: per-IP limits on the flow's entry (GET/POST of links) and start steps. */
describe('rate limits of the hosted flow', () => {
  describe('entry: 3 per minute', () => {
    let h: Harness;
    let acme: Company;
    let link: Link;

    beforeAll(async () => {
      h = await startHarness({
        rateLimits: { entry: { limit: 3, windowMs: 60_000 }, start: { limit: 100, windowMs: 60_000 } },
      });
      acme = await vendorWith(h, 'Acme Ads');
      link = await newLink(h, acme, await newCustomer(h, acme));
    });
    afterAll(() => h.close());

    it('answers the 4th link request from one IP with a 429 page and Retry-After', async () => {
      const scanner = new FlowClient(h.baseUrl);
      for (let i = 0; i < 3; i++) expect((await scanner.get(link.connect_url)).status).toBe(200);
      await expectLimited(await scanner.get(link.connect_url));
      // The redeem POST and the overview share the bucket; a forged X-Forwarded-For does not reset it.
      const browser = new FlowClient(h.baseUrl);
      await expectLimited(await browser.get(link.connect_url, { 'X-Forwarded-For': '203.0.113.7' }));
      await expectLimited(await browser.get('/connections'));
      const post = await browser.post('/connections/session', {
        customer: new URL(link.connect_url).searchParams.get('customer')!,
        token: new URL(link.connect_url).searchParams.get('token')!,
      });
      await expectLimited(post);
      // Nothing was consumed while refused.
      const intro = await h.http
        .post('/sessions/introspect')
        .set('Authorization', acme.auth)
        .send({
          token: new URL(link.connect_url).searchParams.get('token'),
        });
      expect(intro.body.active).toBe(true);
    });

    it('keeps the counter in Redis with a TTL (security plan 2.29)', async () => {
      const seen = await sweepTtls(h);
      expect(seen.rl).toBeGreaterThan(0);
    });
  });

  describe('start: 2 per minute', () => {
    let h: Harness;

    beforeAll(async () => {
      h = await startHarness({
        rateLimits: { entry: { limit: 100, windowMs: 60_000 }, start: { limit: 2, windowMs: 60_000 } },
      });
    });
    afterAll(() => h.close());

    it('answers the 3rd start from one IP with a 429 page and Retry-After, creating no attempt', async () => {
      const acme = await vendorWith(h, 'Acme Ads');
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, acme, await newCustomer(h, acme))).connect_url);
      await startSandbox(h, browser);
      await startSandbox(h, browser);
      const attempts = async () => {
        let n = 0;
        for await (const _ of h.store.kv.scan(`${h.prefix}attempt:`)) n++;
        return n;
      };
      expect(await attempts()).toBe(2);
      await expectLimited(await browser.post('/connections/sandbox/start', {}));
      await expectLimited(
        await browser.post('/connections/sandbox/start', {}, { 'X-Forwarded-For': '198.51.100.1' }),
      );
      expect(await attempts()).toBe(2);
      // Other steps of the flow are not held back by the start limit.
      expect((await browser.get('/connections')).status).toBe(200);
    });

    it('keeps the counters in Redis with a TTL (security plan 2.29)', async () => {
      const seen = await sweepTtls(h);
      expect(seen.rl).toBeGreaterThanOrEqual(2);
      expect(seen.attempt).toBe(2);
    });
  });
});
