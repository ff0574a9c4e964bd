import { createPublicKey, sign } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Company,
  expectPage,
  type Link,
  linkParts,
  newCustomer,
  newLink,
  signSession,
  sweepTtls,
  unsignedToken,
  vendorWith,
  withParam,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness, TEST_KEYRING } from './support/harness.js';

const INVALID = 'This link is not valid';
const EXPIRED = 'This link has expired';

/**
 * Security plan 2.7: forged and wrong-claims connect tokens on GET /connections?customer&token (and the
 * redeem POST). Every forgery starts from the claims of a real, open link, so the one thing changed is
 * what makes it fail; the control case re-signs those claims unchanged and is accepted.
 */
describe('connect token verification matrix', () => {
  let h: Harness;
  let acme: Company;
  let customer: string;
  let link: Link;
  let claims: JWTPayload;
  const [current, older] = TEST_KEYRING.signing as [
    (typeof TEST_KEYRING.signing)[0],
    (typeof TEST_KEYRING.signing)[0],
  ];

  beforeAll(async () => {
    h = await startHarness();
    acme = await vendorWith(h, 'Acme Ads');
    customer = await newCustomer(h, acme);
    link = await newLink(h, acme, customer);
    claims = linkParts(link).claims;
  });
  afterAll(() => h.close());

  const now = () => Math.floor(Date.now() / 1000);
  const urlWith = (token: string, forCustomer = customer) =>
    withParam(withParam(link.connect_url, 'token', token), 'customer', forCustomer);

  async function expectRefused(token: string, status: 400 | 410, title: string, forCustomer = customer) {
    const browser = new FlowClient(h.baseUrl);
    await expectPage(await browser.get(urlWith(token, forCustomer)), status, title);
    const head = await browser.request(urlWith(token, forCustomer), { method: 'HEAD' });
    expect(head.status).toBe(status);
    expect(head.headers.getSetCookie()).toEqual([]);
    const post = await browser.post('/connections/session', { customer: forCustomer, token });
    await expectPage(post, status, title);
    expect(browser.cookies.size).toBe(0);
  }

  it('accepts the unchanged claims re-signed with our current key and with the older key (control)', async () => {
    for (const key of [current, older]) {
      const token = await signSession(claims, {}, key);
      const res = await new FlowClient(h.baseUrl).get(urlWith(token));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('name="token"');
    }
  });

  it('issues standard JWTs: byte for byte what jose signs, verified by jose against the published JWKS', async () => {
    const { token } = linkParts(link);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid: current.kid,
      typ: 'adlink-connect+jwt',
    });
    // Ed25519 is deterministic: the same header and claims signed by jose give the same token.
    expect(await signSession(claims)).toBe(token);
    const jwks = createLocalJWKSet((await h.http.get('/.well-known/jwks.json')).body);
    const { payload } = await jwtVerify(token, jwks, {
      algorithms: ['EdDSA'],
      issuer: h.baseUrl,
      audience: 'adlink:connect',
      typ: 'adlink-connect+jwt',
      requiredClaims: ['jti', 'sub', 'iat', 'exp'],
    });
    expect(payload).toEqual(claims);
    expect(payload).toMatchObject({ sub: customer, company: acme.id });
  });

  it('refuses alg "none"', async () => {
    await expectRefused(unsignedToken(claims), 400, INVALID);
    await expectRefused(unsignedToken(claims, { kid: current.kid }), 400, INVALID);
    await expectRefused(unsignedToken(claims, { alg: 'None', kid: current.kid }), 400, INVALID);
  });

  it('refuses HS256 signed with our public key (algorithm confusion)', async () => {
    const publicKey = createPublicKey(current.privateKey);
    const secrets = [
      Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }) as string),
      publicKey.export({ type: 'spki', format: 'der' }),
      Buffer.from((await exportJWK(publicKey)).x!, 'base64url'),
      Buffer.from(JSON.stringify(await exportJWK(publicKey))),
    ];
    for (const secret of secrets) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: current.kid, typ: 'adlink-connect+jwt' })
        .sign(new Uint8Array(secret));
      await expectRefused(token, 400, INVALID);
    }
  });

  it("refuses a token that carries its own key (embedded jwk) signed by the attacker's key", async () => {
    const attacker = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = await exportJWK(attacker.publicKey);
    for (const header of [
      { jwk },
      { jwk, kid: current.kid },
      { jwk: { ...jwk, kid: current.kid }, kid: undefined },
    ]) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', typ: 'adlink-connect+jwt', ...header })
        .sign(attacker.privateKey);
      await expectRefused(token, 400, INVALID);
    }
    // jku / x5u pointing at the attacker are not fetched either.
    const jku = await new SignJWT(claims)
      .setProtectedHeader({
        alg: 'EdDSA',
        typ: 'adlink-connect+jwt',
        kid: 'attacker',
        jku: 'https://evil.example/jwks.json',
      })
      .sign(attacker.privateKey);
    await expectRefused(jku, 400, INVALID);
  });

  it('refuses an unknown kid, a missing kid, and our kid with a foreign signature', async () => {
    const attacker = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const foreign = { kid: 'test-sig-new', privateKey: attacker.privateKey as never };
    await expectRefused(await signSession(claims, { kid: 'no-such-key' }), 400, INVALID);
    await expectRefused(await signSession(claims, { kid: undefined }), 400, INVALID);
    await expectRefused(await signSession(claims, {}, foreign), 400, INVALID);
    // Our own key under the other key's kid does not verify either.
    await expectRefused(await signSession(claims, { kid: older.kid }, current), 400, INVALID);
  });

  it('refuses the wrong audience, issuer or type', async () => {
    const cases: [JWTPayload, Record<string, unknown>][] = [
      [{ ...claims, aud: 'adlink:api' }, {}],
      [{ ...claims, aud: ['adlink:connect-other'] }, {}],
      [{ ...claims, aud: undefined }, {}],
      [{ ...claims, iss: 'https://evil.example' }, {}],
      [{ ...claims, iss: `${h.baseUrl}/` }, {}],
      [{ ...claims, iss: undefined }, {}],
      [claims, { typ: 'JWT' }],
      [claims, { typ: 'at+jwt' }],
      [claims, { typ: undefined }],
    ];
    for (const [payload, header] of cases)
      await expectRefused(await signSession(payload, header), 400, INVALID);
  });

  it('refuses what it never issues: a crit header, an audience list, typ spelled otherwise, a header or claims not an object', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    /** Signed with our key, with a header and claims written out by hand. */
    const signedRaw = (header: string, payload: string) => {
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${sign(null, Buffer.from(input), current.privateKey).toString('base64url')}`;
    };
    const ourHeader = { alg: 'EdDSA', kid: current.kid, typ: 'adlink-connect+jwt' };
    const claimsJson = JSON.stringify(claims);
    const tokens = [
      signedRaw(JSON.stringify({ ...ourHeader, crit: ['exp'], exp: claims.exp }), claimsJson),
      signedRaw(JSON.stringify(ourHeader), JSON.stringify({ ...claims, aud: ['adlink:connect'] })),
      signedRaw(JSON.stringify({ ...ourHeader, typ: 'application/adlink-connect+jwt' }), claimsJson),
      signedRaw(JSON.stringify({ ...ourHeader, typ: 'ADLINK-CONNECT+JWT' }), claimsJson),
      signedRaw('[]', claimsJson),
      signedRaw(JSON.stringify(ourHeader), JSON.stringify([claims])),
      signedRaw(JSON.stringify(ourHeader), '"claims"'),
      signedRaw(JSON.stringify(ourHeader), '{"sub":'),
    ];
    // The control: the same hand-written path with our header and the claims unchanged is accepted.
    const control = await new FlowClient(h.baseUrl).get(
      urlWith(signedRaw(JSON.stringify(ourHeader), claimsJson)),
    );
    expect(control.status).toBe(200);
    for (const token of tokens) await expectRefused(token, 400, INVALID);
    const real = linkParts(link).token;
    const [, payload, signature] = real.split('.');
    for (const token of [
      `${b64('{')}.${payload}.${signature}`,
      `${real}.${signature}`,
      real.slice(0, -2),
      `${real}AA`,
      `${real.slice(0, real.lastIndexOf('.'))}.${b64('short')}`,
    ]) {
      await expectRefused(token, 400, INVALID);
    }
  });

  it('answers 410 "This link has expired" for an expired token', async () => {
    const t = now();
    await expectRefused(await signSession({ ...claims, iat: t - 1200, exp: t - 300 }), 410, EXPIRED);
  });

  it('refuses nbf in the future, iat older than an hour or in the future, and missing claims', async () => {
    const t = now();
    const cases: JWTPayload[] = [
      { ...claims, nbf: t + 600 },
      { ...claims, iat: t - 3700, exp: t + 600 },
      { ...claims, iat: t + 600 },
      { ...claims, exp: undefined },
      { ...claims, jti: undefined },
      { ...claims, sub: undefined },
      { ...claims, iat: undefined },
      { ...claims, company: 42 },
    ];
    for (const payload of cases) await expectRefused(await signSession(payload), 400, INVALID);
  });

  it("refuses a valid token presented with another customer's id", async () => {
    const second = await newCustomer(h, acme, 'Second');
    const token = linkParts(link).token;
    await expectRefused(token, 400, INVALID, second);
    await expectRefused(token, 400, INVALID, 'not-a-uuid');
  });

  it('refuses garbage and malformed link queries with a page, never a stack trace', async () => {
    for (const token of ['garbage', 'a.b.c', '...', `${linkParts(link).token}x`, 'x'.repeat(5000)]) {
      await expectRefused(token, 400, INVALID);
    }
    const browser = new FlowClient(h.baseUrl);
    const queries = [
      `?customer=${customer}`,
      `?token=${linkParts(link).token}`,
      `?customer=${customer}&token=${linkParts(link).token}&token=x`,
      `?customer=${customer}&token=${linkParts(link).token}&extra=1`,
      `?customer=${customer}&token=`,
    ];
    for (const query of queries) await expectPage(await browser.get(`/connections${query}`), 400, INVALID);
  });

  it('left the real link usable through all of this', async () => {
    const browser = new FlowClient(h.baseUrl);
    const res = await browser.post('/connections/session', { customer, token: linkParts(link).token });
    expect(res.status).toBe(303);
    expect(browser.cookies.size).toBe(1);
  });

  it('leaves a TTL on every ephemeral key (security plan 2.29)', async () => {
    const seen = await sweepTtls(h);
    expect(seen.session_used).toBe(1);
    expect(seen.flow).toBe(1);
  });
});
