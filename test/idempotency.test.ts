import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';

describe('Idempotency-Key on POST /customers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const post = (auth: string, key: string | undefined, body: object) => {
    const req = h.http.post('/customers').set('Authorization', auth);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const count = async (auth: string) =>
    (await h.http.get('/customers?limit=100').set('Authorization', auth)).body.data.length as number;

  it('replays the first response for the same key and body, creating one customer', async () => {
    const { auth } = await h.company();
    const first = await post(auth, 'order-1', { name: 'Acme' });
    const second = await post(auth, 'order-1', { name: 'Acme' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await count(auth)).toBe(1);
  });

  it('treats a body with the same fields in another order as the same request', async () => {
    const { auth } = await h.company();
    const first = await post(auth, 'k', { name: 'Same' });
    const second = await h.http
      .post('/customers')
      .set('Authorization', auth)
      .set('Idempotency-Key', 'k')
      .set('Content-Type', 'application/json')
      .send('{ "name" : "Same" }');
    expect(second.body).toEqual(first.body);
  });

  it('refuses the same key with a different body: 422 idempotency_key_reused', async () => {
    const { auth } = await h.company();
    await post(auth, 'order-2', { name: 'Acme' });
    const res = await post(auth, 'order-2', { name: 'Other' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    });
    expect(await count(auth)).toBe(1);
  });

  it('scopes keys per company', async () => {
    const a = await h.company();
    const b = await h.company();
    const fromA = await post(a.auth, 'shared', { name: 'Acme' });
    const fromB = await post(b.auth, 'shared', { name: 'Acme' });
    expect(fromB.status).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.body.id).not.toBe(fromA.body.id);
    expect(fromB.body.company).toBe(b.id);
  });

  it('creates exactly one customer for concurrent requests with one key; the others get 409 or a replay', async () => {
    const { auth } = await h.company();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(auth, 'race', { name: 'Racer' })),
    );
    const created = results.filter((r) => r.status === 201);
    const inUse = results.filter((r) => r.status === 409);
    expect(created.length + inUse.length).toBe(10);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of inUse) {
      expect(r.body.error.code).toBe('idempotency_key_in_use');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(await count(auth)).toBe(1);
  });

  it('saves nothing for a request that failed validation', async () => {
    const { auth } = await h.company();
    expect((await post(auth, 'fix-me', { name: '' })).status).toBe(400);
    const fixed = await post(auth, 'fix-me', { name: 'Fixed' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([[''], ['x'.repeat(256)], ['has space'], ['ümlaut']])(
    'refuses the malformed key %j',
    async (key) => {
      const { auth } = await h.company();
      const res = await h.http
        .post('/customers')
        .set('Authorization', auth)
        .set('Idempotency-Key', Buffer.from(key, 'utf8').toString('latin1'))
        .send({ name: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_idempotency_key', param: 'Idempotency-Key' });
      expect(await count(auth)).toBe(0);
    },
  );

  it('keeps idempotency records for 24 hours', async () => {
    const company = await h.company();
    await post(company.auth, 'ttl-check', { name: 'x' });
    let found = false;
    for await (const key of h.store.kv.scan(`${h.prefix}{co:${company.id}}:idem:`)) {
      const ttl = await h.store.kv.pttl(key);
      expect(ttl).toBeGreaterThan(23 * 3600 * 1000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600 * 1000);
      found = true;
    }
    expect(found).toBe(true);
  });
});
