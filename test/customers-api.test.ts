import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('customers API', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['company']>>;
  let b: Awaited<ReturnType<Harness['company']>>;

  beforeAll(async () => {
    h = await startHarness();
    a = await h.company('Company A');
    b = await h.company('Company B');
  });
  afterAll(() => h.close());

  const create = (auth: string, body: unknown) =>
    h.http
      .post('/customers')
      .set('Authorization', auth)
      .send(body as object);

  it('creates a customer and returns the documented object', async () => {
    const res = await create(a.auth, { name: '  Acme Inc.  ' });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/),
      name: 'Acme Inc.',
      company: a.id,
      platforms: [],
    });
    const again = await h.http.get(`/customers/${res.body.id}`).set('Authorization', a.auth);
    expect(again.body).toEqual(res.body);
    const platforms = await h.http.get(`/customers/${res.body.id}/platforms`).set('Authorization', a.auth);
    expect(platforms.status).toBe(200);
    expect(platforms.body).toEqual(res.body);
  });

  it.each([
    [{}, 'invalid_request', 'name'],
    [{ name: '' }, 'invalid_request', 'name'],
    [{ name: '   ' }, 'invalid_request', 'name'],
    [{ name: 'x'.repeat(201) }, 'invalid_request', 'name'],
    [{ name: 42 }, 'invalid_request', 'name'],
    [{ name: ['a', 'b'] }, 'invalid_request', 'name'],
    [{ name: 'ok\u0000' }, 'invalid_request', 'name'],
    [{ name: 'ok', company: 'x' }, 'unknown_parameter', 'company'],
    [{ name: 'ok', id: 'mine' }, 'unknown_parameter', 'id'],
  ])('rejects %j with 400 %s on %s and creates nothing', async (body, code, param) => {
    const before = (await h.http.get('/customers?limit=100').set('Authorization', a.auth)).body.data.length;
    const res = await create(a.auth, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
    const after = (await h.http.get('/customers?limit=100').set('Authorization', a.auth)).body.data.length;
    expect(after).toBe(before);
  });

  it('accepts a name of exactly 200 characters', async () => {
    const res = await create(a.auth, { name: 'y'.repeat(200) });
    expect(res.status).toBe(201);
  });

  it('refuses prototype-polluting keys and leaves Object.prototype alone', async () => {
    for (const raw of [
      '{"name":"x","__proto__":{"polluted":true}}',
      '{"name":"x","constructor":{"prototype":{"p":1}}}',
    ]) {
      const res = await h.http
        .post('/customers')
        .set('Authorization', a.auth)
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status).toBe(400);
      expect(['__proto__', 'constructor']).toContain(res.body.error.param);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists customers newest first with cursor pagination', async () => {
    const company = await h.company('Lister');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(company.auth, { name: `c${i}` })).body.id);
    ids.reverse();
    const page1 = await h.http.get('/customers?limit=2').set('Authorization', company.auth);
    expect(page1.body.has_more).toBe(true);
    expect(page1.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    const page2 = await h.http
      .get(`/customers?limit=2&starting_after=${page1.body.data[1].id}`)
      .set('Authorization', company.auth);
    expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2, 4));
    const page3 = await h.http
      .get(`/customers?limit=2&starting_after=${page2.body.data[1].id}`)
      .set('Authorization', company.auth);
    expect(page3.body).toEqual({ has_more: false, data: [expect.objectContaining({ id: ids[4] })] });
    const all = await h.http.get('/customers').set('Authorization', company.auth);
    expect(all.body.data).toHaveLength(5);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['sort=name', 'sort'],
  ])('rejects the list query %s naming %s', async (query, param) => {
    const res = await h.http.get(`/customers?${query}`).set('Authorization', a.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe(param);
  });

  it('answers a repeated query parameter with parameter_repeated', async () => {
    const res = await h.http.get('/customers?limit=1&limit=2').set('Authorization', a.auth);
    expect(res.body.error.code).toBe('parameter_repeated');
  });

  it('refuses a starting_after that is not one of the company’s customers', async () => {
    const foreign = (await create(b.auth, { name: 'B-only' })).body.id;
    const res = await h.http.get(`/customers?starting_after=${foreign}`).set('Authorization', a.auth);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'customer_not_found', param: 'starting_after' });
  });

  it('answers another company’s customer exactly like a missing one', async () => {
    const foreign = (await create(b.auth, { name: 'Secret customer' })).body.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['', '/platforms']) {
      const theirs = await h.http.get(`/customers/${foreign}${path}`).set('Authorization', a.auth);
      const none = await h.http.get(`/customers/${missing}${path}`).set('Authorization', a.auth);
      expect(theirs.status).toBe(404);
      expect(none.status).toBe(404);
      expect(theirs.body.error.code).toBe('customer_not_found');
      expect({ ...theirs.body.error, message: '', request_id: '' }).toEqual({
        ...none.body.error,
        message: '',
        request_id: '',
      });
    }
    const del = await h.http.delete(`/customers/${foreign}`).set('Authorization', a.auth);
    expect(del.status).toBe(404);
    expect((await h.http.get(`/customers/${foreign}`).set('Authorization', b.auth)).status).toBe(200);
    const listed = await h.http.get('/customers?limit=100').set('Authorization', a.auth);
    expect(listed.body.data.map((c: { id: string }) => c.id)).not.toContain(foreign);
  });

  it('answers malformed customer ids with 404, never a 500', async () => {
    for (const id of ['not-a-uuid', '{co:x}', '%7Bco%7D', 'a'.repeat(300)]) {
      const res = await h.http.get(`/customers/${id}`).set('Authorization', a.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('customer_not_found');
    }
  });

  it('deletes a customer and everything it owns', async () => {
    const id = (await create(a.auth, { name: 'Doomed' })).body.id;
    const del = await h.http.delete(`/customers/${id}`).set('Authorization', a.auth);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id, deleted: true });
    expect((await h.http.get(`/customers/${id}`).set('Authorization', a.auth)).status).toBe(404);
    expect((await h.http.delete(`/customers/${id}`).set('Authorization', a.auth)).status).toBe(404);
    for await (const key of h.store.kv.scan(h.prefix)) expect(key).not.toContain(id);
  });
});
