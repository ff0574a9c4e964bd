import { createPublicKey } from 'node:crypto';
import fc from 'fast-check';
import { exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type Company,
  expectPage,
  linkParts,
  newCustomer,
  newLink,
  redeem,
  signSession,
  sweepTtls,
  vendorWith,
  withParam,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness, TEST_KEYRING } from './support/harness.js';

const REGISTERED = 'https://vendor.example/cb?x=1';
const OTHER_ALLOWED = 'http://localhost:5173/return';

/** Security plan 1.1: each differs from the registered URI in one way an attacker could try. */
const MUTANTS: [string, string][] = [
  ['trailing slash', 'https://vendor.example/cb/?x=1'],
  ['path case', 'https://vendor.example/CB?x=1'],
  ['query name case', 'https://vendor.example/cb?X=1'],
  ['extra query', 'https://vendor.example/cb?x=1&y=2'],
  ['longer query value', 'https://vendor.example/cb?x=10'],
  ['empty query value', 'https://vendor.example/cb?x='],
  ['no query', 'https://vendor.example/cb'],
  ['fragment', 'https://vendor.example/cb?x=1#frag'],
  ['empty fragment', 'https://vendor.example/cb?x=1#'],
  ['port', 'https://vendor.example:8443/cb?x=1'],
  ['explicit default port', 'https://vendor.example:443/cb?x=1'],
  ['http instead of https', 'http://vendor.example/cb?x=1'],
  ['scheme case', 'HTTPS://vendor.example/cb?x=1'],
  ['user@host', 'https://user@vendor.example/cb?x=1'],
  ['host as userinfo', 'https://vendor.example@evil.example/cb?x=1'],
  ['host.evil.tld', 'https://vendor.example.evil.example/cb?x=1'],
  ['trailing-dot host', 'https://vendor.example./cb?x=1'],
  ['host case', 'https://Vendor.example/cb?x=1'],
  ['backslash-at', 'https://vendor.example\\@evil.example/cb?x=1'],
  ['backslash path', 'https://vendor.example\\cb?x=1'],
  ['percent-encoded path', 'https://vendor.example/%63b?x=1'],
  ['percent-encoded query', 'https://vendor.example/cb?x=%31'],
  ['encoded slash', 'https://vendor.example%2Fcb?x=1'],
  ['CR/LF', 'https://vendor.example/cb?x=1\r\nLocation: https://evil.example'],
  ['LF in host', 'https://vendor.ex\nample/cb?x=1'],
  ['tab', 'https://vendor.example/cb?x=1\t'],
  ['leading space', ' https://vendor.example/cb?x=1'],
  ['IDN look-alike (Cyrillic e)', 'https://v\u0435ndor.example/cb?x=1'],
  ['punycode look-alike', 'https://xn--vndor-3ve.example/cb?x=1'],
  ['protocol-relative', '//vendor.example/cb?x=1'],
  ['javascript:', 'javascript:alert(1)//https://vendor.example/cb?x=1'],
  ['NUL', 'https://vendor.example/cb?x=1\u0000'],
];

describe('connect links API', () => {
  let h: Harness;
  let acme: Company;
  let other: Company;
  let customer: string;

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme', [REGISTERED, OTHER_ALLOWED], REGISTERED);
    other = await vendorWith(h, 'Other Vendor');
    customer = await newCustomer(h, acme);
  });
  afterAll(() => h.close());

  const connect = (query: string, company: Company = acme, id = customer) =>
    h.http.get(`/customers/${id}/connect${query}`).set('Authorization', company.auth);

  async function expectBadParam(query: string, param: string, code?: string) {
    const res = await connect(query);
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(apiError(res).param).toBe(param);
    if (code) expect(apiError(res).code).toBe(code);
  }

  describe('GET /customers/:id/connect', () => {
    it('returns a connect_url on our host and expires_at 900 s ahead by default', async () => {
      const before = Date.now();
      const res = await connect('');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['connect_url', 'expires_at']);
      expect(res.headers['cache-control']).toBe('no-store');
      const { url, customer: linkCustomer, token, redirect_uri, claims } = linkParts(res.body.connect_url);
      expect(`${url.origin}${url.pathname}`).toBe(`${h.baseUrl}/connections`);
      expect(linkCustomer).toBe(customer);
      expect(token.split('.')).toHaveLength(3);
      expect(redirect_uri).toBe(REGISTERED);
      const expiresAt = Date.parse(res.body.expires_at);
      expect(res.body.expires_at).toBe(new Date(expiresAt).toISOString());
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);
      expect(claims.exp! * 1000).toBe(expiresAt);
    });

    it('takes expires_in from 60 to 3600 seconds', async () => {
      for (const seconds of [60, 3600]) {
        const res = await connect(`?expires_in=${seconds}`);
        expect(res.status).toBe(200);
        const ahead = Date.parse(res.body.expires_at) - Date.now();
        expect(ahead).toBeGreaterThan((seconds - 5) * 1000);
        expect(ahead).toBeLessThanOrEqual(seconds * 1000);
      }
    });

    it.each(['59', '3601', 'abc', '', '-60', '60.5', '1e3', ' 900', '0x3c'])(
      'refuses expires_in=%j with 400 naming expires_in',
      async (value) => {
        await expectBadParam(`?expires_in=${encodeURIComponent(value)}`, 'expires_in');
      },
    );

    it('offers only the platforms asked for, and only configured ones', async () => {
      const ok = await connect('?platforms=sandbox');
      expect(ok.status).toBe(200);
      const introspected = await h.http
        .post('/sessions/introspect')
        .set('Authorization', acme.auth)
        .send({ token: linkParts(ok.body.connect_url).token });
      expect(introspected.body.platforms).toEqual(['sandbox']);

      await expectBadParam('?platforms=nope', 'platforms', 'invalid_request');
      await expectBadParam('?platforms=sandbox,nope', 'platforms', 'invalid_request');
      // meta is a known platform, but this deployment has no Meta app configured.
      await expectBadParam('?platforms=meta', 'platforms', 'invalid_request');
      await expectBadParam('?platforms=', 'platforms');
    });

    it('accepts an allowed redirect_uri and refuses any other with redirect_uri_not_allowed', async () => {
      const ok = await connect(`?redirect_uri=${encodeURIComponent(OTHER_ALLOWED)}`);
      expect(ok.status).toBe(200);
      expect(linkParts(ok.body.connect_url).redirect_uri).toBe(OTHER_ALLOWED);
      await expectBadParam(
        `?redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
        'redirect_uri',
        'redirect_uri_not_allowed',
      );
    });

    it("answers 404 customer_not_found for another company's customer and for junk ids", async () => {
      const theirs = await newCustomer(h, other, 'Their customer');
      for (const [company, id] of [
        [acme, theirs],
        [other, customer],
        [acme, 'not-a-uuid'],
        [acme, '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const res = await connect('', company, id);
        expect(res.status).toBe(404);
        expect(apiError(res).code).toBe('customer_not_found');
      }
    });

    it('refuses repeated and unknown query parameters', async () => {
      for (const [query, param] of [
        ['?expires_in=60&expires_in=120', 'expires_in'],
        ['?platforms=sandbox&platforms=sandbox', 'platforms'],
        [
          `?redirect_uri=${encodeURIComponent(REGISTERED)}&redirect_uri=${encodeURIComponent(REGISTERED)}`,
          'redirect_uri',
        ],
      ]) {
        await expectBadParam(query!, param!, 'parameter_repeated');
      }
      await expectBadParam('?scope=ads_management', 'scope', 'unknown_parameter');
    });

    it('needs the company token', async () => {
      const res = await h.http.get(`/customers/${customer}/connect`);
      expect(res.status).toBe(401);
    });
  });

  describe('PUT /company/settings', () => {
    const put = (body: unknown, company: Company = acme) =>
      h.http
        .put('/company/settings')
        .set('Authorization', company.auth)
        .send(body as object);

    const invalid: [string, unknown, string][] = [
      ['ftp scheme', { redirect_uris: ['ftp://vendor.example/cb'] }, 'redirect_uris.0'],
      ['javascript scheme', { redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris.0'],
      ['relative URI', { redirect_uris: ['/cb'] }, 'redirect_uris.0'],
      ['fragment', { redirect_uris: ['https://vendor.example/cb#x'] }, 'redirect_uris.0'],
      ['empty fragment', { redirect_uris: ['https://vendor.example/cb#'] }, 'redirect_uris.0'],
      ['user info', { redirect_uris: ['https://user:pw@vendor.example/cb'] }, 'redirect_uris.0'],
      ['user only', { redirect_uris: ['https://user@vendor.example/cb'] }, 'redirect_uris.0'],
      ['http on a public host', { redirect_uris: ['http://vendor.example/cb'] }, 'redirect_uris.0'],
      [
        'http on a look-alike of localhost',
        { redirect_uris: ['http://localhost.evil.example/cb'] },
        'redirect_uris.0',
      ],
      ['non-canonical: no path', { redirect_uris: ['https://vendor.example'] }, 'redirect_uris.0'],
      ['non-canonical: host case', { redirect_uris: ['https://Vendor.example/cb'] }, 'redirect_uris.0'],
      [
        'non-canonical: default port',
        { redirect_uris: ['https://vendor.example:443/cb'] },
        'redirect_uris.0',
      ],
      [
        'non-canonical: dot segment',
        { redirect_uris: ['https://vendor.example/a/../cb'] },
        'redirect_uris.0',
      ],
      ['non-canonical: space', { redirect_uris: ['https://vendor.example/c b'] }, 'redirect_uris.0'],
      [
        'non-canonical: second entry',
        { redirect_uris: [REGISTERED, 'HTTPS://vendor.example/x'] },
        'redirect_uris.1',
      ],
      ['not a string', { redirect_uris: [42] }, 'redirect_uris.0'],
      ['not an array', { redirect_uris: REGISTERED }, 'redirect_uris'],
      [
        'default not in the list',
        { redirect_uris: [REGISTERED], default_redirect_uri: OTHER_ALLOWED },
        'default_redirect_uri',
      ],
      ['duplicates', { redirect_uris: [REGISTERED, REGISTERED] }, 'redirect_uris'],
      [
        'more than 20',
        { redirect_uris: Array.from({ length: 21 }, (_, i) => `https://vendor.example/cb${i}`) },
        'redirect_uris',
      ],
      ['unknown field', { redirect_uris: [REGISTERED], scope: 'ads' }, 'scope'],
      ['missing list', { default_redirect_uri: null }, 'redirect_uris'],
    ];

    it.each(invalid)(
      'refuses %s with 400 naming the param and changes nothing',
      async (_name, body, param) => {
        const before = (await h.http.get('/company/settings').set('Authorization', acme.auth)).body;
        const res = await put(body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        // `redirect_uris[0]` and `redirect_uris.0` name the same element.
        expect(apiError(res).param?.replace(/\[(\d+)\]/g, '.$1')).toBe(param);
        const after = (await h.http.get('/company/settings').set('Authorization', acme.auth)).body;
        expect(after).toEqual(before);
      },
    );

    it('stores a valid list (20 entries, loopback http) and reads it back', async () => {
      const company = await h.company('Settings Co');
      const uris = [
        ...Array.from({ length: 18 }, (_, i) => `https://vendor.example/cb${i}?tenant=${i}`),
        'http://localhost:3000/cb',
        'http://127.0.0.1:8080/cb',
      ];
      const res = await put({ redirect_uris: uris, default_redirect_uri: uris[3] }, company);
      expect(res.status).toBe(200);
      const read = await h.http.get('/company/settings').set('Authorization', company.auth);
      expect(read.body).toMatchObject({ redirect_uris: uris, default_redirect_uri: uris[3] });
    });
  });

  describe('redirect_uri exact match (security plan 1.1)', () => {
    it.each(MUTANTS)(
      '%s: refused by the API, the landing page and the redeem POST',
      async (_name, mutant) => {
        expect(mutant).not.toBe(REGISTERED);
        const api = await connect(`?redirect_uri=${encodeURIComponent(mutant)}`);
        expect(api.status).toBe(400);
        expect(apiError(api).code).toBe('redirect_uri_not_allowed');

        const link = await newLink(h, acme, customer);
        const tampered = withParam(link.connect_url, 'redirect_uri', mutant);
        const browser = new FlowClient(h.baseUrl);
        const landing = await browser.get(tampered);
        const html = await expectPage(landing, 400, 'This link is not valid');
        expect(html).not.toContain('name="redirect_uri"');

        const post = await redeem(browser, tampered);
        await expectPage(post, 400, 'This link is not valid');
        expect(browser.cookies.size).toBe(0);
        for (const step of browser.history) expect(step.location).toBeNull();

        // Refusing the tampered link did not consume it.
        const intact = await h.http
          .post('/sessions/introspect')
          .set('Authorization', acme.auth)
          .send({ token: linkParts(link).token });
        expect(intact.body.active).toBe(true);
      },
    );

    it('accepts the registered URI byte for byte (the control case)', async () => {
      const link = await newLink(h, acme, customer, { redirect_uri: REGISTERED });
      const browser = new FlowClient(h.baseUrl);
      const landing = await browser.get(withParam(link.connect_url, 'redirect_uri', REGISTERED));
      expect(landing.status).toBe(200);
      // Dropping redirect_uri from the link falls back to the link's own (the vendor's default).
      const without = await browser.get(withParam(link.connect_url, 'redirect_uri', null));
      expect(without.status).toBe(200);
    });

    it('property: the API accepts a redirect_uri exactly when it is byte-identical to an allowed one', async () => {
      const interesting = fc.constantFrom(
        ...'/\\@%:.#?&= \r\n\tAaXx01\u0435\u0000'.split(''),
        '%2F',
        '%00',
        '..',
        'evil.',
        '@evil.example',
      );
      const edit = fc.oneof(
        fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: interesting }),
        fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: interesting }),
        fc.record({ kind: fc.constant('case' as const), at: fc.nat() }),
      );
      type Edit = { kind: 'insert' | 'delete' | 'replace' | 'case'; at: number; text?: string };
      const mutate = (uri: string, edits: Edit[]) =>
        edits.reduce((s, e) => {
          const at = e.at % (s.length + 1);
          if (e.kind === 'insert') return s.slice(0, at) + e.text + s.slice(at);
          if (e.kind === 'delete') return s.slice(0, at) + s.slice(at + 1);
          if (e.kind === 'replace') return s.slice(0, at) + e.text + s.slice(at + 1);
          const c = s.charAt(at);
          const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
          return s.slice(0, at) + flipped + s.slice(at + 1);
        }, uri);

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(REGISTERED, OTHER_ALLOWED),
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          async (base, edits) => {
            const candidate = mutate(base, edits);
            fc.pre(candidate.length > 0);
            const res = await connect(`?redirect_uri=${encodeURIComponent(candidate)}`);
            const allowed = candidate === REGISTERED || candidate === OTHER_ALLOWED;
            expect(res.status, JSON.stringify({ candidate, body: res.body })).toBe(allowed ? 200 : 400);
            if (!allowed) expect(apiError(res).code).toBe('redirect_uri_not_allowed');
          },
        ),
        { seed: 1_2025_1, numRuns: 150 },
      );
    });
  });

  describe('POST /sessions/introspect', () => {
    const introspect = (token: unknown, company: Company = acme, form = false) => {
      const req = h.http.post('/sessions/introspect').set('Authorization', company.auth);
      return form ? req.type('form').send({ token: String(token) }) : req.send({ token });
    };

    it('reports an open link as active, as JSON and as a form (RFC 7662)', async () => {
      const link = await newLink(h, acme, customer, { platforms: 'sandbox' });
      const { token, claims } = linkParts(link);
      for (const form of [false, true]) {
        const res = await introspect(token, acme, form);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          active: true,
          customer,
          company: acme.id,
          exp: claims.exp,
          iat: claims.iat,
          jti: claims.jti,
          aud: 'adlink:connect',
          iss: h.baseUrl,
          platforms: ['sandbox'],
          redirect_uri: REGISTERED,
        });
      }
    });

    it('reports expired, garbage, consumed, revoked and foreign tokens as just {active: false}', async () => {
      const link = await newLink(h, acme, customer);
      const { token, claims } = linkParts(link);
      const now = Math.floor(Date.now() / 1000);
      const expired = await signSession({ ...claims, iat: now - 600, exp: now - 60 });

      const consumedLink = await newLink(h, acme, customer);
      expect((await redeem(new FlowClient(h.baseUrl), consumedLink)).status).toBe(303);

      const revokedCustomer = await newCustomer(h, acme, 'Revoked');
      const revokedLink = await newLink(h, acme, revokedCustomer);
      const revoke = await h.http
        .delete(`/customers/${revokedCustomer}/connect/sessions`)
        .set('Authorization', acme.auth);
      expect(revoke.body).toEqual({ revoked: 1 });

      const cases: [string, unknown, Company][] = [
        ['expired', expired, acme],
        ['garbage', 'not.a.jwt', acme],
        ['empty', '', acme],
        ['consumed', linkParts(consumedLink).token, acme],
        ['revoked', linkParts(revokedLink).token, acme],
        ["another company's", token, other],
      ];
      for (const [name, value, company] of cases) {
        for (const form of [false, true]) {
          const res = await introspect(value, company, form);
          expect(res.status, name).toBe(200);
          expect(res.body, name).toEqual({ active: false });
        }
      }
      // The control: the same token is active for its own company.
      expect((await introspect(token)).body.active).toBe(true);
    });

    it('answers 400 naming token when the field is missing, repeated or not a string', async () => {
      const base = () => h.http.post('/sessions/introspect').set('Authorization', acme.auth);
      const cases = [
        base().send({}),
        base().send({ token: 42 }),
        base().send({ token: 'x', extra: 1 }),
        base().type('form').send('other=1'),
        base().type('form').send('token=a&token=b'),
      ];
      for (const res of await Promise.all(cases)) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(apiError(res).param).toMatch(/^(token|extra)$/);
      }
      expect((await h.http.post('/sessions/introspect').send({ token: 'x' })).status).toBe(401);
    });

    it('reads its body ahead of authentication, yet refuses an unauthenticated request first', async () => {
      const bodies: [string, string, number, string][] = [
        ['application/json', '{"token":', 400, 'invalid_json'],
        ['application/json', JSON.stringify({ token: 'x'.repeat(120_000) }), 413, 'payload_too_large'],
        ['application/x-www-form-urlencoded', `token=${'x'.repeat(120_000)}`, 413, 'payload_too_large'],
      ];
      for (const [type, body, status, code] of bodies) {
        const post = () => h.http.post('/sessions/introspect').type(type).send(body);
        const anonymous = await post();
        expect(anonymous.status).toBe(401);
        expect(apiError(anonymous).code).toBe('missing_token');
        const wrong = await post().set('Authorization', 'Bearer adl_live_wrong');
        expect(wrong.status).toBe(401);
        expect(apiError(wrong).code).toBe('invalid_token');
        const authenticated = await post().set('Authorization', acme.auth);
        expect(authenticated.status, code).toBe(status);
        expect(apiError(authenticated).code).toBe(code);
      }
    });
  });

  describe('GET /.well-known/jwks.json', () => {
    it('lists both public signing keys with kid and alg EdDSA, and nothing private', async () => {
      const res = await h.http.get('/.well-known/jwks.json');
      expect(res.status).toBe(200);
      const keys = res.body.keys as Record<string, string>[];
      expect(keys.map((k) => k.kid)).toEqual(TEST_KEYRING.signing.map((k) => k.kid));
      for (const [i, key] of keys.entries()) {
        expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
        for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(secret);
        const expected = await exportJWK(createPublicKey(TEST_KEYRING.signing[i]!.privateKey));
        expect(key.x).toBe(expected.x);
      }
    });
  });

  it('leaves a TTL on every ephemeral key it created (security plan 2.29)', async () => {
    const seen = await sweepTtls(h);
    expect(seen.session).toBeGreaterThan(0);
    expect(seen.session_used).toBeGreaterThan(0);
    expect(seen.flow).toBeGreaterThan(0);
  });
});
