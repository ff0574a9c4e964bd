import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';

describe('company token authentication', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const vendorEndpoints: [string, string][] = [
    ['get', '/customers'],
    ['post', '/customers'],
    ['get', '/customers/00000000-0000-4000-8000-000000000000'],
    ['delete', '/customers/00000000-0000-4000-8000-000000000000'],
    ['get', '/customers/00000000-0000-4000-8000-000000000000/platforms'],
  ];

  it.each(vendorEndpoints)(
    '%s %s without a token → 401 missing_token with a Bearer challenge',
    async (method, path) => {
      const res = await h.http[method as 'get'](path);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="adlink"');
      expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'missing_token' });
    },
  );

  it.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer '],
    ['bearer adl_live_x'],
    ['Bearer adl_live_tooshort'],
    [`Bearer adl_live_${'A'.repeat(43)}`],
    [`Bearer adl_live_${'A'.repeat(43)} extra`],
  ])('Authorization %j → 401 invalid_token', async (header) => {
    const res = await h.http.get('/customers').set('Authorization', header);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(res.body.error.code).toBe('invalid_token');
  });

  it('a revoked token is refused on the very next request, other tokens keep working', async () => {
    const company = await h.company();
    const spare = await h.store.companies.createToken(company.id);
    expect((await h.http.get('/customers').set('Authorization', company.auth)).status).toBe(200);
    await h.store.companies.revokeToken(company.tokenId);
    const res = await h.http.get('/customers').set('Authorization', company.auth);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_token');
    expect((await h.http.get('/customers').set('Authorization', `Bearer ${spare.secret}`)).status).toBe(200);
  });

  it('records when a token was last used', async () => {
    const company = await h.company();
    await h.http.get('/customers').set('Authorization', company.auth);
    await new Promise((r) => setTimeout(r, 50));
    const [token] = await h.store.companies.listTokens(company.id);
    expect(Date.now() - Date.parse(token!.last_used_at!)).toBeLessThan(10_000);
  });

  it('never logs the token, and logs the failure without it', async () => {
    const company = await h.company();
    await h.http.get('/customers').set('Authorization', company.auth);
    await h.http.get('/customers').set('Authorization', `${company.auth.slice(0, -2)}zz`);
    const all = h.logs.join('');
    expect(all).not.toContain(company.token);
    expect(all).not.toContain(company.token.slice(9, 30));
    expect(all).toContain('authentication failed');
  });
});
