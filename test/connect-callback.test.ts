import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  callbackWith,
  countLogs,
  enter,
  exchangeAtSandbox,
  expectPage,
  newCustomer,
  newLink,
  type PendingCallback,
  reachCallback,
  sandboxApiStatus,
  sandboxIssuer,
  startSandbox,
  sweepTtls,
  throughChoice,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const STATE_REFUSED = 'This connection attempt is no longer valid';
const FAILED = 'The connection did not work';
const DENIED = 'Connection cancelled';
const INVALID = 'This link is not valid';

/**
 * Security plan 1.3–1.7, 2.8, 2.9 and 3.8: the OAuth callback against the sandbox platform, reached over
 * HTTP. "Never exchanged" is proven by exchanging the code ourselves afterwards: the sandbox's codes work
 * once, so our own exchange succeeding means adlink never presented it.
 */
describe('OAuth callback', () => {
  let h: Harness;
  let acme: Company;

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme Ads');
  });
  afterAll(() => h.close());

  /** A customer whose browser has consented on the sandbox: the callback is ready but not delivered. */
  async function consented(): Promise<{ customer: string; browser: FlowClient; pending: PendingCallback }> {
    const customer = await newCustomer(h, acme);
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, acme, customer)).connect_url);
    return { customer, browser, pending: await reachCallback(h, browser) };
  }

  async function expectNothingStored(customer: string) {
    const listed = await h.http.get(`/customers/${customer}/connections`).set('Authorization', acme.auth);
    expect(listed.body).toEqual({ data: [] });
    const platforms = await h.http.get(`/customers/${customer}/platforms`).set('Authorization', acme.auth);
    expect(platforms.body.platforms).toEqual([]);
    expect(await h.store.connections.get(acme.id, customer, 'sandbox')).toBeNull();
  }

  async function expectNeverExchanged(pending: PendingCallback) {
    const exchanged = await exchangeAtSandbox(h, pending.code, pending.verifier);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body.access_token).toMatch(/^sbx_at_/);
  }

  async function expectStateRefused(res: Response) {
    const html = await expectPage(res, 400, STATE_REFUSED);
    expect(html).not.toContain('code=');
    return html;
  }

  it('sends a PKCE S256 challenge of a fresh per-attempt verifier', async () => {
    const { browser } = await consented();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const authorize = await startSandbox(h, browser);
      const state = authorize.searchParams.get('state')!;
      const challenge = authorize.searchParams.get('code_challenge')!;
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(state).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      const attempt = JSON.parse((await h.store.kv.get(h.store.keys.attempt(state)))!);
      expect(attempt.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
      expect(createHash('sha256').update(attempt.code_verifier).digest('base64url')).toBe(challenge);
      expect(authorize.href).not.toContain(attempt.code_verifier);
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${h.baseUrl}/connections/oauth/sandbox/callback`,
      );
      seen.add(attempt.code_verifier);
      seen.add(state);
    }
    expect(seen.size).toBe(6);
  });

  it('refuses an unknown or missing state, leaving the real attempt working', async () => {
    const { customer, browser, pending } = await consented();
    const refusedBefore = countLogs(h, 'oauth callback refused');
    await expectStateRefused(
      await browser.get(callbackWith(pending.url, { state: randomBytes(32).toString('base64url') })),
    );
    await expectStateRefused(await browser.get(callbackWith(pending.url, { state: null })));
    await expectStateRefused(await browser.get(callbackWith(pending.url, { state: `${pending.state}x` })));
    expect(countLogs(h, 'oauth callback refused')).toBe(refusedBefore + 3);
    await expectNothingStored(customer);

    const real = await browser.get(pending.url.href);
    expect(real.status).toBe(303);
    expect(await throughChoice(browser, real)).toBe('/connections?connected=sandbox');
  });

  it('refuses a replayed callback, and the code is exchanged exactly once', async () => {
    const { customer, browser, pending } = await consented();
    const connectedBefore = countLogs(h, 'platform connected');
    const first = await browser.get(pending.url.href);
    expect(first.status).toBe(303);
    expect(location(first)).not.toMatch(/code|state/);
    await expectStateRefused(await browser.get(pending.url.href));
    await expectStateRefused(await browser.get(pending.url.href));

    expect(countLogs(h, 'platform connected')).toBe(connectedBefore + 1);
    expect(countLogs(h, 'sandbox: authorization code replayed, grant revoked')).toBe(0);
    const listed = await h.http.get(`/customers/${customer}/connections`).set('Authorization', acme.auth);
    expect(listed.body.data).toHaveLength(1);
    // Had the code been presented twice, the sandbox would have revoked the grant.
    const credentials = (await h.store.connections.credentials(acme.id, customer, 'sandbox'))!;
    expect(await sandboxApiStatus(h, credentials.access_token)).toBe(200);
  });

  it('lets exactly one of several simultaneous identical callbacks through', async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, browser, pending } = await consented();
      const connectedBefore = countLogs(h, 'platform connected');
      const answers = await Promise.all(Array.from({ length: 5 }, () => browser.get(pending.url.href)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([303, 400, 400, 400, 400]);
      await Promise.all(answers.map((r) => r.arrayBuffer()));
      expect(countLogs(h, 'platform connected')).toBe(connectedBefore + 1);
      expect(countLogs(h, 'sandbox: authorization code replayed, grant revoked')).toBe(0);
      const credentials = (await h.store.connections.credentials(acme.id, customer, 'sandbox'))!;
      expect(await sandboxApiStatus(h, credentials.access_token)).toBe(200);
    }
  });

  it('refuses the callback without the flow cookie, and the state is then spent', async () => {
    const { customer, browser, pending } = await consented();
    await expectStateRefused(await fetch(pending.url, { redirect: 'manual' }));
    await expectStateRefused(await browser.get(pending.url.href));
    await expectNothingStored(customer);
    await expectNeverExchanged(pending);
  });

  it("refuses a state delivered in another browser's flow (login CSRF), for both browsers", async () => {
    const victim = await consented();
    const attacker = await consented();
    await expectStateRefused(await attacker.browser.get(victim.pending.url.href));
    await expectStateRefused(await victim.browser.get(victim.pending.url.href));
    // A forged cookie value is no better than another flow's.
    await expectStateRefused(
      await fetch(attacker.pending.url, { headers: { Cookie: 'adlink_flow=forged' }, redirect: 'manual' }),
    );
    await expectNothingStored(victim.customer);
    await expectNothingStored(attacker.customer);
    await expectNeverExchanged(victim.pending);
    await expectNeverExchanged(attacker.pending);
  });

  it("refuses a sandbox state on another platform's callback path and burns the attempt (mix-up)", async () => {
    const { customer, browser, pending } = await consented();
    await expectStateRefused(
      await browser.get(callbackWith(pending.url, {}, '/connections/oauth/meta/callback')),
    );
    await expectPage(
      await browser.get(callbackWith(pending.url, {}, '/connections/oauth/nope/callback')),
      404,
      'Platform not available',
    );
    await expectStateRefused(await browser.get(pending.url.href));
    await expectNothingStored(customer);
    await expectNeverExchanged(pending);
  });

  it('refuses a wrong or missing iss (RFC 9207) before any code exchange', async () => {
    const cases: Record<string, string | null>[] = [
      { iss: 'https://evil.example' },
      { iss: `${sandboxIssuer(h)}/` },
      { iss: h.baseUrl },
      { iss: '' },
      { iss: null },
    ];
    for (const change of cases) {
      const { customer, browser, pending } = await consented();
      const html = await expectPage(await browser.get(callbackWith(pending.url, change)), 400, FAILED);
      expect(html).toContain('action="/connections/sandbox/start"');
      await expectNothingStored(customer);
      await expectNeverExchanged(pending);
      await expectStateRefused(await browser.get(pending.url.href));
    }
  });

  it('shows a friendly page for access_denied and a failure page for server_error, storing nothing', async () => {
    for (const [error, status, title] of [
      ['access_denied', 200, DENIED],
      ['server_error', 502, FAILED],
      ['temporarily_unavailable', 502, FAILED],
    ] as const) {
      const { customer, browser, pending } = await consented();
      const res = await browser.get(
        callbackWith(pending.url, { code: null, error, error_description: '<script>alert(1)</script>' }),
      );
      const html = await expectPage(res, status, title);
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('action="/connections/sandbox/start"');
      await expectNothingStored(customer);
      await expectNeverExchanged(pending);
      // The visit goes on: the overview still shows the platform as not connected.
      const overview = await browser.get('/connections');
      expect(overview.status).toBe(200);
      expect(await overview.text()).toContain('Not connected');
    }
  });

  it('shows a failure page when the code exchange fails, and stores nothing', async () => {
    const { customer, browser, pending } = await consented();
    const failedBefore = countLogs(h, 'oauth connect failed');
    const res = await browser.get(callbackWith(pending.url, { code: `${pending.code.slice(0, -2)}xx` }));
    const html = await expectPage(res, 502, FAILED);
    expect(html).not.toContain('invalid_grant');
    expect(countLogs(h, 'oauth connect failed')).toBe(failedBefore + 1);
    await expectNothingStored(customer);
    await expectNeverExchanged(pending);
  });

  it('refuses repeated or array-style code and state parameters with 400, storing nothing', async () => {
    const { customer, browser, pending } = await consented();
    const base = pending.url.href;
    const variants = [
      `${base}&state=${pending.state}`,
      `${base}&code=${pending.code}`,
      `${base}&state=other`,
      `${base}&code[]=x`,
      `${base}&state[0]=x`,
    ];
    for (const url of variants) await expectPage(await browser.get(url), 400, INVALID);
    await expectNothingStored(customer);
    await expectNeverExchanged(pending);
  });

  it('leaves a TTL on every ephemeral key (security plan 2.29)', async () => {
    const seen = await sweepTtls(h);
    for (const namespace of ['session_used', 'flow', 'attempt', 'rl', 'sandbox']) {
      expect(seen[namespace], namespace).toBeGreaterThan(0);
    }
  });
});
