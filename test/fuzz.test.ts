import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.js';
import {
  type Company,
  connectSandbox,
  enter,
  newCustomer,
  newLink,
  vendorWith,
} from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';
import { VendorClient } from './support/vendor-client.js';

/**
 * Every route of the vendor API, the hosted flow, the integrations pages and the sandbox, driven with
 * generated valid, boundary and hostile input: no answer may be a 5xx, and every JSON error of adlink's
 * own API follows the error model, naming the parameter where one is at fault. The cases come from a
 * fixed seed (FUZZ_SEED overrides it, FUZZ_RUNS the count), printed with any failure to replay it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const CONCURRENCY = 8;

type Area = 'api' | 'hosted' | 'integrations' | 'sandbox';
interface Route {
  method: string;
  path: string;
  area: Area;
}

const ROUTES: Route[] = [
  ...(
    [
      ['GET', '/customers'],
      ['POST', '/customers'],
      ['GET', '/customers/:customer'],
      ['DELETE', '/customers/:customer'],
      ['GET', '/customers/:customer/platforms'],
      ['POST', '/customers/:customer/access_tokens'],
      ['GET', '/customers/:customer/access_tokens'],
      ['DELETE', '/customers/:customer/access_tokens/:adset'],
      ['GET', '/customers/:customer/connect'],
      ['DELETE', '/customers/:customer/connect/sessions'],
      ['GET', '/customers/:customer/connections'],
      ['PUT', '/customers/:customer/connections/:platform'],
      ['DELETE', '/customers/:customer/connections/:platform'],
      ['POST', '/sessions/introspect'],
      ['GET', '/.well-known/jwks.json'],
      ['GET', '/company/settings'],
      ['PUT', '/company/settings'],
      ['POST', '/company/signing_secrets'],
      ['GET', '/connect/attempts'],
      ['GET', '/v1/:platform/adsets'],
      ['POST', '/v1/:platform/adsets'],
      ['GET', '/v1/:platform/adsets/:adset'],
      ['PUT', '/v1/:platform/adsets/:adset'],
      ['DELETE', '/v1/:platform/adsets/:adset'],
      ['GET', '/v1/:platform/advertisers'],
      ['GET', '/v1/:platform/campaigns'],
      ['POST', '/v1/:platform/campaigns'],
      ['GET', '/v1/:platform/campaigns/:campaign'],
      ['PUT', '/v1/:platform/campaigns/:campaign'],
      ['DELETE', '/v1/:platform/campaigns/:campaign'],
      ['GET', '/v1/:platform/ads'],
      ['POST', '/v1/:platform/ads'],
      ['GET', '/v1/:platform/ads/:ad'],
      ['PUT', '/v1/:platform/ads/:ad'],
      ['DELETE', '/v1/:platform/ads/:ad'],
      ['GET', '/v1/:platform/media'],
      ['POST', '/v1/:platform/media'],
      ['GET', '/v1/:platform/identities'],
      ['GET', '/v1/:platform/audiences'],
      ['POST', '/v1/:platform/audiences'],
      ['GET', '/v1/:platform/audiences/:adset'],
      ['PUT', '/v1/:platform/audiences/:adset'],
      ['DELETE', '/v1/:platform/audiences/:adset'],
      ['POST', '/v1/:platform/audiences/:adset/members'],
      ['DELETE', '/v1/:platform/audiences/:adset/members'],
      ['GET', '/v1/:platform/audiences/:adset/jobs/:adset'],
      ['GET', '/campaigns'],
      ['GET', '/reports'],
      ['GET', '/reports/:adset'],
      ['GET', '/v1/:platform/adsets/:adset/report'],
      ['GET', '/v1/:platform/campaigns/:campaign/report'],
      ['PATCH', '/customers'],
      ['GET', '/nope/:customer'],
    ] as const
  ).map(([method, path]) => ({ method, path, area: 'api' as const })),
  ...(
    [
      ['GET', '/connections'],
      ['POST', '/connections/session'],
      ['POST', '/connections/:platform/start'],
      ['GET', '/connections/:platform/accounts'],
      ['POST', '/connections/:platform/accounts'],
      ['GET', '/connections/oauth/:platform/callback'],
      ['GET', '/connections/done'],
      ['GET', '/connections/finish'],
      ['POST', '/connections/finish'],
    ] as const
  ).map(([method, path]) => ({ method, path, area: 'hosted' as const })),
  ...(
    [
      ['GET', '/integrations'],
      ['GET', '/integrations/login'],
      ['POST', '/integrations/login'],
      ['POST', '/integrations/logout'],
      ['GET', '/integrations/tokens'],
      ['POST', '/integrations/tokens'],
      ['POST', '/integrations/tokens/:adset/revoke'],
      ['GET', '/integrations/redirect-uris'],
      ['POST', '/integrations/redirect-uris'],
      ['POST', '/integrations/redirect-uris/remove'],
      ['POST', '/integrations/redirect-uris/default'],
      ['GET', '/integrations/platforms'],
      ['POST', '/integrations/platforms'],
      ['POST', '/integrations/platforms/:platform/app'],
      ['POST', '/integrations/platforms/:platform/app/remove'],
      ['GET', '/integrations/branding'],
      ['POST', '/integrations/branding'],
      ['POST', '/integrations/branding/logo'],
      ['GET', '/integrations/customers'],
      ['GET', '/integrations/customers/:customer'],
      ['POST', '/integrations/customers/:customer/connect-link'],
      ['GET', '/integrations/customers/:customer/access-tokens/:adset/revoke'],
      ['POST', '/integrations/customers/:customer/access-tokens/:adset/revoke'],
      ['GET', '/integrations/activity'],
      ['POST', '/integrations/signing-secret'],
      ['GET', '/brand/:customer/logo'],
      ['GET', '/brand/:customer/theme.css'],
    ] as const
  ).map(([method, path]) => ({ method, path, area: 'integrations' as const })),
  ...(
    [
      ['GET', '/sandbox/.well-known/oauth-authorization-server'],
      ['GET', '/sandbox/oauth/authorize'],
      ['POST', '/sandbox/oauth/authorize'],
      ['POST', '/sandbox/oauth/token'],
      ['POST', '/sandbox/oauth/revoke'],
      ['GET', '/sandbox/api/v1/me'],
      ['GET', '/sandbox/api/v1/me/ad_accounts'],
      ['GET', '/sandbox/api/v1/ad_accounts/:adset/campaigns'],
      ['POST', '/sandbox/api/v1/ad_accounts/:adset/campaigns'],
      ['GET', '/sandbox/api/v1/campaigns/:adset'],
      ['PATCH', '/sandbox/api/v1/campaigns/:adset'],
      ['DELETE', '/sandbox/api/v1/campaigns/:adset'],
      ['GET', '/sandbox/api/v1/ad_accounts/:adset/adsets'],
      ['POST', '/sandbox/api/v1/ad_accounts/:adset/adsets'],
      ['GET', '/sandbox/api/v1/adsets/:adset'],
      ['PATCH', '/sandbox/api/v1/adsets/:adset'],
      ['DELETE', '/sandbox/api/v1/adsets/:adset'],
      ['GET', '/sandbox/api/v1/ad_accounts/:adset/ads'],
      ['POST', '/sandbox/api/v1/adsets/:adset/ads'],
      ['GET', '/sandbox/api/v1/ads/:adset'],
      ['PATCH', '/sandbox/api/v1/ads/:adset'],
      ['DELETE', '/sandbox/api/v1/ads/:adset'],
      ['GET', '/sandbox/api/v1/ad_accounts/:adset/images'],
      ['POST', '/sandbox/api/v1/ad_accounts/:adset/images'],
      ['GET', '/sandbox/api/v1/ad_accounts/:adset/profiles'],
      ['POST', '/sandbox/api/v1/ad_accounts/:adset/reports'],
      ['GET', '/sandbox/api/v1/reports/:adset'],
    ] as const
  ).map(([method, path]) => ({ method, path, area: 'sandbox' as const })),
];

/** Names the routes read, so generated input reaches past "unknown parameter". */
const KNOWN_NAMES = [
  'name',
  'customer',
  'platform',
  'platforms',
  'limit',
  'cursor',
  'status',
  'childResources',
  'dismissDatabase',
  'redirect_uri',
  'redirect_uris',
  'default_redirect_uri',
  'expires_in',
  'token',
  'advertiser',
  'parentId',
  'channelKind',
  'settings',
  'targetings',
  'adSetId',
  'campaignId',
  'creative',
  'file',
  'emails',
  'phones',
  'sha256',
  'description',
  'code',
  'state',
  'iss',
  'error',
  'error_description',
  'grant_type',
  'client_id',
  'client_secret',
  'code_verifier',
  'refresh_token',
  'response_type',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'login_hint',
  '_csrf',
  'offer',
  'starting_after',
  'ending_before',
  'q',
  'decision',
  'accounts',
  'account',
  'advertisers',
  'request',
  'display_name',
  'accent',
  'developer_token',
  'uri',
  'campaign_id',
  'budget',
  'expand',
  'campaignId',
  'kind',
  'start',
  'end',
  'currency',
  'objective',
  'keywords',
  'zipcodes',
  'include',
  'exclude',
  'audiences',
  'start_time',
  'end_time',
  'targeting',
  'scope',
  'tokens',
  'revoked',
  'level',
  'from',
  'to',
  'granularity',
  'adset',
  'since',
  'until',
  'time_increment',
  'adset_id',
];

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'true',
    'null',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    'prototype',
    '%',
    '%ZZ',
    '%00',
    '..',
    '../..',
    '\u202eevil',
    '\ud800',
    '\udfff',
    'a\u0000b',
    '<script>alert(1)</script>',
    '"\'`',
    'Running',
    'Paused',
    'Deleted',
    'Ad,Targeting',
    'sandbox',
    'meta',
    'https://evil.example/cb',
    'http://localhost/cb',
    'javascript:alert(1)',
    '[{"kind":"DailyBudget","budget":5,"currency":"USD"}]',
    '[{"kind":"GeoTargeting","type":"ZipcodeGeoTargeting","zipcodes":[{"country":"US","zipcode":"1"}]}]',
    '[{"kind":"Runtime","start":"2031-01-01T00:00:00+01:00","end":"2031-02-01T00:00:00Z"}]',
    '[{"kind":"Runtime","start":"2020-01-01T00:00:00Z"}]',
    '[{"kind":"TotalBudget","budget":5,"currency":"EUR"}]',
    '[{"kind":"KeywordTargeting","keywords":[]}]',
    '[{"kind":"AudienceTargeting","include":["aud_x"],"exclude":["aud_x"]}]',
    '[{"kind":"AudienceTargeting","include":[],"exclude":["123"]}]',
    '[{"kind":"DailyBudget","budget":40,"currency":"USD","shared":true}]',
    'TRAFFIC',
    'AWARENESS',
    '2031-01-01T00:00:00+01:00',
    'adset',
    'ad',
    'day',
    'total',
    'DAILY',
    'AD',
    new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
    '2019-02-29',
    'x'.repeat(5000),
    '😀'.repeat(300),
    '\r\nSet-Cookie: x=1',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.uuid(),
);

const paramName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_NAMES) },
  { weight: 1, arbitrary: hostileText },
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(paramName, tie('value'), { maxKeys: 5 }),
  ),
})).value;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; duplicateKey: boolean }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'raw'; text: string }
  | { kind: 'huge' };

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({
    kind: fc.constant('json' as const),
    value: fc.oneof({ weight: 3, arbitrary: fc.dictionary(paramName, jsonValue, { maxKeys: 8 }) }, jsonValue),
    duplicateKey: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('form' as const),
    fields: fc.array(fc.tuple(paramName, hostileText), { maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(hostileText, fc.constant('{"a":'), fc.constant('--x\r\n')),
  }),
  fc.constant({ kind: 'huge' as const }),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  '*/*',
  'application/json; charset=nope',
);

const contentEncoding = fc.constantFrom(
  undefined,
  undefined,
  undefined,
  'gzip',
  'gzip-real',
  'deflate',
  'br',
  'identity',
  'compress',
  'gzip, br',
  'x-unknown',
);

const caseArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  segments: fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('real') },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: hostileText },
    ),
    { minLength: 3, maxLength: 3 },
  ),
  query: fc.array(fc.tuple(paramName, hostileText), { maxLength: 6 }),
  body,
  contentType,
  contentEncoding,
  auth: fc.constantFrom('valid', 'valid', 'valid', 'missing', 'wrong', 'other', 'read', 'write'),
  cookies: fc.boolean(),
  origin: fc.constantFrom('ours', 'ours', 'none', 'evil', 'null'),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

describe('fuzz: every route with generated input', () => {
  let h: Harness;
  let vendor: Company;
  let other: Company;
  let customers: string[];
  /** Ad sets of the first customer, the one connected to the sandbox. */
  let adSetIds: string[];
  let campaignIds: string[];
  let adIds: string[];
  /** Access tokens of the connected customer. */
  let access: Record<'read' | 'write', string>;
  let flowCookie: string;
  let integrations: VendorClient;

  beforeAll(async () => {
    h = await startHarness();
    vendor = await vendorWith(h, 'Fuzz Co', ['https://vendor.example/cb']);
    other = await vendorWith(h, 'Other Co');
    customers = [];
    for (let i = 0; i < 5; i++) customers.push(await newCustomer(h, vendor, `Fuzz ${i}`));
    // The company's own ad accounts (its built-in customer) are a customer path too.
    customers.push('own');
    const browser = new FlowClient(h.baseUrl);
    await enter(browser, (await newLink(h, vendor, customers[0]!)).connect_url);
    await connectSandbox(h, browser);
    const listed = await fetch(`${h.baseUrl}/v1/sandbox/adsets?customer=${customers[0]}&limit=20`, {
      headers: { Authorization: vendor.auth },
    });
    adSetIds = ((await listed.json()) as { data: { id: string }[] }).data.map((a) => a.id);
    const campaigns = await fetch(`${h.baseUrl}/campaigns?customer=${customers[0]}&platform=sandbox`, {
      headers: { Authorization: vendor.auth },
    });
    campaignIds = ((await campaigns.json()) as { data: { id: string }[] }).data.map((c) => c.id);
    const ads = await fetch(`${h.baseUrl}/v1/sandbox/ads?customer=${customers[0]}&limit=20`, {
      headers: { Authorization: vendor.auth },
    });
    adIds = ((await ads.json()) as { data: { id: string }[] }).data.map((a) => a.id);
    access = { read: '', write: '' };
    for (const scope of ['read', 'write'] as const) {
      const res = await h.http
        .post(`/customers/${customers[0]}/access_tokens`)
        .set('Authorization', vendor.auth)
        .send({ scope });
      access[scope] = `Bearer ${res.body.token}`;
    }
    flowCookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    integrations = await VendorClient.signIn(h, (await h.company('Fuzz pages')).id);
    await integrations.page('/integrations/tokens');
  });
  afterAll(async () => {
    await h?.close();
  });

  function request(c: Case): { url: string; init: RequestInit } {
    let i = 0;
    const path = c.route.path.replace(/:([a-z]+)/g, (_m, name: string) => {
      const choice = c.segments[i++ % c.segments.length]!;
      if (choice === 'real') {
        if (name === 'platform') return 'sandbox';
        if (name === 'adset' && c.route.area === 'api') return adSetIds[i % adSetIds.length]!;
        if (name === 'campaign') return campaignIds[i % campaignIds.length]!;
        if (name === 'ad') return adIds[i % adIds.length]!;
        return customers[i % customers.length]!;
      }
      // Hostile segments are sent as given where URL syntax allows it (malformed escapes included).
      return /^[\x21-\x7e]*$/.test(choice) && !/[/?#]/.test(choice) ? choice : encode(choice);
    });
    const url = new URL(`${h.baseUrl}${path}`);
    const query = c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`);
    // An access token acts for its own customer without naming one.
    if (
      c.route.area === 'api' &&
      c.route.path.includes(':platform') &&
      c.auth !== 'read' &&
      c.auth !== 'write' &&
      !query.some((q) => q.startsWith('customer='))
    ) {
      // Routes of ad sets, campaigns, ads, images and identities act for the connected customer, so that their input reaches the platform.
      const connected = ['/adsets', '/campaigns', '/ads', '/media', '/identities', '/audiences'].some((p) =>
        c.route.path.includes(p),
      );
      query.push(`customer=${customers[connected ? 0 : 1]}`);
    }
    const headers: Record<string, string> = {};
    if (c.auth !== 'missing') {
      headers.Authorization =
        c.auth === 'valid'
          ? vendor.auth
          : c.auth === 'other'
            ? other.auth
            : c.auth === 'read' || c.auth === 'write'
              ? access[c.auth]
              : 'Bearer adl_live_wrongwrongwrong';
    }
    if (c.cookies) {
      headers.Cookie = c.route.area === 'integrations' ? integrationCookie() : flowCookie;
      if (c.route.area === 'integrations' && integrations.csrf) c.query.push(['_csrf', integrations.csrf]);
    }
    if (c.origin !== 'none')
      headers.Origin =
        c.origin === 'ours' ? h.baseUrl : c.origin === 'null' ? 'null' : 'https://evil.example';
    let payload: Buffer | undefined;
    switch (c.body.kind) {
      case 'json': {
        let text = JSON.stringify(c.body.value) ?? 'null';
        if (c.body.duplicateKey && text.startsWith('{"')) text = `{"name":"dup",${text.slice(1)}`;
        payload = Buffer.from(text);
        headers['Content-Type'] = 'application/json';
        break;
      }
      case 'form':
        payload = Buffer.from(new URLSearchParams(c.body.fields).toString());
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        break;
      case 'raw':
        payload = Buffer.from(c.body.text);
        break;
      case 'huge':
        payload = Buffer.from(`{"name":"${'x'.repeat(300_000)}"}`);
        headers['Content-Type'] = 'application/json';
        break;
    }
    if (c.contentType !== undefined && c.body.kind !== 'none') headers['Content-Type'] = c.contentType;
    if (payload && c.contentEncoding) {
      headers['Content-Encoding'] = c.contentEncoding === 'gzip-real' ? 'gzip' : c.contentEncoding;
      if (c.contentEncoding === 'gzip-real') payload = gzipSync(payload);
    }
    url.search = query.join('&');
    const method = c.route.method;
    return {
      url: url.href,
      init: {
        method,
        headers,
        redirect: 'manual',
        ...(payload && method !== 'GET' && method !== 'HEAD' ? { body: payload } : {}),
      },
    };
  }

  /** Percent-encodes, sending a lone surrogate as the invalid UTF-8 bytes it would be. */
  const encode = (text: string) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
    }
  };

  const integrationCookie = () => [...integrations.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** What is wrong with an answer, or null. */
  function problem(c: Case, status: number, type: string, text: string): string | null {
    if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
    if (c.route.area !== 'api' || status < 400 || !type.startsWith('application/json')) return null;
    let error: Record<string, unknown>;
    try {
      error = (JSON.parse(text) as { error: Record<string, unknown> }).error;
    } catch {
      return 'an API error that is not JSON';
    }
    if (typeof error !== 'object' || error === null) return 'no error object';
    const code = error.code as keyof typeof ERROR_CODES;
    if (!(code in ERROR_CODES)) return `unknown error code ${String(code)}`;
    if (ERROR_CODES[code].status !== status) return `${code} answered with ${status}`;
    if (error.type !== ERROR_CODES[code].type || typeof error.message !== 'string') return 'malformed error';
    if (typeof error.request_id !== 'string') return 'no request_id';
    const paramAtFault = code === 'unknown_parameter' || code === 'parameter_repeated';
    if (paramAtFault && typeof error.param !== 'string') return `${code} without param`;
    return null;
  }

  it(`answers ${RUNS} generated requests without a 5xx, every API error in the error model`, async () => {
    const cases = fc.sample(caseArb, { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const index = next++;
        const c = cases[index]!;
        const { url, init } = request(c);
        let res: Response;
        try {
          res = await fetch(url, init);
        } catch (err) {
          failures.push(`#${index} ${init.method} ${url}: no answer (${(err as Error).message})`);
          continue;
        }
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const found = problem(c, res.status, res.headers.get('content-type') ?? '', text);
        if (found) {
          const headers = init.headers as Record<string, string>;
          failures.push(
            `#${index} ${init.method} ${url} [${headers['Content-Type'] ?? ''} ${headers['Content-Encoding'] ?? ''}]: ${found}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, count]) => n + count, 0);
    console.log(
      `fuzz: ${cases.length} requests (seed ${SEED}), 5xx seen: ${fivexx}, statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(
      failures.slice(0, 20),
      `seed ${SEED} (FUZZ_SEED=${SEED} replays it); ${failures.length} failures`,
    ).toEqual([]);
  }, 600_000);
});
