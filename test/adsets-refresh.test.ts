import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSetClient } from './support/adsets-client.js';
import { type Company, countLogs, dumpValues, keysOf, sweepTtls } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomerSharing } from './support/sandbox-direct.js';

/**
 * Sandbox access tokens live 5 s. adlink refreshes a token 60 s before it expires, or halfway through
 * its lifetime when it lives less than two minutes: here every call more than 2.5 s after the last
 * refresh needs one. The sandbox rotates refresh tokens and revokes the whole grant when one is used
 * twice, so a refresh that is not single-flight per connection breaks the connection.
 */
describe('ad sets: expired access tokens are refreshed once per connection', () => {
  let h: Harness;
  let company: Company;
  let client: AdSetClient;
  const REFRESHED = 'platform authorization refreshed';
  const CONCURRENT = 20;
  /** Past half the 5 s lifetime of the last token (issue time is stored in whole seconds). */
  const untilDue = () => sleep(2_600);

  beforeAll(async () => {
    h = await startHarness({ env: { SANDBOX_ACCESS_TOKEN_TTL: '5' } });
    company = await h.company('Refresh Vendor');
    // One ad account: a live list is 2 sandbox calls, so 20 of them stay within the sandbox's
    // 50 requests per 10 s of one access token.
    const customer = await sandboxCustomerSharing(h, company, [0]);
    client = new AdSetClient(h, company, customer);
  });

  afterAll(async () => {
    await h?.close();
  });

  const storedToken = async () =>
    (await h.store.connections.credentials(company.id, client.customer, 'sandbox'))!.access_token;

  it(`${CONCURRENT} concurrent live lists: all 200, exactly one refresh per round, the grant survives`, async () => {
    const tokensSeen = new Set<string>([await storedToken()]);
    for (let round = 1; round <= 3; round++) {
      // Rounds 1 and 2 start with a token just past half its lifetime (the connection's, then a
      // refreshed one); round 3 with one that has expired.
      if (round <= 2) await untilDue();
      if (round === 3) await sleep(5_200);
      const before = countLogs(h, REFRESHED);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () => client.list({ dismissDatabase: true })),
      );
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = answers.map((res) => (res.body.data as { id: string }[]).map((a) => a.id).join());
      expect(new Set(ids).size).toBe(1);
      expect(answers[0]!.body.data.length).toBeGreaterThan(0);
      expect(countLogs(h, REFRESHED) - before, `round ${round}`).toBe(1);
      const token = await storedToken();
      expect(tokensSeen.has(token), `round ${round} uses a new access token`).toBe(false);
      tokensSeen.add(token);
    }
    expect(h.logs.join('')).not.toContain('refresh token reused');
    expect(h.logs.join('')).not.toContain('refresh refused');

    // A later request still works: the grant was never revoked.
    const later = await client.list({ dismissDatabase: true });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const one = await client.get(later.body.data[0].id, { dismissDatabase: true });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(await client.connectionStatus()).toBe('connected');
  });

  it('sequential calls: a due token is refreshed once, a fresh one is reused', async () => {
    await untilDue();
    const before = countLogs(h, REFRESHED);
    for (let i = 0; i < 3; i++) {
      const res = await client.list({ dismissDatabase: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(countLogs(h, REFRESHED) - before).toBe(1);
    await untilDue();
    const res = await client.list({ dismissDatabase: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(countLogs(h, REFRESHED) - before).toBe(2);
    expect(await client.connectionStatus()).toBe('connected');
  });

  it('stored credentials stay encrypted; refresh locks expire; the cache is durable', async () => {
    const values = await dumpValues(h);
    expect(values.size).toBeGreaterThan(0);
    for (const [key, value] of values) {
      expect(key).not.toMatch(/sbx_/);
      expect(value, key).not.toMatch(/sbx_(at|rt)_/);
    }
    const connection = [...values].find(([key]) => key.endsWith(`:conn:${client.customer}:sandbox`));
    expect(connection).toBeDefined();
    expect(connection![1]).not.toContain('access_token');
    expect(connection![1]).not.toContain('refresh_token');
    // The refresh lock is released after each refresh (and would expire by itself).
    expect((await keysOf(h)).filter((k) => k.includes(':lock:refresh:'))).toEqual([]);
    await sweepTtls(h);
  });
});
