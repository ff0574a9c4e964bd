import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, type Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { VendorClient } from './support/vendor-client.js';

describe('customer names that would mislead on a page', () => {
  let h: Harness;
  let company: Company;
  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Names Co');
  });
  afterAll(() => h.close());

  it.each([
    ['a right-to-left override (U+202E)', 'Acme \u202Egpj.exe'],
    ['a left-to-right embedding (U+202A)', 'Acme \u202A Bakery'],
    ['a bidi isolate (U+2067)', 'Acme \u2067Bakery\u2069'],
    ['a lone high surrogate', 'Acme \uD800 Bakery'],
    ['a lone low surrogate', 'Acme \uDC00'],
  ])('refuses %s with 400 naming name', async (_what, name) => {
    const res = await h.http
      .post('/customers')
      .set('Authorization', company.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name }));
    expect(res.status).toBe(400);
    expect(apiError(res)).toMatchObject({ code: 'invalid_request', param: 'name' });
  });

  it('accepts right-to-left scripts and emoji (whole surrogate pairs)', async () => {
    for (const name of ['مخبز الحي', 'Bakery 🍞']) {
      const res = await h.http.post('/customers').set('Authorization', company.auth).send({ name });
      expect(res.status).toBe(201);
    }
  });
});

describe('vendor sessions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('end 24 hours after sign-in however busy they are', async () => {
    const company = await h.company('Busy Vendor');
    const browser = await VendorClient.signIn(h, company.id);
    expect((await browser.get('/integrations')).status).toBe(200);
    // Signed in 24 hours ago and used all the time since (so never idle).
    const key = h.store.keys.vendorSession(createHash('sha256').update(browser.session!).digest('hex'));
    const session = JSON.parse((await h.store.kv.get(key))!);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 1000).toISOString();
    await h.store.kv.set(key, JSON.stringify({ ...session, created_at: dayAgo }), { ttlMs: 60_000 });
    const after = await browser.get('/integrations');
    expect(after.status).toBe(401);
    expect(await h.store.kv.get(key)).toBeNull();
  });
});
