import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../emulators/google/index.js';
import { linkedinEmulator } from '../emulators/linkedin/index.js';
import { snapchatEmulator } from '../emulators/snapchat/index.js';
import { tiktokEmulator } from '../emulators/tiktok/index.js';
import { type RunningEmulator, startEmulator } from '../emulators/toolkit/emulator.js';
import type { IssuedTokens } from '../emulators/toolkit/oauth.js';
import { type Company, enter, newCustomer, newLink, vendorWith } from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { consentAtEmulator, disconnectRecords } from './support/platform-suite.js';

/**
 * Revocation beyond one platform's suite (test/support/platform-suite.ts): deleting a customer revokes
 * every connection at its platform, and a platform that does not answer in time or cannot be reached
 * never keeps the local disconnect from happening.
 */
const DEFINITIONS = {
  google: googleEmulator,
  linkedin: linkedinEmulator,
  tiktok: tiktokEmulator,
  snapchat: snapchatEmulator,
};
type Emulated = keyof typeof DEFINITIONS;

describe('revocation when a customer is deleted, and when the platform fails', () => {
  const emulators = {} as Record<Emulated, RunningEmulator>;
  let h: Harness;

  beforeAll(async () => {
    const env: Record<string, string> = {
      SANDBOX_ENABLED: 'false',
      GOOGLE_DEVELOPER_TOKEN: 'emulated-developer-token',
      // Short enough for the timeout case, long enough for the emulators on a loaded machine.
      PLATFORM_TIMEOUT_MS: '3000',
    };
    for (const [id, definition] of Object.entries(DEFINITIONS)) {
      const emulator = await startEmulator(definition);
      emulators[id as Emulated] = emulator;
      const ID = id.toUpperCase();
      env[`${ID}_BASE_URL`] = emulator.url;
      env[`${ID}_CLIENT_ID`] = emulator.oauth.options.clientId;
      env[`${ID}_CLIENT_SECRET`] = emulator.oauth.options.clientSecret;
    }
    h = await startHarness({ env });
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all(Object.values(emulators).map((e) => e.close()));
  });

  /** A new customer who connected each platform through the hosted flow, with the tokens each issued. */
  async function connected(platforms: Emulated[]) {
    const company = await vendorWith(h, 'Revoking vendor');
    const customer = await newCustomer(h, company);
    const browser = new FlowClient(h.baseUrl);
    await enter(
      browser,
      (await newLink(h, company, customer, { platforms: platforms.join(',') })).connect_url,
    );
    const tokens = {} as Record<Emulated, IssuedTokens>;
    for (const platform of platforms) {
      const world = { emulator: emulators[platform], h };
      const callback = await consentAtEmulator(world, browser, platform, 'allow');
      expect((await browser.get(callback)).status).toBe(303);
      tokens[platform] = emulators[platform].oauth.lastIssued!;
    }
    return { company, customer, tokens };
  }

  const disconnect = (company: Company, customer: string, platform: Emulated) =>
    h.http.delete(`/customers/${customer}/connections/${platform}`).set('Authorization', company.auth);

  it('deleting a customer revokes every connection at its platform, and says so for each', async () => {
    const platforms: Emulated[] = ['google', 'linkedin', 'tiktok', 'snapchat'];
    const { company, customer, tokens } = await connected(platforms);
    const before = Object.fromEntries(platforms.map((p) => [p, emulators[p].controls.calls.length]));

    const res = await h.http.delete(`/customers/${customer}`).set('Authorization', company.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: customer, deleted: true });

    const revocations = (p: Emulated) =>
      emulators[p].controls.calls
        .slice(before[p])
        .map((c) => ({ method: c.method, path: c.path, body: c.body }));
    const { clientId, clientSecret } = emulators.google.oauth.options;
    expect(revocations('google')).toEqual([
      { method: 'POST', path: '/revoke', body: { token: tokens.google.refresh_token } },
    ]);
    expect(revocations('linkedin')).toEqual([
      {
        method: 'POST',
        path: '/oauth/v2/revoke',
        body: { client_id: clientId, client_secret: clientSecret, token: tokens.linkedin.access_token },
      },
    ]);
    expect(revocations('tiktok')).toEqual([
      {
        method: 'POST',
        path: '/open_api/v1.3/oauth2/revoke_token/',
        body: { app_id: clientId, secret: clientSecret, access_token: tokens.tiktok.access_token },
      },
    ]);
    expect(revocations('snapchat')).toEqual([]);
    for (const p of ['google', 'linkedin', 'tiktok'] as const) {
      expect(emulators[p].oauth.verify(tokens[p].access_token), p).toBe('unknown');
    }
    expect(emulators.snapchat.oauth.verify(tokens.snapchat.access_token)).toMatchObject({
      user: 'emulated-user',
    });

    const events = await h.http.get('/events?type=connection.revoked').set('Authorization', company.auth);
    const told = (events.body.data as { customer: string; data: { platform: string } }[])
      .filter((e) => e.customer === customer)
      .map((e) => e.data)
      .sort((a, b) => a.platform.localeCompare(b.platform));
    expect(told).toEqual([
      { platform: 'google', platform_revoked: true },
      { platform: 'linkedin', platform_revoked: true },
      { platform: 'snapchat', platform_revoked: false, reason: 'not_supported' },
      { platform: 'tiktok', platform_revoked: true },
    ]);
    const attempts = await h.http.get('/connect/attempts').set('Authorization', company.auth);
    const logged = (attempts.body.data as Record<string, unknown>[])
      .filter((a) => a.outcome === 'disconnected')
      .map(({ platform, platform_revoked, error_code }) => ({ platform, platform_revoked, error_code }));
    expect(logged).toHaveLength(4);
    expect(logged).toContainEqual({
      platform: 'snapchat',
      platform_revoked: false,
      error_code: 'not_supported',
    });
    expect(logged).toContainEqual({ platform: 'google', platform_revoked: true, error_code: null });
  });

  /** Disconnects `platform`: done locally whatever the platform did, and `reason` said everywhere. */
  async function expectLocalDisconnect(
    { company, customer }: { company: Company; customer: string },
    platform: 'google' | 'linkedin',
    reason: string,
  ) {
    const res = await disconnect(company, customer, platform);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ platform, deleted: true, platform_revoked: false, reason });
    const listed = await h.http.get(`/customers/${customer}/connections`).set('Authorization', company.auth);
    expect(listed.body).toEqual({ data: [] });
    const { event, attempt } = await disconnectRecords(h, company, customer);
    expect(event).toEqual({ platform, platform_revoked: false, reason });
    expect(attempt).toMatchObject({ outcome: 'disconnected', platform_revoked: false, error_code: reason });
  }

  it('a platform that does not answer within the platform timeout: disconnected locally, reason timeout', async () => {
    const setup = await connected(['google']);
    emulators.google.controls.stallNext(1);
    await expectLocalDisconnect(setup, 'google', 'timeout');
    emulators.google.controls.stallNext(0);
    expect(h.logs.join('')).not.toContain(setup.tokens.google.refresh_token!);
  });

  // Last: it closes the LinkedIn emulator.
  it('a platform that cannot be reached: disconnected locally, reason unreachable', async () => {
    const setup = await connected(['linkedin']);
    await emulators.linkedin.close();
    await expectLocalDisconnect(setup, 'linkedin', 'unreachable');
    expect(h.logs.join('')).not.toContain(setup.tokens.linkedin.access_token);
  });
});
