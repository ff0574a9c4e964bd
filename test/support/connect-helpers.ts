import { createHmac } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import { decodeJwt, type JWTHeaderParameters, type JWTPayload, SignJWT } from 'jose';
import { expect } from 'vitest';
import type { SigningKey } from '../../src/crypto/keys.js';
import { RedisKv } from '../../src/store/redis-kv.js';
import { decodeHtml, FlowClient, location } from './flow-client.js';
import { type Harness, TEST_ENCRYPTION_KEYS, TEST_KEYRING } from './harness.js';

/** Small steps of the hosted connection flow and the checks the connect-*.test.ts files share. */

export type Company = Awaited<ReturnType<Harness['company']>>;
export interface Link {
  connect_url: string;
  expires_at: string;
}

export const sandboxIssuer = (h: Harness) => `${h.baseUrl}/sandbox`;
export const sandboxCallbackUrl = (h: Harness, platform = 'sandbox') =>
  `${h.baseUrl}/connections/oauth/${platform}/callback`;

/** The sandbox client secret the app derives from the first test encryption key (see platforms/registry.ts). */
export const SANDBOX_CLIENT_SECRET = createHmac('sha256', TEST_ENCRYPTION_KEYS[0]!.key)
  .update('adlink sandbox oauth client')
  .digest('base64url');

// ---------------------------------------------------------------------------------------------
// Vendor API

/** A company with a token and, when given, its allowed redirect URIs. */
export async function vendorWith(
  h: Harness,
  name: string,
  redirectUris: string[] = [],
  defaultRedirectUri: string | null = null,
): Promise<Company> {
  const company = await h.company(name);
  if (redirectUris.length > 0) {
    const res = await h.http
      .put('/company/settings')
      .set('Authorization', company.auth)
      .send({ redirect_uris: redirectUris, default_redirect_uri: defaultRedirectUri });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return company;
}

export async function newCustomer(
  h: Harness,
  company: Company,
  name = 'Bakery',
  idempotencyKey?: string,
): Promise<string> {
  const req = h.http.post('/customers').set('Authorization', company.auth);
  if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
  const res = await req.send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

export async function newLink(
  h: Harness,
  company: Company,
  customer: string,
  query: Record<string, string> = {},
): Promise<Link> {
  const res = await h.http
    .get(`/customers/${customer}/connect`)
    .query(query)
    .set('Authorization', company.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Link;
}

/** The token, customer and redirect_uri a connect URL carries. */
export function linkParts(link: Link | string) {
  const url = new URL(typeof link === 'string' ? link : link.connect_url);
  const token = url.searchParams.get('token')!;
  return {
    url,
    customer: url.searchParams.get('customer')!,
    token,
    redirect_uri: url.searchParams.get('redirect_uri') ?? undefined,
    claims: decodeJwt(token),
  };
}

/** The same connect URL with one query parameter replaced (or removed with null). */
export function withParam(connectUrl: string, name: string, value: string | null): string {
  const url = new URL(connectUrl);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.href;
}

/** The `error` object of a vendor API answer. */
export const apiError = (res: { body: unknown }) =>
  (res.body as { error?: { code?: string; param?: string; message?: string } }).error ?? {};

// ---------------------------------------------------------------------------------------------
// The browser's side

/** Landing page → POST → 303 to the overview, as a browser without JavaScript does it. */
export async function enter(browser: FlowClient, connectUrl: string): Promise<Response> {
  const landing = await browser.get(connectUrl);
  expect(landing.status).toBe(200);
  const fields = FlowClient.formFields(await landing.text());
  const redeemed = await browser.post('/connections/session', fields);
  expect(redeemed.status).toBe(303);
  expect(location(redeemed)).toBe('/connections');
  return redeemed;
}

/** POSTs the landing form fields of a link straight away (what the landing page's form sends). */
export function redeem(browser: FlowClient, link: Link | string, headers: Record<string, string> = {}) {
  const { customer, token, redirect_uri } = linkParts(link);
  return browser.post(
    '/connections/session',
    { customer, token, ...(redirect_uri === undefined ? {} : { redirect_uri }) },
    headers,
  );
}

/** The token the flow's forms carry, read from the overview as the browser shows it. */
export async function flowToken(browser: FlowClient): Promise<string> {
  const page = await browser.get('/connections');
  const token = FlowClient.formFields(await page.text()).flow;
  if (!token) throw new Error(`no flow form on the overview (${page.status})`);
  return token;
}

/** The overview's Connect form of a platform, sent: POST …/<platform>/start with the flow's token. */
export async function startAt(
  browser: FlowClient,
  platform = 'sandbox',
  headers: Record<string, string> = {},
) {
  return browser.post(`/connections/${platform}/start`, { flow: await flowToken(browser) }, headers);
}

/** The Done page's Continue form, sent: POST /connections/finish with the flow's token. */
export async function finishVisit(browser: FlowClient): Promise<Response> {
  const done = await browser.get('/connections/done');
  const token = FlowClient.formFields(await done.text()).flow;
  if (!token) throw new Error(`no Continue form on the Done page (${done.status})`);
  return browser.post('/connections/finish', { flow: token });
}

/** POST …/sandbox/start: the sandbox's authorize URL this browser is sent to. */
export async function startSandbox(h: Harness, browser: FlowClient): Promise<URL> {
  const start = await startAt(browser);
  expect(start.status).toBe(303);
  const authorize = new URL(location(start));
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sandboxIssuer(h)}/oauth/authorize`);
  return authorize;
}

/**
 * The user answers the sandbox's consent page, sharing the ad accounts at the indexes `pick` (the first
 * two by default); returns the callback URL the sandbox redirects to (not followed).
 */
export async function consent(
  h: Harness,
  browser: FlowClient,
  authorize: URL,
  decision: 'allow' | 'deny' = 'allow',
  pick = [0, 1],
): Promise<URL> {
  const page = await browser.get(authorize.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields = FlowClient.formFields(html);
  const accounts = [...html.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
  const answer = await browser.post(`${sandboxIssuer(h)}/oauth/authorize`, {
    ...fields,
    decision,
    accounts: pick.map((i) => accounts[i]!),
  });
  expect(answer.status).toBe(303);
  return new URL(location(answer));
}

export interface PendingCallback {
  /** The URL the sandbox sent the browser to, with code, state and iss. */
  url: URL;
  code: string;
  state: string;
  /** The PKCE verifier adlink keeps in the attempt record (read before the callback consumes it). */
  verifier: string;
}

/** Start → consent → the callback URL, not yet delivered. */
export async function reachCallback(h: Harness, browser: FlowClient): Promise<PendingCallback> {
  const authorize = await startSandbox(h, browser);
  const state = authorize.searchParams.get('state')!;
  const attempt = JSON.parse((await h.store.kv.get(h.store.keys.attempt(state)))!) as {
    code_verifier: string;
  };
  const url = await consent(h, browser, authorize, 'allow');
  expect(url.searchParams.get('state')).toBe(state);
  return { url, code: url.searchParams.get('code')!, state, verifier: attempt.code_verifier };
}

/** The ad account ids a "Choose ad accounts" page shows, and those it has checked. */
export function accountChoice(html: string): { offered: string[]; checked: string[] } {
  const boxes = [...html.matchAll(/<input type="checkbox" name="account" value="([^"]+)"( checked)?>/g)];
  return {
    offered: boxes.map((m) => decodeHtml(m[1]!)),
    checked: boxes.filter((m) => m[2]).map((m) => decodeHtml(m[1]!)),
  };
}

/**
 * Where the callback's 303 leads once "Choose ad accounts" (a grant reaching more than one account)
 * is sent with the accounts `pick` keeps of those offered, by default those shown checked.
 */
export async function throughChoice(
  browser: FlowClient,
  callback: Response,
  pick?: (offered: string[]) => string[],
): Promise<string> {
  const next = location(callback);
  if (!/^\/connections\/[a-z]+\/accounts$/.test(next)) return next;
  const page = await browser.get(next);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const { offered, checked } = accountChoice(html);
  const chosen = await browser.post(next, {
    ...FlowClient.formFields(html),
    account: pick ? pick(offered) : checked,
  });
  expect(chosen.status, await chosen.clone().text()).toBe(303);
  return location(chosen);
}

/** A whole connection of the sandbox in this browser's flow, every offered account kept: where it ends. */
export async function connectSandbox(h: Harness, browser: FlowClient): Promise<string> {
  const pending = await reachCallback(h, browser);
  const callback = await browser.get(pending.url.href);
  expect(callback.status).toBe(303);
  const landed = await throughChoice(browser, callback);
  expect(landed).toBe('/connections?connected=sandbox');
  return landed;
}

/** The callback URL with its parameters replaced (null removes one). */
export function callbackWith(url: URL, changes: Record<string, string | null>, path?: string): string {
  const next = new URL(url.href);
  if (path) next.pathname = path;
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.searchParams.delete(name);
    else next.searchParams.set(name, value);
  }
  return next.href;
}

/**
 * Exchanges a code at the sandbox token endpoint as adlink's client would. A 200 proves adlink never
 * exchanged it (the sandbox's codes work once).
 */
export async function exchangeAtSandbox(h: Harness, code: string, verifier: string) {
  const res = await fetch(`${sandboxIssuer(h)}/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`adlink:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: sandboxCallbackUrl(h),
      code_verifier: verifier,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** The status of the sandbox ads API for this access token (200 while its grant lives). */
export async function sandboxApiStatus(h: Harness, accessToken: string): Promise<number> {
  const res = await fetch(`${sandboxIssuer(h)}/api/v1/me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  await res.arrayBuffer();
  return res.status;
}

// ---------------------------------------------------------------------------------------------
// Pages

export const heading = (html: string): string => decodeHtml(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '').trim();

/**
 * Nothing of the server's insides: no stack frames, file paths or exception names. Script nonces are
 * random base64 and may spell `JWS` by chance, so they are left out of the check.
 */
export function expectNoInternals(html: string) {
  expect(html.replace(/ nonce="[^"]*"/g, '')).not.toMatch(
    /node_modules|\/src\/|\.ts:\d+|\.js:\d+|\n\s+at \S+ \(|Error:|SessionTokenError|JWS|JWT[A-Z]/,
  );
}

/**
 * An HTML page of the flow with this status and <h1>: no internals and no cookie set.
 * Returns the HTML for further checks.
 */
export async function expectPage(res: Response, status: number, title: string | RegExp): Promise<string> {
  const html = await res.text();
  expect(res.status, html.slice(0, 400)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
  if (typeof title === 'string') expect(heading(html)).toBe(title);
  else expect(heading(html)).toMatch(title);
  expectNoInternals(html);
  expect(res.headers.getSetCookie()).toEqual([]);
  expect(res.headers.get('location')).toBeNull();
  return html;
}

export function cspDirectives(headers: Headers): Map<string, string[]> {
  const csp = headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Headers every response of the flow carries; `page` adds the rendered-page CSP (a per-response nonce). */
export function expectFlowHeaders(headers: Headers, { page }: { page: boolean }) {
  const csp = cspDirectives(headers);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    expect(scripts).not.toContain(bad);
  }
  if (page) expect(scripts.some((s) => /^'nonce-[A-Za-z0-9+/=]{22,}'$/.test(s))).toBe(true);
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('access-control-allow-origin')).toBeNull();
  expect(headers.get('x-powered-by')).toBeNull();
}

/** Every script on the page is an external file of ours carrying this response's nonce; no inline handlers. */
export function expectOnlyNoncedScripts(html: string, headers: Headers) {
  const nonce = (cspDirectives(headers).get('script-src') ?? [])
    .find((s) => s.startsWith("'nonce-"))
    ?.slice(7, -1);
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    expect(tag).toMatch(/\ssrc="\/[^"/][^"]*"/);
    expect(tag).toContain(`nonce="${nonce}"`);
  }
  expect(html).not.toMatch(/<script\b[^>]*>[^<\s]/i);
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/javascript:/i);
  }
}

/** URLs in src/href/action/formaction/meta refresh that leave our origin. */
export function foreignUrls(html: string, baseUrl: string): string[] {
  const ours = new URL(baseUrl).origin;
  const found = [
    ...[...html.matchAll(/\s(?:src|href|action|formaction|poster|data)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!),
    ...[...html.matchAll(/content="\d+;\s*url=([^"]*)"/gi)].map((m) => m[1]!),
  ];
  return found.map(decodeHtml).filter((value) => {
    try {
      return new URL(value, `${baseUrl}/connections/`).origin !== ours;
    } catch {
      return true;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Session tokens

/** Signs claims as a connect token would be, by default with the app's current key and header. */
export async function signSession(
  claims: JWTPayload,
  header: Partial<JWTHeaderParameters> = {},
  key: SigningKey = TEST_KEYRING.signing[0]!,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'adlink-connect+jwt', ...header })
    .sign(key.privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with `alg: none` and an empty signature. */
export const unsignedToken = (claims: JWTPayload, header: Record<string, unknown> = {}) =>
  `${b64({ alg: 'none', typ: 'adlink-connect+jwt', ...header })}.${b64(claims)}.`;

// ---------------------------------------------------------------------------------------------
// Redis and logs

/** The harness's own Redis client (a server or a cluster), for raw reads its Kv does not offer. */
function withRedis<T>(h: Harness, use: (redis: Redis | Cluster) => Promise<T>): Promise<T> {
  if (!(h.store.kv instanceof RedisKv)) throw new Error('this check needs a harness on Redis');
  return use(h.store.kv.client);
}

export async function keysOf(h: Harness): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of h.store.kv.scan(h.prefix)) keys.push(key);
  return keys.sort();
}

/** Every key under the harness prefix with its whole value as text, whatever the Redis type. */
export async function dumpValues(h: Harness): Promise<Map<string, string>> {
  const keys = await keysOf(h);
  return withRedis(h, async (redis) => {
    const values = new Map<string, string>();
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'set'
            ? (await redis.smembers(key)).join('\n')
            : type === 'zset'
              ? (await redis.zrange(key, 0, -1)).join('\n')
              : type === 'hash'
                ? JSON.stringify(await redis.hgetall(key))
                : type === 'list'
                  ? (await redis.lrange(key, 0, -1)).join('\n')
                  : type === 'none'
                    ? null
                    : `<${type}>`;
      if (value !== null) values.set(key, value);
    }
    return values;
  });
}

/** Namespaces (the key with the prefix removed) that must expire, and those that are durable. */
const EPHEMERAL: [string, RegExp][] = [
  ['session', /^\{co:[^}]+\}:session:[^:]+$/],
  ['session_used', /^\{co:[^}]+\}:session_used:[^:]+$/],
  ['session_index', /^\{co:[^}]+\}:customer:[^:]+:sessions$/],
  ['idem', /^\{co:[^}]+\}:idem:/],
  ['lock', /^\{co:[^}]+\}:lock:/],
  ['flow', /^flow:/],
  ['attempt', /^attempt:/],
  ['rl', /^rl:/],
  ['ledger', /^\{co:[^}]+\}:ledger:[a-z_]+$/],
  ['attempt_log', /^\{co:[^}]+\}:attempt_log:[^:]+$/],
  ['access_token', /^\{co:[^}]+\}:access_token:[^:]+$/],
  ['login', /^login:/],
  ['vendor_session', /^vsess:/],
  ['vendor_session_index', /^\{co:[^}]+\}:vsessions$/],
  ['sandbox', /^sandbox:(authz|code|at|rt|grant|rl):/],
  ['keeper_lease', /^\{keeper\}:lease$/],
  // The sealed bytes of an image a platform takes only inside an ad (Pinterest): a day at most.
  ['media_file', /^\{co:[^}]+\}:media_file:[^:]+:[a-z]+:[^:]+$/],
  ['events', /^\{co:[^}]+\}:(event:[^:]+|events|flow_completed:[^:]+|delivery:[^:]+|deliveries:[^:]+)$/],
];
const DURABLE: RegExp[] = [
  /^companies$/,
  /^tokhash:/,
  /^tokowner:/,
  /^\{co:[^}]+\}:(company|tokens|customers|settings|signing_secrets|attempts)$/,
  /^\{co:[^}]+\}:token:[^:]+(:last_used)?$/,
  /^\{co:[^}]+\}:customer:[^:]+(:platforms|:access_tokens)?$/,
  /^\{co:[^}]+\}:customer_names$/,
  /^\{co:[^}]+\}:(branding|brand_logo|platforms_hidden|oauth_app:[a-z]+)$/,
  /^\{co:[^}]+\}:conn:[^:]+:[a-z]+$/,
  // The ad-set cache: one record per ad set, its indexes (all, per status) and the "filled" mark.
  /^\{co:[^}]+\}:adset:[^:]+:[a-z]+:[^:]+$/,
  /^\{co:[^}]+\}:adsets:[^:]+:[a-z]+(:status:[A-Za-z]+|:filled)?$/,
  // The campaign cache, laid out alike.
  /^\{co:[^}]+\}:campaign:[^:]+:[a-z]+:[^:]+$/,
  /^\{co:[^}]+\}:campaigns:[^:]+:[a-z]+(:status:[A-Za-z]+|:filled)?$/,
  // The ad cache, laid out alike, with each ad set's ad ids.
  /^\{co:[^}]+\}:ad:[^:]+:[a-z]+:[^:]+$/,
  /^\{co:[^}]+\}:ads:[^:]+:[a-z]+(:status:[A-Za-z]+|:filled)?$/,
  /^\{co:[^}]+\}:adset_ads:[^:]+:[a-z]+:[^:]+$/,
  // Images adlink uploaded: their records, an ad account's by content, the list.
  /^\{co:[^}]+\}:(media|media_index):[^:]+:[a-z]+(:[^:]+)?$/,
  /^\{co:[^}]+\}:media_sha:[^:]+:[a-z]+:[^:]+:[0-9a-f]{64}$/,
  /^sandbox:\{sbx:[^}]+\}:/,
  // The token keeper's schedule: connections by renewal time, and each one's entry.
  /^\{keeper\}:(due|at:[^:]+:[^:]+:[a-z]+)$/,
  // Ads whose review was pending when last read, to be read again.
  /^\{keeper\}:reviews$/,
  // Webhook endpoints, and the events queue (BullMQ's keys, its jobs removed once done).
  /^\{co:[^}]+\}:webhook_endpoints$/,
  /^\{webhooks\}:events:/,
];

/**
 * Security plan 2.29: every ephemeral key under the prefix has a TTL > 0, every other key is in a
 * known durable namespace. Returns how many ephemeral keys of each namespace were seen.
 */
export async function sweepTtls(h: Harness): Promise<Record<string, number>> {
  const keys = await keysOf(h);
  const seen: Record<string, number> = {};
  const problems: string[] = [];
  await withRedis(h, async (redis) => {
    for (const key of keys) {
      const name = key.slice(h.prefix.length);
      const ephemeral = EPHEMERAL.find(([, pattern]) => pattern.test(name));
      if (ephemeral) {
        const ttl = await redis.pttl(key);
        if (ttl === -2) continue;
        seen[ephemeral[0]] = (seen[ephemeral[0]] ?? 0) + 1;
        if (!(ttl > 0)) problems.push(`${name}: ttl ${ttl}`);
      } else if (!DURABLE.some((pattern) => pattern.test(name))) {
        problems.push(`${name}: unknown namespace`);
      }
    }
  });
  expect(problems).toEqual([]);
  return seen;
}

/** The app's log records, parsed (one JSON object per line). */
export function logRecords(h: Harness): Record<string, unknown>[] {
  return h.logs
    .join('')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export const countLogs = (h: Harness, msg: string) => logRecords(h).filter((r) => r.msg === msg).length;
