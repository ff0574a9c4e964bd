import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMULATORS } from '../emulators/index.js';
import { type RunningEmulator, startEmulator } from '../emulators/toolkit/emulator.js';
import { newEncryptionKeyEntry, newSigningKeyEntry } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { createStore } from '../src/store/index.js';
import { enter } from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { openKv, wipe } from './support/harness.js';
import { consentAtEmulator } from './support/platform-suite.js';
import { freePort } from './support/redis-server.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';

/**
 * adlink started as production runs it (NODE_ENV=production, Redis, the sandbox off): with no platform
 * configured it says so and issues no dead-end links; with Meta pointed at its emulator a customer
 * connects Meta and the vendor lists and creates ad sets.
 */

const LISTENING = /"msg":"adlink listening"/;
const children: ServerProcess[] = [];
const prefixes: string[] = [];
let meta: RunningEmulator;

beforeAll(async () => {
  meta = await startEmulator(EMULATORS.meta!);
});
afterEach(async () => {
  await Promise.allSettled(children.splice(0).map((child) => child.kill()));
});
afterAll(async () => {
  await meta.close();
  const kv = await openKv('redis');
  for (const prefix of prefixes) await wipe(kv, prefix);
  await kv.close();
});

/** The server in production mode on the test Redis, and a company with a token in its store. */
async function production(env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const prefix = `test:${randomToken(9)}:`;
  prefixes.push(prefix);
  const signing = newSigningKeyEntry('sig-prod');
  const encryption = newEncryptionKeyEntry('enc-prod');
  const server = spawnServer({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: base,
    REDIS_URL: inject('redisUrl'),
    REDIS_KEY_PREFIX: prefix,
    SIGNING_KEYS: `${signing.kid}:${signing.secret}`,
    ENCRYPTION_KEYS: `${encryption.kid}:${encryption.secret}`,
    LOG_LEVEL: 'info',
    ...env,
  });
  children.push(server);
  await server.waitForStdout(LISTENING, 30_000);
  const kv = await openKv('redis');
  const store = createStore(kv, prefix, []);
  const company = await store.companies.create('Production vendor');
  const { secret } = await store.companies.createToken(company.id);
  await kv.close();
  const auth = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: auth,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test walks JSON answers field by field
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const customer = (await api('POST', '/customers', { name: 'Bakery' })).body.id as string;
  return { server, base, api, customer };
}

describe('a production deployment', () => {
  it('with no platform configured says so at startup and refuses connect links with 409', async () => {
    const { server, api, customer } = await production();
    const warning = server
      .logLines()
      .find((line) => line.msg?.toString().startsWith('no platform can be connected'));
    expect(warning).toMatchObject({ level: 40, available: [] });
    expect(warning!.unavailable).toMatchObject({
      sandbox: 'disabled',
      meta: 'no_credentials',
      google: 'no_credentials',
    });
    const link = await api('GET', `/customers/${customer}/connect`);
    expect(link.status).toBe(409);
    expect(link.body.error).toMatchObject({ code: 'no_platform_available' });
  });

  it('with Meta pointed at its emulator lets a customer connect Meta and the vendor manage ad sets', async () => {
    const { server, base, api, customer } = await production({
      META_BASE_URL: meta.url,
      META_CLIENT_ID: meta.oauth.options.clientId,
      META_CLIENT_SECRET: meta.oauth.options.clientSecret,
    });
    const line = server.logLines().find((l) => l.msg === 'platforms customers can connect');
    expect(line).toMatchObject({ available: ['meta'] });
    expect(line!.unavailable).toMatchObject({ sandbox: 'disabled', google: 'no_credentials' });

    const link = await api('GET', `/customers/${customer}/connect`);
    expect(link.status).toBe(200);
    const browser = new FlowClient(base);
    await enter(browser, link.body.connect_url);
    const overview = await (await browser.get('/connections')).text();
    expect(overview).toContain('data-platform="meta"');
    const callback = await consentAtEmulator(
      { emulator: meta, h: { baseUrl: base } },
      browser,
      'meta',
      'allow',
    );
    const connected = await browser.get(callback);
    expect(connected.status).toBe(303);
    expect(location(connected)).toBe('/connections?connected=meta');

    const advertisers = await api('GET', `/v1/meta/advertisers?customer=${customer}`);
    expect(advertisers.status).toBe(200);
    const account = (advertisers.body.data as { id: string; currency: string }[]).find(
      (a) => a.currency === 'USD',
    )!;
    const campaigns = await api('GET', `/campaigns?customer=${customer}&platform=meta`);
    const campaign = (campaigns.body.data as { id: string; advertiser: string }[]).find(
      (c) => c.advertiser === account.id,
    )!;
    const listed = await api('GET', `/v1/meta/adsets?customer=${customer}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);

    const created = await api('POST', `/v1/meta/adsets?customer=${customer}`, {
      name: 'Made in production',
      advertiser: account.id,
      parentId: campaign.id,
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 20, currency: account.currency }],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Made in production', platform: 'meta', status: 'Paused' });
    const live = await api(
      'GET',
      `/v1/meta/adsets/${created.body.id}?customer=${customer}&dismissDatabase=true`,
    );
    expect(live.body).toMatchObject({ id: created.body.id, name: 'Made in production' });
  });
});
