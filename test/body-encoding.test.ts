import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxAccessToken, sandboxCustomer } from './support/sandbox-customer.js';
import { VendorClient } from './support/vendor-client.js';

const GARBAGE = Buffer.from('not compressed at all');

/**
 * A body whose Content-Encoding does not decompress is the client's mistake on every route that reads
 * a body: a 4xx in that route's own error format, never a 500.
 */
describe('bodies that do not decode', () => {
  let h: Harness;
  let company: Company;
  let customer: string;
  let accessToken: string;
  let vendor: VendorClient;
  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Encoding Co');
    customer = await sandboxCustomer(h, company);
    accessToken = await sandboxAccessToken(h, company, customer);
    vendor = await VendorClient.signIn(h, company.id);
  });
  afterAll(() => h.close());

  const send = (method: 'post' | 'put' | 'patch', path: string, type: string, encoding: string) =>
    h.http[method](path).set('Content-Type', type).set('Content-Encoding', encoding).send(GARBAGE);

  it.each(['gzip', 'br', 'deflate'])(
    '%s garbage → 400 invalid_body on the vendor API (JSON and forms)',
    async (encoding) => {
      const requests = [
        send('post', '/customers', 'application/json', encoding),
        send('put', '/company/settings', 'application/json', encoding),
        send(
          'post',
          `/v1/sandbox/adsets?customer=${customer}`,
          'application/x-www-form-urlencoded',
          encoding,
        ),
        send('post', '/sessions/introspect', 'application/x-www-form-urlencoded', encoding),
      ];
      for (const res of await Promise.all(requests.map((r) => r.set('Authorization', company.auth)))) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_body', param: 'Content-Encoding' });
      }
    },
  );

  it('an encoding nobody supports → 415 naming Content-Encoding', async () => {
    const res = await send('post', '/customers', 'application/json', 'compress').set(
      'Authorization',
      company.auth,
    );
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_media_type', param: 'Content-Encoding' });
  });

  it.each(['gzip', 'br', 'deflate'])(
    '%s garbage → 4xx on the sandbox, hosted and integrations forms',
    async (encoding) => {
      const form = 'application/x-www-form-urlencoded';
      const token = await send('post', '/sandbox/oauth/token', form, encoding);
      expect(token.status).toBe(400);
      expect(token.body).toMatchObject({ error: 'invalid_request' });
      const revoke = await send('post', '/sandbox/oauth/revoke', form, encoding);
      expect(revoke.status).toBe(400);
      expect((await send('post', '/sandbox/oauth/authorize', form, encoding)).status).toBe(400);
      const api = await send(
        'post',
        '/sandbox/api/v1/ad_accounts/x/adsets',
        'application/json',
        encoding,
      ).set('Authorization', `Bearer ${accessToken}`);
      expect(api.status).toBe(400);
      expect(api.body.error).toMatchObject({ code: 'invalid_request' });
      const origin = new URL(h.baseUrl).origin;
      const hosted = await send('post', '/connections/session', form, encoding).set('Origin', origin);
      expect(hosted.status).toBe(400);
      expect(hosted.text).toContain('This link is not valid');
      const page = await vendor.request('/integrations/redirect-uris', {
        method: 'POST',
        body: GARBAGE,
        headers: { 'Content-Type': form, 'Content-Encoding': encoding, Origin: origin },
      });
      expect(page.status).toBe(400);
    },
  );
});
