import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyResult } from '../src/connect/result-signature.js';
import { CompanyProfileStore } from '../src/store/company-profile.js';
import { ConnectionStore } from '../src/store/connections.js';
import type { Kv } from '../src/store/kv.js';
import {
  type Company,
  enter,
  finishVisit,
  newCustomer,
  newLink,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness, TEST_ENCRYPTION_KEYS } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { fieldError, VendorClient } from './support/vendor-client.js';

const RETURN = 'https://vendor.example/return';
const ROUNDS = 50;

/** Read-modify-writes of company records, run concurrently: nothing any of them wrote is lost. */
describe('concurrent changes of company records', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it(`keeps all ${ROUNDS} secrets of ${ROUNDS} concurrent rotations, the newest active and the others retiring`, async () => {
    const company = await h.company('Rotating Co');
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        h.http.post('/company/signing_secrets').set('Authorization', company.auth),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(ROUNDS).fill(201));
    const created = answers.map((a) => a.body as { id: string; secret: string });
    const listed = await h.store.settings.listSecrets(company.id);
    expect(new Set(listed.map((s) => s.id))).toEqual(new Set(created.map((s) => s.id)));
    const active = listed.filter((s) => s.expires_at === null);
    expect(active).toHaveLength(1);
    expect(listed[0]!.id).toBe(active[0]!.id);
    const dayFromNow = Date.now() + 24 * 3_600_000;
    for (const retiring of listed.slice(1)) {
      expect(Math.abs(Date.parse(retiring.expires_at!) - dayFromNow)).toBeLessThan(60_000);
    }
    const secrets = new Set((await h.store.settings.activeSecrets(company.id)).map((s) => s.secret));
    for (const { secret } of created) expect(secrets.has(secret)).toBe(true);
  });

  it('signs results finishing at once with one automatically created first secret that verifies them all', async () => {
    const company = await vendorWith(h, 'No Secret Co', [RETURN], RETURN);
    const browsers: FlowClient[] = [];
    for (let i = 0; i < 10; i++) {
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, await newCustomer(h, company))).connect_url);
      browsers.push(browser);
    }
    const results = await Promise.all(browsers.map((b) => finishVisit(b)));
    const secrets = await h.store.settings.activeSecrets(company.id);
    expect(secrets).toHaveLength(1);
    for (const result of results) {
      expect(verifyResult(secrets[0]!.secret, new URL(location(result)).searchParams)).toBe(true);
    }
  });

  it(`loses no redirect URI over ${ROUNDS} concurrent edits on the integrations pages`, async () => {
    const company = await h.company('Editing Co');
    const browser = await VendorClient.signIn(h, company.id);
    const uris = Array.from({ length: 20 }, (_, i) => `https://vendor.example/return/${i}`);
    // 20 different URIs, each added by up to three requests at once.
    const edits = Array.from({ length: ROUNDS }, (_, i) => uris[i % uris.length]!);
    const answers = await Promise.all(
      edits.map((uri) => browser.submit('/integrations/redirect-uris', { uri })),
    );
    expect(answers.filter((a) => a.res.status === 303)).toHaveLength(uris.length);
    // The others added a URI that was there by then (or the list was full with the 20 already).
    for (const { res, html } of answers.filter((a) => a.res.status !== 303)) {
      expect(res.status).toBe(400);
      expect(fieldError(html, 'uri')).toMatch(/already in the list|at most 20/);
    }
    const settings = await h.store.settings.get(company.id);
    expect([...settings.redirect_uris].sort()).toEqual([...uris].sort());
  });

  it('keeps the logo a concurrent upload set while the display name is being changed', async () => {
    const company = await h.company('Branding Co');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const key = h.store.keys.branding(company.id);
    // The logo is uploaded right after the display-name change read the branding.
    let armed = true;
    const kv: Kv = Object.create(h.store.kv);
    kv.get = async (k: string) => {
      const value = await h.store.kv.get(k);
      if (k === key && armed) {
        armed = false;
        await h.store.profile.setLogo(company.id, 'image/png', png);
      }
      return value;
    };
    const profile = new CompanyProfileStore(kv, h.store.keys, TEST_ENCRYPTION_KEYS);
    await profile.setBranding(company.id, { display_name: 'Renamed', accent: null });
    expect(armed).toBe(false);
    const branding = await h.store.profile.branding(company.id);
    expect(branding.display_name).toBe('Renamed');
    expect(branding.logo_sha256).not.toBeNull();
  });
});

describe('connections written back after their customer is gone', () => {
  let h: Harness;
  let company: Company;
  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Refreshing Co');
  });
  afterAll(() => h.close());

  it('a refresh that saves its tokens while the customer is deleted writes nothing back', async () => {
    const customer = await sandboxCustomer(h, company);
    const key = h.store.keys.connection(company.id, customer, 'sandbox');
    const credentials = (await h.store.connections.credentials(company.id, customer, 'sandbox'))!;
    // The customer is deleted right after the refresh read the connection.
    let armed = true;
    const kv: Kv = Object.create(h.store.kv);
    kv.get = async (k: string) => {
      const value = await h.store.kv.get(k);
      if (k === key && armed) {
        armed = false;
        const deleted = await h.http.delete(`/customers/${customer}`).set('Authorization', company.auth);
        expect(deleted.status).toBe(200);
      }
      return value;
    };
    const connections = new ConnectionStore(kv, h.store.keys, TEST_ENCRYPTION_KEYS);
    const saved = await connections.saveCredentials(company.id, customer, 'sandbox', {
      ...credentials,
      access_token: 'sbx_at_refreshed',
    });
    expect(armed).toBe(false);
    expect(saved).toBe(false);
    expect(await h.store.kv.get(key)).toBeNull();
  });

  it('a disconnect waits for a refresh in progress (the refresh lock) before deleting', async () => {
    const customer = await sandboxCustomer(h, company);
    const lock = h.store.keys.refreshLock(company.id, customer, 'sandbox');
    expect(await h.store.kv.set(lock, 'refresher', { nx: true, ttlMs: 10_000 })).toBe(true);
    const disconnecting = h.http
      .delete(`/customers/${customer}/connections/sandbox`)
      .set('Authorization', company.auth)
      .then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.store.connections.get(company.id, customer, 'sandbox')).not.toBeNull();
    await h.store.kv.delIfEquals(lock, 'refresher');
    expect((await disconnecting).status).toBe(200);
    expect(await h.store.connections.get(company.id, customer, 'sandbox')).toBeNull();
    expect(await h.store.kv.get(lock)).toBeNull();
  });
});
