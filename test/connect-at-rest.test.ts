import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SealError } from '../src/crypto/sealed.js';
import type { Credentials } from '../src/store/connections.js';
import {
  type Company,
  connectSandbox,
  dumpValues,
  enter,
  finishVisit,
  linkParts,
  logRecords,
  newCustomer,
  newLink,
  type PendingCallback,
  reachCallback,
  sandboxApiStatus,
  sweepTtls,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient, location } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

const RETURN = 'https://vendor.example/return';

/** Flips one bit in a base64url part of a sealed value `v1.<kid>.<iv>.<ciphertext>.<tag>`. */
function flipBit(sealed: string, part: 2 | 3 | 4): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[bytes.length >> 1]! ^= 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

function truncateTag(sealed: string, length: number): string {
  const parts = sealed.split('.');
  parts[4] = Buffer.from(parts[4]!, 'base64url').subarray(0, length).toString('base64url');
  return parts.join('.');
}

/** Security plan 2.20, 2.24, 1.13a: what a full connection leaves in Redis and in the logs. */
describe('secrets at rest and in logs', () => {
  let h: Harness;
  let acme: Company;
  let x: string;
  let y: string;
  let signingSecret: string;
  const jwts: string[] = [];
  const flowCookies: string[] = [];
  let pending: PendingCallback;
  const issued: Credentials[] = [];
  const locations: string[] = [];
  const pagesHtml: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme Ads', [RETURN], RETURN);
    const secret = await h.http.post('/company/signing_secrets').set('Authorization', acme.auth).send({});
    expect(secret.status).toBe(201);
    signingSecret = secret.body.secret;
    x = await newCustomer(h, acme, 'Customer X', 'idem-key-x');
    y = await newCustomer(h, acme, 'Customer Y', 'idem-key-y');

    for (const customer of [x, y]) {
      const link = await newLink(h, acme, customer);
      jwts.push(linkParts(link).token);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, link.connect_url);
      flowCookies.push(browser.cookies.get('adlink_flow')!);
      if (customer === x) {
        pending = await reachCallback(h, browser);
        const callback = await browser.get(pending.url.href);
        expect(callback.status).toBe(303);
      } else {
        await connectSandbox(h, browser);
      }
      for (const path of ['/connections', '/connections/done'])
        pagesHtml.push(await (await browser.get(path)).text());
      const finish = await finishVisit(browser);
      expect(new URL(location(finish)).searchParams.get('status')).toBe('success');
      for (const step of browser.history) if (step.location) locations.push(step.location);
      issued.push((await h.store.connections.credentials(acme.id, customer, 'sandbox'))!);
    }
  });
  afterAll(() => h.close());

  /** Every secret the runs above produced, by name. */
  const secrets = (): [string, string][] => [
    ['company token', acme.token],
    ['signing secret', signingSecret],
    ...jwts.map((jwt, i): [string, string] => [`connect token ${i}`, jwt]),
    ...flowCookies.map((flow, i): [string, string] => [`flow cookie ${i}`, flow]),
    ['authorization code', pending.code],
    ['state', pending.state],
    ['PKCE verifier', pending.verifier],
    ...issued.flatMap((c, i): [string, string][] => [
      [`access token ${i}`, c.access_token],
      [`refresh token ${i}`, c.refresh_token!],
    ]),
  ];

  it('obtained real platform tokens (the control for the scans below)', () => {
    expect(issued).toHaveLength(2);
    for (const credentials of issued) {
      expect(credentials.access_token).toMatch(/^sbx_at_/);
      expect(credentials.refresh_token).toMatch(/^sbx_rt_/);
    }
  });

  it('keeps no platform token, code, state, verifier, flow cookie or company secret in plaintext in Redis', async () => {
    const values = await dumpValues(h);
    expect(values.size).toBeGreaterThan(10);
    const hits: string[] = [];
    for (const [key, value] of values) {
      for (const marker of ['sbx_at_', 'sbx_rt_']) if (value.includes(marker)) hits.push(`${key}: ${marker}`);
      for (const [name, secret] of secrets()) {
        if (value.includes(secret) || key.includes(secret)) hits.push(`${key}: ${name}`);
      }
    }
    expect(hits).toEqual([]);
    const stored = JSON.parse(values.get(h.store.keys.connection(acme.id, x, 'sandbox'))!);
    expect(stored.credentials).toMatch(/^v1\.test-new\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
  });

  it('writes none of them to the logs, and none reaches the browser', () => {
    const logs = h.logs.join('');
    expect(logRecords(h).length).toBeGreaterThan(20);
    const hits = secrets()
      .filter(([, secret]) => logs.includes(secret))
      .map(([name]) => name);
    expect(hits).toEqual([]);
    expect(logs).not.toMatch(/sbx_(at|rt)_/);

    const browserSaw = [...pagesHtml, ...locations].join('\n');
    for (const [name, secret] of secrets()) {
      if (/^(authorization code|state)$/.test(name)) continue; // the platform's redirect carries these
      if (name.startsWith('connect token') || name.startsWith('flow cookie')) continue;
      expect(browserSaw.includes(secret), name).toBe(false);
    }
    // Only the platform's redirect to our callback carries the code and state; we leave it at once.
    expect(locations.filter((l) => l.includes(pending.code))).toEqual([pending.url.href]);
  });

  describe('AES-256-GCM on stored credentials', () => {
    const key = () => h.store.keys.connection(acme.id, x, 'sandbox');
    let original: string;

    beforeAll(async () => {
      original = (await h.store.kv.get(key()))!;
    });

    async function storeSealed(customer: string, sealed: string) {
      const k = h.store.keys.connection(acme.id, customer, 'sandbox');
      const record = JSON.parse((await h.store.kv.get(k))!);
      await h.store.kv.set(k, JSON.stringify({ ...record, credentials: sealed }));
    }
    const sealedOf = async (customer: string) =>
      JSON.parse((await h.store.kv.get(h.store.keys.connection(acme.id, customer, 'sandbox')))!)
        .credentials as string;

    it('opens the untouched record (control)', async () => {
      const credentials = await h.store.connections.credentials(acme.id, x, 'sandbox');
      expect(credentials).toEqual(issued[0]);
    });

    it('refuses a flipped bit in the IV, the ciphertext or the tag, and a truncated tag', async () => {
      const sealed = JSON.parse(original).credentials as string;
      const tampered = [
        flipBit(sealed, 2),
        flipBit(sealed, 3),
        flipBit(sealed, 4),
        truncateTag(sealed, 4),
        truncateTag(sealed, 15),
        `${sealed.split('.').slice(0, 4).join('.')}.`,
        sealed.replace(/^v1\.test-new\./, 'v1.test-old.'),
        sealed.replace(/^v1\./, 'v2.'),
      ];
      for (const value of tampered) {
        expect(value).not.toBe(sealed);
        await storeSealed(x, value);
        const opened = h.store.connections.credentials(acme.id, x, 'sandbox');
        await expect(opened, value).rejects.toBeInstanceOf(SealError);
      }
      await h.store.kv.set(key(), original);
      expect(await h.store.connections.credentials(acme.id, x, 'sandbox')).toEqual(issued[0]);
    });

    it("refuses customer Y's ciphertext copied into customer X's record (AAD binds the record)", async () => {
      const fromY = await sealedOf(y);
      await storeSealed(x, fromY);
      await expect(h.store.connections.credentials(acme.id, x, 'sandbox')).rejects.toBeInstanceOf(SealError);
      expect(await h.store.connections.credentials(acme.id, y, 'sandbox')).toEqual(issued[1]);
    });

    it('still disconnects a record that no longer opens, without a 500 (best-effort revoke)', async () => {
      const errorsBefore = logRecords(h).filter((r) => r.msg === 'request failed').length;
      const del = await h.http.delete(`/customers/${x}/connections/sandbox`).set('Authorization', acme.auth);
      expect(del.status).toBe(200);
      expect(del.body).toEqual({
        platform: 'sandbox',
        deleted: true,
        platform_revoked: false,
        reason: 'credentials_unavailable',
      });
      expect(await h.store.kv.get(key())).toBeNull();
      const listed = await h.http.get(`/customers/${x}/connections`).set('Authorization', acme.auth);
      expect(listed.body).toEqual({ data: [] });
      // Nothing could be revoked at the platform: X's own grant is still alive there.
      expect(await sandboxApiStatus(h, issued[0]!.access_token)).toBe(200);

      await storeSealed(y, truncateTag(await sealedOf(y), 4));
      const gone = await h.http.delete(`/customers/${y}`).set('Authorization', acme.auth);
      expect(gone.status).toBe(200);
      expect(logRecords(h).filter((r) => r.msg === 'request failed').length).toBe(errorsBefore);
    });
  });

  it('leaves a TTL on every ephemeral key (security plan 2.29)', async () => {
    const seen = await sweepTtls(h);
    for (const namespace of ['session_used', 'idem', 'rl', 'sandbox']) {
      expect(seen[namespace], namespace).toBeGreaterThan(0);
    }
  });
});
