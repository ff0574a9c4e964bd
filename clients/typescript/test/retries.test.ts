import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/support/harness.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../../../test/support/throwaway-redis.js';
import { eventually } from '../../../test/support/webhook-receiver.js';
import { AdlinkError, createAdlinkClient } from '../src/index.js';

/** What the client sent and what it got back, request by request. */
function recorder(onAnswer: (response: Response) => Promise<void> = async () => {}) {
  const log: { key: string | null; status: number; at: number }[] = [];
  return {
    log,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      log.push({ key: request.headers.get('Idempotency-Key'), status: response.status, at: Date.now() });
      await onAnswer(response);
      return response;
    },
  };
}

describe('retries on 429 rate_limited', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { API_RATE_LIMIT: '2' } });
  });
  afterAll(() => h?.close());

  it('waits the Retry-After and sends the create again with the same Idempotency-Key', async () => {
    const company = await h.company('Busy Co');
    const sent = recorder();
    const adlink = createAdlinkClient({ baseUrl: h.baseUrl, token: company.token, fetch: sent.fetch });
    await adlink.GET('/customers');
    await adlink.GET('/customers');
    // The company's window has about a second left: the next request is refused with Retry-After: 1.
    await h.store.kv.batch().pexpire(h.store.keys.rateLimit('api', company.id), 900).exec();

    const created = await adlink.POST('/customers', { body: { name: 'Patient' } });
    expect(created.name).toBe('Patient');
    const [refused, accepted] = sent.log.slice(-2);
    expect(refused).toMatchObject({ status: 429, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(accepted).toMatchObject({ status: 201, key: refused!.key });
    expect(accepted!.at - refused!.at).toBeGreaterThanOrEqual(900);
    expect(await h.store.customers.count(company.id)).toBe(1);
  });

  it('gives up with the AdlinkError when the Retry-After is longer than it may wait, or retries run out', async () => {
    const company = await h.company('Impatient Co');
    const sent = recorder();
    const adlink = createAdlinkClient({
      baseUrl: h.baseUrl,
      token: company.token,
      fetch: sent.fetch,
      retry: { maxDelayMs: 5_000 },
    });
    await adlink.GET('/customers');
    await adlink.GET('/customers');
    const started = Date.now();
    const refused = await adlink.GET('/customers').catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused).toBeInstanceOf(AdlinkError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', type: 'rate_limit_error' });
    expect((refused as AdlinkError).retryAfter).toBeGreaterThan(5);
    expect(sent.log.at(-1)!.status).toBe(429);
    expect(sent.log).toHaveLength(3);

    const noRetries = createAdlinkClient({
      baseUrl: h.baseUrl,
      token: company.token,
      fetch: sent.fetch,
      retry: { retries: 0 },
    });
    await expect(noRetries.GET('/customers')).rejects.toMatchObject({ status: 429 });
    expect(sent.log).toHaveLength(4);
  });
});

describe('retries on 503 service_unavailable', () => {
  let redis: ThrowawayRedis;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close().catch(() => {});
    await redis?.stop();
  });

  it('sends the create again once the store is back, and it is created once', async () => {
    redis = await startThrowawayRedis();
    h = await startHarness({ redisUrl: redis.url });
    const harness = h;
    const company = await harness.company('Outage Co');
    const admin = await redis.client();
    await admin.save();
    admin.disconnect();
    await redis.kill();

    // The first 503 brings Redis back before the client waits out its Retry-After.
    const sent = recorder(async (response) => {
      if (response.status !== 503 || sent.log.length > 1) return;
      await redis.restart();
      await eventually(async () => (await fetch(`${harness.baseUrl}/readyz`)).status === 200);
    });
    const adlink = createAdlinkClient({ baseUrl: harness.baseUrl, token: company.token, fetch: sent.fetch });
    const created = await adlink.POST('/customers', { body: { name: 'After the outage' } });
    expect(sent.log.map((r) => r.status)).toEqual([503, 201]);
    expect(sent.log[1]!.key).toBe(sent.log[0]!.key);
    const listed = await adlink.GET('/customers');
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
  }, 30_000);
});
