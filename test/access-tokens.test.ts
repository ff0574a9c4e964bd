import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATIONS } from '../src/openapi/document.js';
import { type Company, dumpValues, logRecords, newCustomer, sweepTtls } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { eventsWithWorker, eventually, startReceiver } from './support/webhook-receiver.js';

/**
 * Access tokens through the HTTP API: issued by the company token for one customer, they act for that
 * customer without naming it, within their scope, and nothing else; revoked or expired, they are
 * refused at once; only their hash is stored.
 */

interface Issued {
  id: string;
  token: string;
  customer: string;
  scope: 'read' | 'write';
  prefix: string;
  created_at: string;
  expires_at: string;
}

const TOKEN = /^adl_at_[A-Za-z0-9_-]{43}$/;

describe('access tokens', () => {
  let h: Harness;
  let company: Company;
  let other: Company;
  /** A customer with two sandbox ad accounts connected. */
  let customer: string;
  /** Another customer of the same company, connected too. */
  let neighbour: string;
  let foreign: string;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Token Vendor');
    other = await h.company('Other Vendor');
    customer = await sandboxCustomer(h, company, 'Bakery');
    neighbour = await sandboxCustomer(h, company, 'Florist');
    foreign = await newCustomer(h, other, 'Foreign shop');
  });
  afterAll(() => h?.close());

  async function issue(scope: 'read' | 'write', extra: object = {}, forCustomer = customer): Promise<Issued> {
    const res = await h.http
      .post(`/customers/${forCustomer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Issued;
  }

  const as = (token: Issued | Company) => ('auth' in token ? token.auth : `Bearer ${token.token}`);

  const expectError = (
    res: { status: number; body: { error?: { code: string; param?: string } } },
    status: number,
    code: string,
    param?: string,
  ) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error?.code).toBe(code);
    if (param !== undefined) expect(res.body.error?.param).toBe(param);
  };

  it('issues a 256-bit adl_at_ token shown once, for 30 days unless asked, and lists it without the secret', async () => {
    const before = Date.now();
    const made = await issue('read');
    expect(Object.keys(made)).toEqual([
      'id',
      'token',
      'customer',
      'scope',
      'prefix',
      'created_at',
      'expires_at',
    ]);
    expect(made.token).toMatch(TOKEN);
    expect(Buffer.from(made.token.slice('adl_at_'.length), 'base64url')).toHaveLength(32);
    expect(made.id).toMatch(/^atok_[A-Za-z0-9_-]{22}$/);
    expect(made).toMatchObject({ customer, scope: 'read', prefix: made.token.slice(0, 13) });
    const lifetime = Date.parse(made.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(lifetime).toBeLessThan(30 * 86_400_000 + 60_000);

    const hour = await issue('write', { expires_in: 3600 });
    expect(Date.parse(hour.expires_at) - Date.parse(hour.created_at)).toBeLessThanOrEqual(3_600_000);
    expect(Date.parse(hour.expires_at) - before).toBeGreaterThanOrEqual(3_600_000);

    const list = await h.http.get(`/customers/${customer}/access_tokens`).set('Authorization', company.auth);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(made.token);
    expect(list.text).not.toContain(hour.token);
    const listed = list.body.data as Record<string, unknown>[];
    expect(listed.slice(0, 2).map((t) => t.id)).toEqual([hour.id, made.id]);
    expect(listed[1]).toEqual({ ...made, token: undefined, last_used_at: null });
    expect(Object.keys(listed[1]!)).not.toContain('token');

    // 10,000 secrets: all different, every one 43 base64url characters after the prefix.
    const secrets = new Set<string>();
    const { newTokenSecret } = await import('../src/store/companies.js');
    for (let i = 0; i < 10_000; i++) secrets.add(newTokenSecret('adl_at_').secret);
    expect(secrets.size).toBe(10_000);
    for (const secret of secrets) expect(secret).toMatch(TOKEN);
  });

  it('refuses a bad body or customer with a clear error naming the parameter', async () => {
    const post = (body: unknown, id = customer) =>
      h.http
        .post(`/customers/${id}/access_tokens`)
        .set('Authorization', company.auth)
        .send(body as object);
    expectError(await post({}), 400, 'invalid_request', 'scope');
    expectError(await post({ scope: 'admin' }), 400, 'invalid_request', 'scope');
    expectError(await post({ scope: 'read', expires_in: 59 }), 400, 'invalid_request', 'expires_in');
    expectError(await post({ scope: 'read', expires_in: 31_536_001 }), 400, 'invalid_request', 'expires_in');
    expectError(await post({ scope: 'read', expires_in: 60.5 }), 400, 'invalid_request', 'expires_in');
    expectError(await post({ scope: 'read', expires_in: '3600' }), 400, 'invalid_request', 'expires_in');
    expectError(await post({ scope: 'read', customer: neighbour }), 400, 'unknown_parameter', 'customer');
    expectError(await post({ scope: 'read' }, foreign), 404, 'customer_not_found', 'id');
    expectError(await post({ scope: 'read' }, 'not-a-uuid'), 404, 'customer_not_found', 'id');
    const list = (query: Record<string, string>) =>
      h.http.get(`/customers/${customer}/access_tokens`).query(query).set('Authorization', company.auth);
    expectError(await list({ limit: '0' }), 400, 'invalid_request', 'limit');
    expectError(await list({ cursor: 'bm9wZQ' }), 400, 'invalid_request', 'cursor');
  });

  it('acts for its customer without naming it: ad sets, advertisers, campaigns, the customer, its connections and attempts', async () => {
    const token = await issue('read');
    const get = (path: string, query: Record<string, string> = {}) =>
      h.http.get(path).query(query).set('Authorization', as(token));
    const withCompany = (path: string, query: Record<string, string> = {}) =>
      h.http
        .get(path)
        .query({ customer, ...query })
        .set('Authorization', company.auth);

    for (const path of ['/v1/sandbox/adsets', '/v1/sandbox/advertisers', '/campaigns']) {
      const mine = await get(path);
      expect(mine.status, `${path} ${JSON.stringify(mine.body)}`).toBe(200);
      expect(mine.body.data.length).toBeGreaterThan(0);
      expect(mine.body).toEqual((await withCompany(path)).body);
      // Naming its own customer is the same.
      expect((await get(path, { customer })).body).toEqual(mine.body);
    }
    for (const path of [`/customers/${customer}`, `/customers/${customer}/platforms`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: customer, platforms: ['sandbox'] });
    }
    const connections = await get(`/customers/${customer}/connections`);
    expect(connections.status).toBe(200);
    expect(connections.body.data.map((c: { platform: string }) => c.platform)).toEqual(['sandbox']);

    // The company has attempts of two customers; the token sees its own customer's only.
    const all = await h.http.get('/connect/attempts').set('Authorization', company.auth);
    expect(new Set(all.body.data.map((a: { customer: string }) => a.customer))).toEqual(
      new Set([customer, neighbour]),
    );
    const attempts = await get('/connect/attempts');
    expect(attempts.status).toBe(200);
    expect(attempts.body.data.length).toBeGreaterThan(0);
    for (const attempt of attempts.body.data) expect(attempt.customer).toBe(customer);

    // The company token naming no customer acts for the company's own ad accounts (none connected here).
    expectError(
      await h.http.get('/v1/sandbox/adsets').set('Authorization', company.auth),
      409,
      'platform_not_connected',
      'platform',
    );
  });

  it('refuses naming another customer, of its company or another, with 403 customer_not_allowed', async () => {
    const token = await issue('write');
    for (const named of [neighbour, foreign, '00000000-0000-4000-8000-000000000000', 'junk']) {
      for (const path of [
        '/v1/sandbox/adsets',
        '/v1/sandbox/advertisers',
        '/campaigns',
        '/connect/attempts',
      ]) {
        const res = await h.http.get(path).query({ customer: named }).set('Authorization', as(token));
        expectError(res, 403, 'customer_not_allowed', 'customer');
      }
      for (const path of ['', '/platforms', '/connections', '/connect']) {
        const res = await h.http.get(`/customers/${named}${path}`).set('Authorization', as(token));
        expectError(res, 403, 'customer_not_allowed', 'id');
      }
      const write = await h.http
        .delete(`/customers/${named}/connections/sandbox`)
        .set('Authorization', as(token));
      expectError(write, 403, 'customer_not_allowed', 'id');
    }
    // The neighbour is untouched.
    const platforms = await h.http
      .get(`/customers/${neighbour}/platforms`)
      .set('Authorization', company.auth);
    expect(platforms.body.platforms).toEqual(['sandbox']);
  });

  it('refuses everything about the whole company with 403 company_token_required, whatever its scope', async () => {
    const token = await issue('write');
    const calls: [string, string, object?][] = [
      ['get', '/customers'],
      ['post', '/customers', { name: 'Sneaky' }],
      ['delete', `/customers/${customer}`],
      ['get', '/company/settings'],
      ['put', '/company/settings', { redirect_uris: [], default_redirect_uri: null }],
      ['get', '/company/signing_secrets'],
      ['post', '/company/signing_secrets'],
      ['post', '/sessions/introspect', { token: 'x' }],
      ['get', '/events'],
      ['get', '/events/evt_AAAAAAAAAAAAAAAAAAAAAA'],
      ['get', '/webhook_endpoints'],
      ['post', '/webhook_endpoints', { url: 'https://example.com/hook' }],
      ['get', `/customers/${customer}/access_tokens`],
      ['post', `/customers/${customer}/access_tokens`, { scope: 'write' }],
      ['delete', `/customers/${customer}/access_tokens/${token.id}`],
    ];
    for (const [method, path, body] of calls) {
      let req = h.http[method as 'get'](path).set('Authorization', as(token));
      if (body) req = req.send(body);
      const res = await req;
      expectError(res, 403, 'company_token_required');
      expect(res.body.error.type).toBe('permission_error');
    }
    // Nothing happened: the customer, its token and the company's settings are as they were.
    expect((await h.http.get(`/customers/${customer}`).set('Authorization', as(token))).status).toBe(200);
    const settings = await h.http.get('/company/settings').set('Authorization', company.auth);
    expect(settings.body.redirect_uris).toEqual([]);
    const refusals = logRecords(h).filter((r) => r.msg === 'access refused');
    expect(refusals.some((r) => r.code === 'company_token_required')).toBe(true);
  });

  it('a read token cannot change anything: 403 insufficient_scope with the Bearer challenge; a write token can', async () => {
    const read = await issue('read');
    const write = await issue('write');
    const accounts = await h.http.get('/v1/sandbox/advertisers').set('Authorization', as(read));
    const account = accounts.body.data[0] as { id: string; currency: string };
    const campaigns = await h.http
      .get('/campaigns')
      .query({ platform: 'sandbox' })
      .set('Authorization', as(read));
    const campaign = (campaigns.body.data as Record<string, string>[]).find(
      (c) => c.advertiser === account.id && c.channelKind === 'Search' && c.status === 'Running',
    )!;
    const body = {
      name: 'Scoped',
      advertiser: account.id,
      parentId: campaign.id,
      channelKind: 'Search',
      settings: [{ kind: 'DailyBudget', budget: 10, currency: account.currency }],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['rye'] }],
    };
    const create = (token: Issued) =>
      h.http.post('/v1/sandbox/adsets').set('Authorization', as(token)).send(body);

    const refused = await create(read);
    expectError(refused, 403, 'insufficient_scope');
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer realm="adlink", error="insufficient_scope", scope="write"',
    );
    const created = await create(write);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const adSet = `/v1/sandbox/adsets/${created.body.id}`;

    const writes: [string, string, object?][] = [
      ['put', adSet, { status: 'Running' }],
      ['delete', adSet],
      ['get', `/customers/${customer}/connect`],
      ['delete', `/customers/${customer}/connect/sessions`],
      ['delete', `/customers/${customer}/connections/sandbox`],
    ];
    for (const [method, path, payload] of writes) {
      let req = h.http[method as 'get'](path).set('Authorization', as(read));
      if (payload) req = req.send(payload);
      expectError(await req, 403, 'insufficient_scope');
    }
    expect((await h.http.get(adSet).set('Authorization', as(read))).body.status).toBe('Paused');
    for (const [method, path, payload] of writes) {
      let req = h.http[method as 'get'](path).set('Authorization', as(write));
      if (payload) req = req.send(payload);
      const res = await req;
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(
      (await h.http.get(`/customers/${customer}/platforms`).set('Authorization', as(read))).body.platforms,
    ).toEqual([]);
    customer = await sandboxCustomer(h, company, 'Bakery again');
  });

  it('every documented operation lets an access token do exactly what it declares', async () => {
    const idle = await newCustomer(h, company, 'Idle shop');
    const tokens = {
      read: await issue('read', {}, idle),
      write: await issue('write', {}, idle),
    };
    const fill = (path: string, id: string) =>
      path.replace(/:(\w+)/g, (_m, name: string) =>
        name === 'id'
          ? path.startsWith('/customers/')
            ? id
            : 'atok_x'
          : name === 'platform'
            ? 'sandbox'
            : 'x',
      );
    /** A value for each query parameter the operation requires (an ad account, say): the check under test comes after them. */
    const required = (op: (typeof OPERATIONS)[number]) =>
      Object.fromEntries(
        Object.entries(op.query?.shape ?? {})
          .filter(
            ([name, schema]) => name !== 'customer' && !(schema as { isOptional(): boolean }).isOptional(),
          )
          .map(([name]) => [name, 'x']),
      );
    const call = (method: string, path: string, token: Issued, query: Record<string, string> = {}) =>
      h.http[method as 'get'](path).query(query).set('Authorization', as(token));
    const seen = { company: 0, read: 0, write: 0 };
    for (const op of OPERATIONS.filter((o) => !o.public)) {
      const what = `${op.method.toUpperCase()} ${op.path}`;
      const own = fill(op.path, idle);
      if (op.access === undefined) {
        seen.company++;
        for (const token of Object.values(tokens)) {
          const res = await call(op.method, own, token);
          expect(res.body.error?.code, what).toBe('company_token_required');
          expect(res.status, what).toBe(403);
        }
        continue;
      }
      seen[op.access]++;
      const query = required(op);
      const byRead = await call(op.method, own, tokens.read, query);
      if (op.access === 'write') expect(byRead.body.error?.code, what).toBe('insufficient_scope');
      else expect(byRead.status, `${what} ${JSON.stringify(byRead.body)}`).not.toBe(403);
      const byWrite = await call(op.method, own, tokens.write, query);
      expect(byWrite.status, `${what} ${JSON.stringify(byWrite.body)}`).not.toBe(403);
      expect(byWrite.status, what).toBeLessThan(500);
      const elsewhere = op.path.startsWith('/customers/:id')
        ? await call(op.method, fill(op.path, neighbour), tokens.write, query)
        : await call(op.method, own, tokens.write, { ...query, customer: neighbour });
      expect(elsewhere.body.error?.code, what).toBe('customer_not_allowed');
    }
    expect(seen.company).toBeGreaterThan(15);
    expect(seen.read).toBeGreaterThanOrEqual(8);
    expect(seen.write).toBeGreaterThanOrEqual(6);
  });

  it('is revoked at once by DELETE; another customer’s or an unknown id is 404', async () => {
    const token = await issue('read');
    const use = () => h.http.get('/v1/sandbox/adsets').set('Authorization', as(token));
    expect((await use()).status).toBe(200);
    const revoke = (id: string, forCustomer = customer) =>
      h.http.delete(`/customers/${forCustomer}/access_tokens/${id}`).set('Authorization', company.auth);
    expectError(await revoke(token.id, neighbour), 404, 'access_token_not_found', 'token_id');
    expectError(await revoke('atok_AAAAAAAAAAAAAAAAAAAAAA'), 404, 'access_token_not_found', 'token_id');
    expectError(await revoke('tok_nope'), 404, 'access_token_not_found', 'token_id');
    expect((await use()).status).toBe(200);

    const revoked = await revoke(token.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: token.id, deleted: true });
    const refused = await use();
    expectError(refused, 401, 'invalid_token');
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="adlink", error="invalid_token"');
    expectError(await revoke(token.id), 404, 'access_token_not_found');
    const list = await h.http.get(`/customers/${customer}/access_tokens`).set('Authorization', company.auth);
    expect(list.body.data.map((t: { id: string }) => t.id)).not.toContain(token.id);
    // A company token of another company cannot revoke (nor see) this company's tokens.
    const live = await issue('read');
    expectError(
      await h.http.delete(`/customers/${customer}/access_tokens/${live.id}`).set('Authorization', other.auth),
      404,
      'customer_not_found',
    );
    expect((await h.http.get('/campaigns').set('Authorization', as(live))).status).toBe(200);
  });

  it('pages newest first with next_cursor, and drops expired tokens from the list', async () => {
    const shop = await newCustomer(h, company, 'Paged shop');
    const made: Issued[] = [];
    for (let i = 0; i < 5; i++) made.push(await issue(i % 2 ? 'write' : 'read', {}, shop));
    // Redis drops an expired token's record by itself; do it now for the second newest.
    await h.store.kv.del(h.store.keys.accessToken(company.id, made[3]!.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await h.http
        .get(`/customers/${shop}/access_tokens`)
        .query({ limit: '2', ...(cursor ? { cursor } : {}) })
        .set('Authorization', company.auth);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((t: Issued) => t.id));
      if (!res.body.has_more) {
        expect(res.body.next_cursor).toBeUndefined();
        break;
      }
      expect(res.body.data).toHaveLength(2);
      cursor = res.body.next_cursor;
    }
    expect(seen).toEqual([made[4]!.id, made[2]!.id, made[1]!.id, made[0]!.id]);
    const index = await h.store.kv.zrangeLex(h.store.keys.accessTokens(company.id, shop), { limit: 10 });
    expect(index).toHaveLength(4);
  });

  it('deleting the customer revokes its tokens and leaves none of their keys', async () => {
    const shop = await sandboxCustomer(h, company, 'Closing shop');
    const tokens = [await issue('read', {}, shop), await issue('write', {}, shop)];
    for (const token of tokens) {
      expect((await h.http.get('/campaigns').set('Authorization', as(token))).status).toBe(200);
    }
    const deleted = await h.http.delete(`/customers/${shop}`).set('Authorization', company.auth);
    expect(deleted.status).toBe(200);
    for (const token of tokens) {
      expectError(await h.http.get('/campaigns').set('Authorization', as(token)), 401, 'invalid_token');
    }
    const left: string[] = [];
    for await (const key of h.store.kv.scan(h.prefix)) {
      if (tokens.some((t) => key.includes(t.id)) || key.includes(`customer:${shop}`)) left.push(key);
    }
    expect(left).toEqual([]);
    const events = await h.http
      .get('/events')
      .query({ type: 'token.revoked', limit: '100' })
      .set('Authorization', company.auth);
    const ofShop = (events.body.data as { customer: string; data: object }[]).filter(
      (e) => e.customer === shop,
    );
    expect(ofShop.map((e) => e.data)).toEqual(
      expect.arrayContaining(
        tokens.map((t) => expect.objectContaining({ id: t.id, reason: 'customer_deleted' })),
      ),
    );
  });

  it('emits token.created and token.revoked, delivered to webhooks, never with the secret', async () => {
    const receiver = await startReceiver();
    const { worker } = await eventsWithWorker(h);
    try {
      const endpoint = await h.http
        .post('/webhook_endpoints')
        .set('Authorization', company.auth)
        .send({ url: receiver.url, events: ['token.created', 'token.revoked'] });
      expect(endpoint.status).toBe(201);
      const token = await issue('write', { expires_in: 600 });
      await h.http
        .delete(`/customers/${customer}/access_tokens/${token.id}`)
        .set('Authorization', company.auth);
      const bodies = await eventually(async () =>
        receiver.received.length >= 2 ? receiver.received.map((r) => JSON.parse(r.body)) : undefined,
      );
      expect(bodies.map((b) => [b.type, b.customer, b.data]).sort()).toEqual([
        [
          'token.created',
          customer,
          { id: token.id, scope: 'write', prefix: token.prefix, expires_at: token.expires_at },
        ],
        [
          'token.revoked',
          customer,
          { id: token.id, scope: 'write', prefix: token.prefix, reason: 'revoked' },
        ],
      ]);
      const listed = await h.http
        .get('/events')
        .query({ type: 'token.created' })
        .set('Authorization', company.auth);
      expect(listed.text).toContain(token.id);
      expect(receiver.received.map((r) => r.body).join('')).not.toContain(token.token);
      await h.http.delete(`/webhook_endpoints/${endpoint.body.id}`).set('Authorization', company.auth);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('keeps only hashes: no token text anywhere in Redis, the logs or the answers after use', async () => {
    const token = await issue('write', { expires_in: 120 });
    expect((await h.http.get('/v1/sandbox/adsets').set('Authorization', as(token))).status).toBe(200);
    await h.http.get(`/customers/${token.token}`).set('Authorization', as(token));
    await new Promise((r) => setTimeout(r, 50));
    const secretPart = token.token.slice('adl_at_'.length);
    const values = await dumpValues(h);
    const leaks = [...values].filter(
      ([key, value]) => key.includes(secretPart.slice(0, 16)) || value.includes(secretPart.slice(0, 16)),
    );
    expect(leaks).toEqual([]);
    expect(h.logs.join('')).not.toContain(secretPart.slice(0, 16));
    // Its keys expire with it (security plan 2.29), the record and hash lookup within its lifetime.
    const seen = await sweepTtls(h);
    expect(seen.access_token).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    const hashKey = h.store.keys.tokenByHash(createHash('sha256').update(token.token).digest('hex'));
    for (const key of [hashKey, h.store.keys.accessToken(company.id, token.id)]) {
      const ttl = await h.store.kv.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(120_000);
    }
  });

  it('is a credential for the vendor API only: no connect link, no sign-in link, other methods 405', async () => {
    const token = await issue('write');
    const landing = await fetch(
      `${h.baseUrl}/connections?${new URLSearchParams({ customer, token: token.token })}`,
      { redirect: 'manual' },
    );
    expect(landing.status).toBeGreaterThanOrEqual(400);
    expect(landing.status).toBeLessThan(500);
    expect(landing.headers.get('set-cookie')).toBeNull();
    const signIn = await fetch(
      `${h.baseUrl}/integrations/login?${new URLSearchParams({ token: token.token })}`,
    );
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expect(signIn.status).toBeLessThan(500);
    expect(await signIn.text()).not.toContain('name="token"');
    for (const [method, path, allow] of [
      ['put', `/customers/${customer}/access_tokens`, 'POST, GET, HEAD'],
      ['patch', `/customers/${customer}/access_tokens/${token.id}`, 'DELETE'],
      ['get', `/customers/${customer}/access_tokens/${token.id}`, 'DELETE'],
    ] as const) {
      const res = await h.http[method](path).set('Authorization', company.auth);
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe(allow);
    }
  });

  it('expires: refused with 401 invalid_token once its time is up', async () => {
    const token = await issue('read', { expires_in: 60 });
    const use = () => h.http.get('/campaigns').set('Authorization', as(token));
    expect((await use()).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(token.expires_at) });
    try {
      expectError(await use(), 401, 'invalid_token');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('access tokens and the limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { API_RATE_LIMIT: '6', ACCESS_TOKEN_QUOTA: '2' } });
  });
  afterAll(() => h?.close());

  it("counts an access token's requests against its customer's own budget (a quarter of the company's by default), apart from the company's", async () => {
    const company = await h.company('Budget');
    const { id: customer } = await h.store.customers.create(company.id, 'Shop');
    const made = await h.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope: 'read' });
    const access = `Bearer ${made.body.token}`;
    const answers: [number, string, string][] = [];
    for (const auth of [access, company.auth, access, company.auth, company.auth, company.auth]) {
      const res = await h.http.get(`/customers/${customer}`).set('Authorization', auth);
      const { 'ratelimit-policy': policy = '', ratelimit = '' } = res.headers;
      answers.push([res.status, policy, /^"\w+";r=\d+/.exec(ratelimit)?.[0] ?? ratelimit]);
      if (res.status === 429) expect(res.body.error.code).toBe('rate_limited');
    }
    expect(answers).toEqual([
      [200, '"customer";q=1;w=60', '"customer";r=0'],
      [200, '"api";q=6;w=60', '"api";r=4'],
      [429, '"customer";q=1;w=60', '"customer";r=0'],
      [200, '"api";q=6;w=60', '"api";r=3'],
      [200, '"api";q=6;w=60', '"api";r=2'],
      [200, '"api";q=6;w=60', '"api";r=1'],
    ]);
  });

  it('holds at most ACCESS_TOKEN_QUOTA live tokens per company; a revoked one frees its place', async () => {
    const company = await h.company('Quota');
    const customers = [
      (await h.store.customers.create(company.id, 'One')).id,
      (await h.store.customers.create(company.id, 'Two')).id,
    ];
    const post = (customer: string) =>
      h.http
        .post(`/customers/${customer}/access_tokens`)
        .set('Authorization', company.auth)
        .send({ scope: 'read' });
    const first = await post(customers[0]!);
    expect((await post(customers[1]!)).status).toBe(201);
    const over = await post(customers[0]!);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('quota_exceeded');
    await h.http
      .delete(`/customers/${customers[0]}/access_tokens/${first.body.id}`)
      .set('Authorization', company.auth);
    expect((await post(customers[1]!)).status).toBe(201);
  });
});
