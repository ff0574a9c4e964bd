import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/ids.js';
import { createSandboxRouter, type SandboxDeps } from '../src/sandbox/router.js';
import type { Kv } from '../src/store/kv.js';
import { openKv, wipe } from './support/harness.js';

const ISSUER = 'http://localhost:3000/sandbox';
const REDIRECT = 'http://localhost:3000/connections/oauth/sandbox/callback';
const CLIENT = {
  id: 'adlink',
  secret: 'adlink-sandbox-secret-1',
  name: 'Acme Ads Manager',
  redirectUris: [REDIRECT],
};
const OTHER = {
  id: 'other',
  secret: 'other-sandbox-secret-22',
  name: 'Other App',
  redirectUris: ['https://other.example/cb'],
};

const basic = (client: { id: string; secret: string }, secret = client.secret) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function pkce() {
  const verifier = randomToken(32);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('sandbox OAuth 2.0 server', () => {
  let kv: Kv;
  const prefix = `test:${randomToken(9)}:`;
  const logs: string[] = [];
  const issued: string[] = [];
  let clockOffset = 0;
  let http: ReturnType<typeof supertest>;

  function sandbox(overrides: Partial<SandboxDeps> = {}) {
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    const app = express();
    app.use(
      '/sandbox',
      createSandboxRouter({
        kv,
        prefix,
        issuer: ISSUER,
        clients: [CLIENT, OTHER],
        accessTokenTtlSeconds: 300,
        log: pino({ level: 'info' }, sink),
        now: () => Date.now() + clockOffset,
        ...overrides,
      }),
    );
    return supertest(app);
  }

  beforeAll(async () => {
    kv = await openKv('redis');
    http = sandbox();
  });
  afterEach(() => {
    clockOffset = 0;
  });
  afterAll(async () => {
    await wipe(kv, prefix);
    await kv.close();
  });

  const authorizeQuery = (params: Record<string, string | undefined>) =>
    new URLSearchParams(
      Object.entries({
        response_type: 'code',
        client_id: CLIENT.id,
        redirect_uri: REDIRECT,
        state: `st-${randomToken(8)}`,
        scope: 'ads_read ads_management',
        code_challenge_method: 'S256',
        ...params,
      }).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();

  /** GET the consent page; returns the hidden request id and the offered accounts. */
  async function consentPage(params: Record<string, string | undefined>, client = http) {
    const res = await client.get(`/sandbox/oauth/authorize?${authorizeQuery(params)}`);
    expect(res.status).toBe(200);
    const requestId = /name="request" value="([^"]+)"/.exec(res.text)?.[1];
    const accounts = [...res.text.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return { res, requestId: requestId!, accounts };
  }

  const answer = (fields: [string, string][], client = http) =>
    client.post('/sandbox/oauth/authorize').type('form').send(new URLSearchParams(fields).toString());

  const tokenRequest = (
    fields: Record<string, string>,
    auth: string | null = basic(CLIENT),
    client = http,
  ) => {
    const req = client.post('/sandbox/oauth/token').type('form');
    if (auth) req.set('Authorization', auth);
    return req.send(new URLSearchParams(fields).toString());
  };

  /** Consent with the first `take` accounts; returns the code and everything needed to redeem it. */
  async function authorize(
    options: { login?: string; take?: number; scope?: string; client?: typeof http } = {},
  ) {
    const { verifier, challenge } = pkce();
    const state = `st-${randomToken(8)}`;
    const page = await consentPage(
      { code_challenge: challenge, state, login_hint: options.login, scope: options.scope },
      options.client,
    );
    const chosen = page.accounts.slice(0, options.take ?? 1);
    const res = await answer(
      [
        ['request', page.requestId],
        ['decision', 'allow'],
        ...chosen.map((a): [string, string] => ['accounts', a]),
      ],
      options.client,
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location!);
    const code = location.searchParams.get('code')!;
    issued.push(code);
    return { code, verifier, state, location, accounts: page.accounts, chosen };
  }

  async function connect(options: Parameters<typeof authorize>[0] = {}) {
    const grant = await authorize(options);
    const res = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: REDIRECT,
        code_verifier: grant.verifier,
      },
      basic(CLIENT),
      options.client,
    );
    expect(res.status).toBe(200);
    issued.push(res.body.access_token, res.body.refresh_token);
    return { ...grant, tokens: res.body as { access_token: string; refresh_token: string; scope: string } };
  }

  const api = (path: string, token: string, client = http) =>
    client.get(`/sandbox/api/v1${path}`).set('Authorization', `Bearer ${token}`);

  it('publishes RFC 8414 metadata', async () => {
    const res = await http.get('/sandbox/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      scopes_supported: ['ads_read', 'ads_management'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });

  it('runs the authorization code flow with PKCE end to end, for the chosen account only', async () => {
    const { verifier, challenge } = pkce();
    const page = await consentPage({ code_challenge: challenge, state: 'xyz-123' });
    expect(page.res.headers['cache-control']).toBe('no-store');
    const csp = page.res.headers['content-security-policy'];
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.res.text).toContain('Acme Ads Manager');
    expect(page.res.text).toContain('Signed in as demo');
    expect(page.res.text).toContain('ads_read, ads_management');
    expect(page.res.text).toContain('Bakery — Main (EUR)');
    expect(page.res.text).toContain('<legend>');
    expect(page.res.text).toContain('action="/sandbox/oauth/authorize"');
    expect(page.res.text).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.res.text).not.toMatch(/\sstyle=/);
    expect(page.accounts).toHaveLength(3);
    expect(page.res.text.match(/ checked>/g)).toHaveLength(3);

    const res = await answer([
      ['request', page.requestId],
      ['decision', 'allow'],
      ['accounts', page.accounts[1]!],
    ]);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz-123');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    issued.push(code);

    const token = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(token.status).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.body).toEqual({
      access_token: expect.stringMatching(/^sbx_at_[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 300,
      refresh_token: expect.stringMatching(/^sbx_rt_[A-Za-z0-9_-]{43}$/),
      scope: 'ads_read ads_management',
    });
    issued.push(token.body.access_token, token.body.refresh_token);

    const accounts = await api('/me/ad_accounts', token.body.access_token);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.map((a: { id: string }) => a.id)).toEqual([page.accounts[1]]);
    const other = await api(`/ad_accounts/${page.accounts[0]}/campaigns`, token.body.access_token);
    expect(other.status).toBe(403);
  });

  it('accepts client_secret_post as well as client_secret_basic', async () => {
    const grant = await authorize();
    const res = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: REDIRECT,
        code_verifier: grant.verifier,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
      null,
    );
    expect(res.status).toBe(200);
    issued.push(res.body.access_token, res.body.refresh_token);
  });

  it('sends access_denied back when the user denies', async () => {
    const page = await consentPage({ code_challenge: pkce().challenge, state: 'deny-state' });
    const res = await answer([
      ['request', page.requestId],
      ['decision', 'deny'],
    ]);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('deny-state');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it.each([
    [
      'an unregistered redirect_uri',
      { redirect_uri: 'https://evil.example/cb' },
      'not registered for this application',
    ],
    ['a redirect_uri that differs by one byte', { redirect_uri: `${REDIRECT}/` }, 'not registered'],
    ['another client’s redirect_uri', { redirect_uri: OTHER.redirectUris[0] }, 'not registered'],
    ['no redirect_uri', { redirect_uri: undefined }, 'not registered'],
    ['an unknown client', { client_id: 'nobody' }, 'not registered with Sandbox Ads'],
    ['no client_id', { client_id: undefined }, 'not registered with Sandbox Ads'],
  ])('refuses %s on a 400 page, never redirecting', async (_name, params, text) => {
    const res = await http.get(
      `/sandbox/oauth/authorize?${authorizeQuery({ code_challenge: pkce().challenge, ...params })}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain(text);
  });

  it('refuses repeated parameters on a 400 page', async () => {
    const query = `${authorizeQuery({ code_challenge: pkce().challenge })}&state=second`;
    const res = await http.get(`/sandbox/oauth/authorize?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    const twice = await http.get(
      `/sandbox/oauth/authorize?${authorizeQuery({ code_challenge: pkce().challenge })}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(twice.status).toBe(400);
    expect(twice.headers.location).toBeUndefined();
  });

  it.each([
    [
      'no PKCE at all',
      { code_challenge: undefined, code_challenge_method: undefined },
      'invalid_request',
      'S256',
    ],
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request', 'code_challenge'],
    ['the plain method', { code_challenge_method: 'plain' }, 'invalid_request', 'S256'],
    ['a malformed challenge', { code_challenge: 'short' }, 'invalid_request', 'code_challenge'],
    ['an unknown scope', { scope: 'ads_read admin' }, 'invalid_scope', 'scope'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type', 'code'],
    ['no response_type', { response_type: undefined }, 'invalid_request', 'response_type'],
    ['a login_hint with control characters', { login_hint: 'a\u0001b' }, 'invalid_request', 'login_hint'],
    ['a login_hint over 200 characters', { login_hint: 'x'.repeat(201) }, 'invalid_request', 'login_hint'],
  ])('redirects %s back with an error, the state and iss', async (_name, params, error, mentions) => {
    const res = await http.get(
      `/sandbox/oauth/authorize?${authorizeQuery({ code_challenge: pkce().challenge, state: 's-1', ...params })}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toContain(mentions);
    expect(location.searchParams.get('state')).toBe('s-1');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
  });

  it('redirects a request without state with invalid_request', async () => {
    const res = await http.get(
      `/sandbox/oauth/authorize?${authorizeQuery({ code_challenge: pkce().challenge, state: undefined })}`,
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('shows the page again, with an error, when no account or a foreign account is chosen', async () => {
    const page = await consentPage({ code_challenge: pkce().challenge });
    const none = await answer([
      ['request', page.requestId],
      ['decision', 'allow'],
    ]);
    expect(none.status).toBe(400);
    expect(none.headers.location).toBeUndefined();
    expect(none.text).toContain('role="alert"');
    expect(none.text).toContain('Choose at least one ad account');
    expect(none.text).toContain(`value="${page.requestId}"`);

    const stranger = await consentPage({ code_challenge: pkce().challenge, login_hint: 'stranger' });
    const foreign = await answer([
      ['request', page.requestId],
      ['decision', 'allow'],
      ['accounts', stranger.accounts[0]!],
    ]);
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('Choose only among the ad accounts listed here');

    const fixed = await answer([
      ['request', page.requestId],
      ['decision', 'allow'],
      ['accounts', page.accounts[0]!],
    ]);
    expect(fixed.status).toBe(303);
  });

  it('uses each authorization request once, and refuses unknown or malformed answers', async () => {
    const page = await consentPage({ code_challenge: pkce().challenge });
    const fields: [string, string][] = [
      ['request', page.requestId],
      ['decision', 'allow'],
      ['accounts', page.accounts[0]!],
    ];
    const [first, second] = await Promise.all([answer(fields), answer(fields)]);
    expect([first.status, second.status].sort()).toEqual([303, 400]);
    const again = await answer(fields);
    expect(again.status).toBe(400);
    expect(again.headers.location).toBeUndefined();
    expect(again.text).toContain('expired or was already answered');

    for (const bad of [
      [
        ['request', randomToken(16)],
        ['decision', 'allow'],
      ],
      [
        ['request', 'x'],
        ['decision', 'allow'],
      ],
      [['decision', 'allow']],
      [
        ['request', page.requestId],
        ['decision', 'maybe'],
      ],
      [
        ['request', page.requestId],
        ['request', page.requestId],
        ['decision', 'allow'],
      ],
    ] as [string, string][][]) {
      const res = await answer(bad);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('escapes the login hint in the page', async () => {
    const login = '<img src=x onerror=alert(1)>';
    const page = await consentPage({ code_challenge: pkce().challenge, login_hint: login });
    expect(page.res.text).not.toContain(login);
    expect(page.res.text).toContain('Signed in as &lt;img src=x onerror=alert(1)&gt;');
    const grant = await connect({ login });
    const me = await api('/me', grant.tokens.access_token);
    expect(me.body.name).toBe(login);
  });

  it('refuses a wrong code_verifier with invalid_grant, and the code is then spent', async () => {
    const grant = await authorize();
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const right = await tokenRequest({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: REDIRECT,
      code_verifier: grant.verifier,
    });
    expect(right.body.error).toBe('invalid_grant');
  });

  it.each([
    ['a different redirect_uri', { redirect_uri: `${REDIRECT}?x=1` }, 'invalid_grant'],
    ['a malformed code_verifier', { code_verifier: 'too-short' }, 'invalid_request'],
    ['no code_verifier', { code_verifier: undefined }, 'invalid_request'],
    ['no code', { code: undefined }, 'invalid_request'],
    ['an unknown code', { code: randomToken(32) }, 'invalid_grant'],
  ])('refuses an exchange with %s', async (_name, change, error) => {
    const grant = await authorize();
    const fields = Object.fromEntries(
      Object.entries({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: REDIRECT,
        code_verifier: grant.verifier,
        ...change,
      }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const res = await tokenRequest(fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a code issued to another client', async () => {
    const grant = await authorize();
    const res = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: REDIRECT,
        code_verifier: grant.verifier,
      },
      basic(OTHER),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('lets exactly one of two concurrent exchanges of a code succeed, and the replay revokes its tokens', async () => {
    const grant = await authorize();
    const fields = {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: REDIRECT,
      code_verifier: grant.verifier,
    };
    const results = await Promise.all([tokenRequest(fields), tokenRequest(fields)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 400)!;
    issued.push(winner.body.access_token, winner.body.refresh_token);
    expect(loser.body.error).toBe('invalid_grant');
    expect((await api('/me', winner.body.access_token)).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: winner.body.refresh_token,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('revokes the tokens of a code when the code is replayed later', async () => {
    const grant = await connect();
    expect((await api('/me', grant.tokens.access_token)).status).toBe(200);
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: REDIRECT,
      code_verifier: grant.verifier,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await api('/me', grant.tokens.access_token)).status).toBe(401);
  });

  it('lets a code expire after 60 seconds', async () => {
    const grant = await authorize();
    clockOffset = 61_000;
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: REDIRECT,
      code_verifier: grant.verifier,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringContaining('expired'),
    });
  });

  it.each([
    ['a wrong secret (basic)', { authorization: basic(CLIENT, 'wrong-secret') }],
    ['an unknown client (basic)', { authorization: basic({ id: 'nobody', secret: 'x' }) }],
    ['a wrong secret (post)', { client_id: CLIENT.id, client_secret: 'wrong-secret' }],
    ['no client authentication', {}],
    ['a client_id alone', { client_id: CLIENT.id }],
    ['a malformed Basic header', { authorization: 'Basic !!!' }],
  ])('answers 401 invalid_client to %s', async (_name, auth) => {
    const grant = await authorize();
    const { authorization, ...fields } = auth as Record<string, string>;
    const res = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: REDIRECT,
        code_verifier: grant.verifier,
        ...fields,
      },
      authorization ?? null,
    );
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });

  it('refuses two client authentication methods at once, and bad token requests', async () => {
    const both = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_secret: CLIENT.secret,
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');

    const unsupported = await tokenRequest({ grant_type: 'password', username: 'a', password: 'b' });
    expect(unsupported.body.error).toBe('unsupported_grant_type');
    const missing = await tokenRequest({});
    expect(missing.body.error).toBe('invalid_request');
    const repeated = await http
      .post('/sandbox/oauth/token')
      .set('Authorization', basic(CLIENT))
      .type('form')
      .send('grant_type=refresh_token&refresh_token=a&refresh_token=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('invalid_request');
    const json = await http
      .post('/sandbox/oauth/token')
      .set('Authorization', basic(CLIENT))
      .send({ grant_type: 'refresh_token', refresh_token: 'a' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
  });

  it('rotates refresh tokens and revokes the grant when an old one is reused', async () => {
    const grant = await connect();
    const first = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token,
    });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.refresh_token).not.toBe(grant.tokens.refresh_token);
    expect(first.body.access_token).not.toBe(grant.tokens.access_token);
    issued.push(first.body.access_token, first.body.refresh_token);
    const second = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    expect(second.status).toBe(200);
    issued.push(second.body.access_token, second.body.refresh_token);
    expect((await api('/me', second.body.access_token)).status).toBe(200);

    const reuse = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await api('/me', second.body.access_token)).status).toBe(401);
    const newest = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
    });
    expect(newest.body.error).toBe('invalid_grant');
  });

  it('narrows the scope on refresh but never widens it', async () => {
    const grant = await connect({ scope: 'ads_read' });
    expect(grant.tokens.scope).toBe('ads_read');
    const wider = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token,
      scope: 'ads_read ads_management',
    });
    expect(wider.body.error).toBe('invalid_scope');
    const same = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token,
      scope: 'ads_read',
    });
    expect(same.status).toBe(200);
    expect(same.body.scope).toBe('ads_read');
    issued.push(same.body.access_token, same.body.refresh_token);
  });

  it('refuses a refresh token presented by another client', async () => {
    const grant = await connect();
    const res = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: grant.tokens.refresh_token },
      basic(OTHER),
    );
    expect(res.body.error).toBe('invalid_grant');
    const owner = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token,
    });
    expect(owner.status).toBe(200);
    issued.push(owner.body.access_token, owner.body.refresh_token);
  });

  it('revokes access tokens and refresh tokens (RFC 7009)', async () => {
    const revoke = (fields: Record<string, string>, auth: string | null = basic(CLIENT)) => {
      const req = http.post('/sandbox/oauth/revoke').type('form');
      if (auth) req.set('Authorization', auth);
      return req.send(new URLSearchParams(fields).toString());
    };
    const grant = await connect();
    const access = await revoke({ token: grant.tokens.access_token, token_type_hint: 'access_token' });
    expect(access.status).toBe(200);
    expect((await api('/me', grant.tokens.access_token)).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: grant.tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    issued.push(refreshed.body.access_token, refreshed.body.refresh_token);

    expect(
      (await revoke({ token: refreshed.body.refresh_token, token_type_hint: 'refresh_token' })).status,
    ).toBe(200);
    expect((await api('/me', refreshed.body.access_token)).status).toBe(401);
    const after = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
    });
    expect(after.body.error).toBe('invalid_grant');

    expect((await revoke({ token: 'sbx_rt_unknown' })).status).toBe(200);
    expect((await revoke({ token: 'x', token_type_hint: 'something_else' })).status).toBe(200);
    expect((await revoke({ token: 'x' }, basic(CLIENT, 'wrong'))).status).toBe(401);
    const missing = await revoke({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');

    const other = await connect();
    expect((await revoke({ token: other.tokens.refresh_token }, basic(OTHER))).status).toBe(200);
    expect((await api('/me', other.tokens.access_token)).status).toBe(200);
  });

  it('answers 401 invalid_token with WWW-Authenticate once an access token has expired', async () => {
    const shortLived = sandbox({ accessTokenTtlSeconds: 1 });
    const grant = await connect({ client: shortLived });
    expect((await api('/me', grant.tokens.access_token, shortLived)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await api('/me', grant.tokens.access_token, shortLived);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_token');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="sandbox", error="invalid_token"');
  });

  it('stores no code or token in plain text, and logs none', async () => {
    expect(issued.length).toBeGreaterThan(20);
    let keys = 0;
    for await (const key of kv.scan(`${prefix}sandbox:`)) {
      keys++;
      let values: string[];
      try {
        values = [(await kv.get(key)) ?? ''];
      } catch {
        values = await kv.zrangeLex(key, { limit: 10_000 });
      }
      for (const secret of issued) {
        expect(key).not.toContain(secret);
        for (const value of values) expect(value).not.toContain(secret);
      }
    }
    expect(keys).toBeGreaterThan(0);
    const logged = logs.join('');
    expect(logged).toContain('grant revoked');
    for (const secret of [...issued, CLIENT.secret, OTHER.secret]) expect(logged).not.toContain(secret);
  });
});
