import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenKeeper } from '../src/app.js';
import type { TokenKeeper } from '../src/connect/token-keeper.js';
import { AdSetClient } from './support/adsets-client.js';
import {
  type Company,
  connectSandbox,
  countLogs,
  enter,
  newCustomer,
  newLink,
  SANDBOX_CLIENT_SECRET,
  sandboxApiStatus,
  sandboxIssuer,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * The token keeper against the sandbox, whose access tokens live 30 s and whose refresh tokens rotate
 * (a refresh token spent twice revokes the whole grant, as real platforms do): tokens are renewed
 * before they expire, a revoked grant is marked needs_reauth once, two instances renew each connection
 * once, and a request racing the keeper spends the refresh token once.
 */

const TTL = 30;
const WINDOW = 20;

describe('token keeper', () => {
  let h: Harness;
  let company: Company;
  /** This instance's keeper; it keeps the lease from its first sweep on. */
  let main: TokenKeeper;
  const keeper = (): TokenKeeper =>
    createTokenKeeper(
      { config: h.config, store: h.store, log: h.log, keys: h.keys },
      {
        intervalMs: 60_000,
        windowSeconds: WINDOW,
      },
    );
  /** Epoch seconds as if `seconds` had passed: the keeper's clock, so tests need not wait. */
  const later = (seconds: number) => Date.now() / 1000 + seconds;

  beforeAll(async () => {
    h = await startHarness({
      env: {
        SANDBOX_ACCESS_TOKEN_TTL: String(TTL),
        // A platform whose token endpoint cannot be reached: every renewal there fails transiently.
        GOOGLE_CLIENT_ID: 'keeper-client',
        GOOGLE_CLIENT_SECRET: 'keeper-secret',
        GOOGLE_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    company = await h.company('Keeper Co');
    main = keeper();
  });
  afterAll(() => h.close());

  async function connected(): Promise<string> {
    const customer = await newCustomer(h, company);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, company, customer)).connect_url);
    await connectSandbox(h, browser);
    return customer;
  }
  const credentials = async (customer: string) =>
    (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;

  it('renews tokens before they expire, and not before the window', async () => {
    const customers = [await connected(), await connected()];
    const before = await Promise.all(customers.map(credentials));
    const refreshes = countLogs(h, 'platform authorization refreshed');
    expect(await main.sweep(later(0))).toEqual({ renewed: 0, dropped: 0, failed: 0, skipped: 0 });
    const swept = await main.sweep(later(TTL - WINDOW + 1));
    expect(swept!.renewed).toBeGreaterThanOrEqual(2);
    expect(countLogs(h, 'platform authorization refreshed') - refreshes).toBe(swept!.renewed);
    for (const [i, customer] of customers.entries()) {
      const after = await credentials(customer);
      expect(after.access_token).not.toBe(before[i]!.access_token);
      expect(after.expires_at!).toBeGreaterThanOrEqual(before[i]!.expires_at!);
      expect(await sandboxApiStatus(h, after.access_token)).toBe(200);
    }
  });

  it('marks a revoked grant needs_reauth once and does not retry it', async () => {
    const customer = await connected();
    const { refresh_token } = await credentials(customer);
    const revoked = await fetch(`${sandboxIssuer(h)}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`adlink:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: refresh_token!, token_type_hint: 'refresh_token' }).toString(),
    });
    expect(revoked.status).toBe(200);
    const refused = countLogs(h, 'refresh refused');
    await main.sweep(later(TTL));
    await main.sweep(later(TTL * 2));
    expect(countLogs(h, 'refresh refused') - refused).toBe(1);
    const connections = await h.http
      .get(`/customers/${customer}/connections`)
      .set('Authorization', company.auth);
    expect(connections.body.data).toContainEqual(
      expect.objectContaining({
        platform: 'sandbox',
        status: 'needs_reauth',
        reauth_reason: 'grant_refused',
      }),
    );
  });

  it('two instances renew each connection exactly once', async () => {
    const customers = [await connected(), await connected(), await connected()];
    const refreshes = countLogs(h, 'platform authorization refreshed');
    const results = await Promise.all([main.sweep(later(TTL)), keeper().sweep(later(TTL))]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const renewed = results.find((r) => r !== null)!.renewed;
    expect(countLogs(h, 'platform authorization refreshed') - refreshes).toBe(renewed);
    for (const customer of customers)
      expect(await sandboxApiStatus(h, (await credentials(customer)).access_token)).toBe(200);
  });

  it('a request and the keeper racing for one refresh spend the refresh token once', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await connected();
      const stale = await credentials(customer);
      await h.store.connections.saveCredentials(company.id, customer, 'sandbox', {
        ...stale,
        expires_at: Math.floor(Date.now() / 1000) - 1,
      });
      const refused = countLogs(h, 'refresh refused');
      const [listed] = await Promise.all([
        new AdSetClient(h, company, customer).list({ dismissDatabase: true }),
        main.sweep(later(TTL)),
      ]);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const fresh = await credentials(customer);
      expect(fresh.refresh_token).not.toBe(stale.refresh_token);
      expect(await sandboxApiStatus(h, fresh.access_token)).toBe(200);
      // A refresh token spent twice would have made the sandbox revoke the grant.
      expect(countLogs(h, 'refresh refused')).toBe(refused);
      expect(await new AdSetClient(h, company, customer).connectionStatus()).toBe('connected');
    }
  });

  it('goes on past a batch until nothing is due, each connection once', async () => {
    // Entries of connections that no longer exist: each is dropped, without a platform call.
    const gone = Array.from({ length: 450 }, () => ({
      company: company.id,
      customer: randomUUID(),
      platform: 'sandbox' as const,
    }));
    for (const ref of gone) await h.store.tokenSchedule.schedule(ref, Date.now() / 1000);
    expect(await main.sweep(later(0))).toMatchObject({ dropped: 450, failed: 0 });
    expect(await main.sweep(later(0))).toMatchObject({ dropped: 0 });
  });

  it('skips a due connection renewed meanwhile, and schedules it when it is due', async () => {
    const customer = await connected();
    const before = await credentials(customer);
    const ref = { company: company.id, customer, platform: 'sandbox' as const };
    // The entry a sweep read before a request renewed the connection.
    await h.store.tokenSchedule.schedule(ref, Date.now() / 1000);
    expect(await main.sweep(later(0))).toMatchObject({ skipped: 1 });
    expect(await main.sweep(later(0))).toMatchObject({ skipped: 0 });
    expect((await credentials(customer)).access_token).toBe(before.access_token);
    // Due again when its token is.
    expect(await main.sweep(later(TTL - WINDOW + 1))).toMatchObject({ skipped: 0 });
    expect((await credentials(customer)).access_token).not.toBe(before.access_token);
  });

  it('a renewal that fails does not stop the sweep, and is retried after its backoff', async () => {
    const failing = await newCustomer(h, company);
    const now = Math.floor(Date.now() / 1000);
    const ref = { company: company.id, customer: failing, platform: 'google' as const };
    await h.store.connections.save(
      company.id,
      failing,
      {
        platform: 'google',
        status: 'connected',
        ad_accounts: [{ id: '1234567890', name: 'Bakery' }],
        scopes: [],
        connected_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        expires_at: null,
        reauth_reason: null,
      },
      {
        access_token: 'at',
        refresh_token: 'rt',
        expires_at: now + TTL,
        obtained_at: now,
        client_id: 'keeper-client',
      },
    );
    await h.store.tokenSchedule.schedule(ref, now + TTL);
    const renewed = await connected();
    const before = await credentials(renewed);
    const failures = countLogs(h, 'token renewal failed');

    const first = await main.sweep(later(TTL));
    expect(first).toMatchObject({ failed: 1 });
    expect(first!.renewed).toBeGreaterThanOrEqual(1);
    expect((await credentials(renewed)).access_token).not.toBe(before.access_token);
    // The first backoff is 60 s from that sweep, whatever the window.
    expect(await main.sweep(later(TTL + 45))).toMatchObject({ failed: 0 });
    expect(await main.sweep(later(TTL + 61))).toMatchObject({ failed: 1 });
    expect(countLogs(h, 'token renewal failed') - failures).toBe(2);
    const connections = await h.http
      .get(`/customers/${failing}/connections`)
      .set('Authorization', company.auth);
    expect(connections.body.data).toContainEqual(
      expect.objectContaining({ platform: 'google', status: 'connected' }),
    );
    await h.store.tokenSchedule.unschedule(ref);
  });

  // Last: it leaves the lease with no holder in the store while `main` still counts on it.
  it('asks the store for the lease at most every half lease, holder or not', async () => {
    const lease = `${h.config.redisKeyPrefix}{keeper}:lease`;
    const other = keeper();
    expect(await main.sweep(later(0))).not.toBeNull();
    expect(await other.sweep(later(0))).toBeNull();
    // The lease gone from the store, as when its holder stopped: within half a lease nobody asks again.
    await h.store.kv.del(lease);
    expect(await other.sweep(later(0))).toBeNull();
    expect(await main.sweep(later(0))).not.toBeNull();
    expect(await h.store.kv.get(lease)).toBeNull();
  });
});
