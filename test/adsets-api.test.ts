import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdSetBody,
  AdSetClient,
  expectError,
  formFields,
  type ListBody,
  outcome,
} from './support/adsets-client.js';
import { type Company, newCustomer } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import {
  type DirectGrant,
  directGrant,
  type Json,
  type SandboxAdSet,
  UNIFIED_CHANNEL,
} from './support/sandbox-direct.js';

/**
 * The ad-set API end to end over HTTP against the sandbox platform: every endpoint and parameter,
 * the three body encodings, validation, idempotency, child resources, Mixed channels, updates and
 * deletion, campaigns and advertisers. Each part has its own customer (so its own sandbox data and
 * its own sandbox rate-limit budget).
 */

const AD_SET_KEYS = [
  'advertiser',
  'campaignId',
  'channelKind',
  'id',
  'name',
  'parentId',
  'platform',
  'settings',
  'status',
];
/** January and February of next year: ahead, and standard time in Berlin (+01:00) and New York (-05:00). */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const winter = (day: string, offset: string) => `${NEXT_YEAR}-${day}T00:00:00${offset}`;
const keysOf = (o: object) => Object.keys(o).sort();
/** An ad's fields, as ads and `childResources=Ad` show it. */
const AD_KEYS = [
  'adSetId',
  'advertiser',
  'campaignId',
  'creative',
  'id',
  'name',
  'platform',
  'review',
  'status',
];
const withChildren = (...extra: string[]) => [...AD_SET_KEYS, ...extra].sort();

interface Campaign {
  id: string;
  name: string;
  platform: string;
  status: string;
  advertiser: string;
  objective: string | null;
  channelKind: string | null;
  settings: Record<string, unknown>[];
}

interface Account {
  id: string;
  name: string;
  currency: string;
}

/** A connected customer with a direct grant on the same sandbox data (all three ad accounts). */
interface Scenario {
  client: AdSetClient;
  direct: DirectGrant;
  /** The two connected accounts: EUR then USD. */
  eur: Account;
  usd: Account;
  /** The sandbox user's third ad account, which the customer did not connect. */
  unshared: string;
  campaigns: Campaign[];
}

describe('ad-set API', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    // Short platform timeout: the in-flight idempotency case holds a request on a `hang` fault.
    h = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '1500' } });
    company = await h.company('Ads Vendor');
  });

  afterAll(async () => {
    await h?.close();
  });

  async function scenario(name: string): Promise<Scenario> {
    const customer = await sandboxCustomer(h, company, name);
    const client = new AdSetClient(h, company, customer);
    const direct = await directGrant(h, customer, [0, 1, 2]);
    const advertisers = await client.advertisers();
    expect(advertisers.status, JSON.stringify(advertisers.body)).toBe(200);
    const [eur, usd] = advertisers.body.data as Account[];
    const campaigns = await client.campaigns();
    expect(campaigns.status, JSON.stringify(campaigns.body)).toBe(200);
    return {
      client,
      direct,
      eur: eur!,
      usd: usd!,
      unshared: direct.accounts[2]!,
      campaigns: campaigns.body.data,
    };
  }

  const ok = <T = Json>(res: { status: number; body: unknown }, status = 200): T => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as T;
  };

  /** A running campaign of the account on this channel. */
  const campaignOf = (s: Scenario, account: Account, channelKind: string, status = 'Running') => {
    const found = s.campaigns.find(
      (c) => c.advertiser === account.id && c.channelKind === channelKind && c.status === status,
    );
    if (!found) throw new Error(`no ${status} ${channelKind} campaign in ${account.id}`);
    return found;
  };

  /** A complete, valid create body for the EUR account's running Search campaign. */
  const validBody = (s: Scenario, name = 'Spring — Berlin Mitte') => ({
    name,
    advertiser: s.eur.id,
    parentId: campaignOf(s, s.eur, 'Search').id,
    channelKind: 'Search',
    settings: [
      { kind: 'DailyBudget', budget: 12.5, currency: 'EUR' },
      { kind: 'Objective', objective: 'TRAFFIC' },
      { kind: 'Runtime', start: winter('01-15', '+01:00'), end: winter('02-15', '+01:00') },
    ],
    targetings: [
      { kind: 'KeywordTargeting', keywords: ['sourdough', 'rye bread'] },
      {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [
          { country: 'DE', zipcode: '10115' },
          { country: 'DE', zipcode: '10117' },
        ],
      },
    ],
  });

  const sandboxAdSet = (s: Scenario, id: string): Promise<SandboxAdSet> =>
    s.direct.api.expect(200, 'GET', `/adsets/${id}?expand=ads`);

  const sandboxAdSetsNamed = async (s: Scenario, name: string) =>
    (await s.direct.api.allAdSets(s.eur.id)).filter((a) => a.name === name);

  // -------------------------------------------------------------------------------------------
  describe('scope: customer, platform, connection', () => {
    let s: Scenario;
    let bare: AdSetClient;

    beforeAll(async () => {
      s = await scenario('Scope Bakery');
      bare = new AdSetClient(h, company, await newCustomer(h, company, 'Not connected'));
    });

    const everyEndpoint = (c: AdSetClient, id = 'as_whatever') => [
      c.list(),
      c.get(id),
      c.create(validBody(s)),
      c.put(id, { name: 'x' }),
      c.delete(id),
      c.advertisers(),
    ];

    it('an unknown platform is 404 platform_not_found on every endpoint', async () => {
      const nope = new AdSetClient(h, company, s.client.customer, 'nope');
      for (const res of await Promise.all(everyEndpoint(nope))) {
        expectError(res, 404, 'platform_not_found', 'platform');
      }
    });

    it('a platform the customer has not connected is 409 platform_not_connected on every endpoint', async () => {
      const meta = new AdSetClient(h, company, s.client.customer, 'meta');
      for (const res of await Promise.all([...everyEndpoint(meta), ...everyEndpoint(bare)])) {
        expectError(res, 409, 'platform_not_connected', 'platform');
      }
    });

    it('without customer, the company acts on its own ad accounts; an unknown customer is 404 customer_not_found', async () => {
      const noCustomer = [
        h.http.get('/v1/sandbox/adsets'),
        h.http.get('/v1/sandbox/adsets/as_x'),
        h.http.post('/v1/sandbox/adsets').send(validBody(s)),
        h.http.put('/v1/sandbox/adsets/as_x').send({ name: 'x' }),
        h.http.delete('/v1/sandbox/adsets/as_x'),
        h.http.get('/v1/sandbox/advertisers'),
      ];
      // The company has not connected its own sandbox accounts.
      for (const res of await Promise.all(noCustomer.map((r) => r.set('Authorization', company.auth)))) {
        expectError(res, 409, 'platform_not_connected', 'platform');
      }
      const campaigns = await h.http.get('/campaigns').set('Authorization', company.auth);
      expect(campaigns.status).toBe(200);
      expect(campaigns.body.data).toEqual([]);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const ghost = new AdSetClient(h, company, id);
        for (const res of await Promise.all([...everyEndpoint(ghost), ghost.campaigns()])) {
          expectError(res, 404, 'customer_not_found', 'customer');
        }
      }
    });

    it('needs the company token', async () => {
      const res = await h.http.get('/v1/sandbox/adsets').query({ customer: s.client.customer });
      expectError(res, 401, 'missing_token');
    });

    it('other methods are 405 with Allow', async () => {
      const res = await h.http
        .patch('/v1/sandbox/adsets')
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .send({});
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      const one = await h.http
        .post('/v1/sandbox/adsets/as_x')
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth);
      expectError(one, 405, 'method_not_allowed');
      expect(one.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('advertisers and campaigns', () => {
    let s: Scenario;

    beforeAll(async () => {
      s = await scenario('Campaign Bakery');
    });

    it('advertisers: the connected ad accounts, not the unshared one', async () => {
      const body = ok(await s.client.advertisers());
      const granted = (await s.direct.api.expect(200, 'GET', '/me/ad_accounts')).data as Account[];
      expect(body).toEqual({
        has_more: false,
        data: granted.slice(0, 2).map(({ id, name, currency }) => ({ id, name, currency })),
      });
      expect(body.data.map((a: Account) => a.currency)).toEqual(['EUR', 'USD']);
      expect(body.data.map((a: Account) => a.id)).not.toContain(s.unshared);
      expectError(await s.client.advertisers().query({ limit: 1 }), 400, 'unknown_parameter', 'limit');
    });

    it('campaigns: every campaign of every connected account, mapped, in a stable order', async () => {
      const body = ok<{ has_more: boolean; data: Campaign[] }>(await s.client.campaigns());
      expect(body.has_more).toBe(false);
      expect('next_cursor' in body).toBe(false);
      expect('unavailable' in body).toBe(false);
      const expected: Campaign[] = [];
      for (const account of [s.eur, s.usd]) {
        for (const c of (
          await s.direct.api.expect(200, 'GET', `/ad_accounts/${account.id}/campaigns?limit=100`)
        ).data) {
          expected.push({
            id: c.id,
            name: c.name,
            platform: 'sandbox',
            status: { ACTIVE: 'Running', PAUSED: 'Paused', ARCHIVED: 'Archived' }[c.status as string]!,
            advertiser: account.id,
            objective: c.objective,
            channelKind: UNIFIED_CHANNEL[c.channel as string]!,
            // Seeded campaigns have no schedule; one has a budget shared with others (in minor units).
            settings: c.budget
              ? [
                  {
                    kind: 'DailyBudget',
                    budget: c.budget.amount / 100,
                    currency: c.budget.currency,
                    shared: true,
                  },
                ]
              : [],
          });
        }
      }
      expect(body.data).toEqual(
        expected.sort((a, b) => (`${a.platform}|${a.id}` < `${b.platform}|${b.id}` ? -1 : 1)),
      );
      expect(body.data.length).toBe(6);
      for (const c of body.data) expect(keysOf(c)).toEqual(keysOf(expected[0]!));
    });

    it('campaigns: limit 1 pages through all of them; platform filter; validation', async () => {
      const all = ok<{ data: Campaign[] }>(await s.client.campaigns()).data;
      const seen: Campaign[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const body = ok(await s.client.campaigns({ limit: 1, ...(cursor ? { cursor } : {}) }));
        expect(body.data.length).toBe(1);
        seen.push(...body.data);
        if (!body.has_more) {
          expect('next_cursor' in body).toBe(false);
          break;
        }
        cursor = body.next_cursor;
      }
      expect(seen).toEqual(all);

      expect(ok(await s.client.campaigns({ platform: 'sandbox' })).data).toEqual(all);
      expect(ok(await s.client.campaigns({ platform: 'meta' }))).toEqual({ has_more: false, data: [] });
      const two = ok(await s.client.campaigns({ limit: 2 }));
      expect(two.data).toEqual(all.slice(0, 2));
      expect(ok(await s.client.campaigns({ limit: 4, cursor: two.next_cursor })).data).toEqual(
        all.slice(2, 6),
      );

      expectError(await s.client.campaigns({ platform: 'nope' }), 404, 'platform_not_found', 'platform');
      for (const limit of ['0', '1001', 'abc', '1.5']) {
        expectError(await s.client.campaigns({ limit }), 400, 'invalid_request', 'limit');
      }
      expectError(await s.client.campaigns({ cursor: 'garbage' }), 400, 'invalid_request', 'cursor');
      expectError(await s.client.campaigns({ status: 'Running' }), 400, 'unknown_parameter', 'status');
      const bare = new AdSetClient(h, company, await newCustomer(h, company, 'No platforms'));
      expect(ok(await bare.campaigns())).toEqual({ has_more: false, data: [] });
    });

    it('campaigns: a platform that fails is listed in unavailable, with the error', async () => {
      await s.direct.api.fault('server_error', 1, `/ad_accounts/${s.eur.id}/campaigns`);
      const body = ok(await s.client.campaigns());
      expect(body.data).toEqual([]);
      expect(body.unavailable).toEqual([
        {
          platform: 'sandbox',
          code: 'platform_error',
          message: expect.stringContaining('injected test fault'),
        },
      ]);
      expect(ok(await s.client.campaigns()).data.length).toBe(6);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('create', () => {
    let s: Scenario;

    beforeAll(async () => {
      s = await scenario('Create Bakery');
    });

    it('JSON, URL-encoded and multipart/form-data creates give the same ad set', async () => {
      const body = validBody(s, 'Three encodings');
      const answers = [
        await s.client.create(body),
        await s.client.createForm(body),
        await s.client.createMultipart(body),
      ];
      const created = answers.map((res) => ok<AdSetBody>(res, 201));
      expect(new Set(created.map((c) => c.id)).size).toBe(3);
      for (const c of created) {
        expect(keysOf(c)).toEqual(withChildren('ads', 'targetings'));
        expect(c).toEqual({
          id: expect.stringMatching(/^as_/),
          name: 'Three encodings',
          platform: 'sandbox',
          status: 'Paused',
          advertiser: s.eur.id,
          parentId: body.parentId,
          campaignId: body.parentId,
          channelKind: 'Search',
          settings: body.settings,
          ads: [],
          targetings: body.targetings,
        });
        expect({ ...c, id: 'x' }).toEqual({ ...created[0], id: 'x' });
        // The platform holds what was asked for, budget in minor units.
        const at = await sandboxAdSet(s, c.id);
        expect(at).toMatchObject({
          account_id: s.eur.id,
          campaign_id: body.parentId,
          name: 'Three encodings',
          status: 'PAUSED',
          channel: 'SEARCH',
          budget: { type: 'DAILY', amount: 1250, currency: 'EUR' },
          objective: 'TRAFFIC',
          start_time: winter('01-15', '+01:00'),
          end_time: winter('02-15', '+01:00'),
          targeting: {
            keywords: ['sourdough', 'rye bread'],
            zipcodes: [
              { country: 'DE', zip: '10115' },
              { country: 'DE', zip: '10117' },
            ],
          },
        });
        // The cache has it at once (write-through): a default read shows it, with its children.
        expect(ok(await s.client.get(c.id, { childResources: 'Ad,Targeting' }))).toEqual(c);
      }
    });

    it('status, TotalBudget, another channel and account; Running under a paused campaign is Active', async () => {
      const video = campaignOf(s, s.usd, 'Video');
      const running = ok<AdSetBody>(
        await s.client.create({
          name: 'Brooklyn — video',
          advertiser: s.usd.id,
          parentId: video.id,
          channelKind: 'Video',
          status: 'Running',
          settings: [
            { kind: 'TotalBudget', budget: 1000, currency: 'USD' },
            // The instants in UTC: the answer shows them in the account's time zone (New York).
            { kind: 'Runtime', start: `${NEXT_YEAR}-01-15T05:00:00Z`, end: `${NEXT_YEAR}-02-15T05:00:00Z` },
          ],
          targetings: [
            {
              kind: 'GeoTargeting',
              type: 'ZipcodeGeoTargeting',
              zipcodes: [{ country: 'US', zipcode: '11201' }],
            },
          ],
        }),
        201,
      );
      expect(running).toMatchObject({
        status: 'Running',
        channelKind: 'Video',
        advertiser: s.usd.id,
        // Without an Objective setting the ad set takes its campaign's.
        settings: [
          { kind: 'TotalBudget', budget: 1000, currency: 'USD' },
          { kind: 'Objective', objective: video.objective },
          { kind: 'Runtime', start: winter('01-15', '-05:00'), end: winter('02-15', '-05:00') },
        ],
      });
      expect((await sandboxAdSet(s, running.id)).budget).toEqual({
        type: 'LIFETIME',
        amount: 100_000,
        currency: 'USD',
      });

      const paused = campaignOf(s, s.eur, 'Display', 'Paused');
      const active = ok<AdSetBody>(
        await s.client.create({
          ...validBody(s, 'Stollen — not delivering'),
          parentId: paused.id,
          channelKind: 'Display',
          status: 'Active',
        }),
        201,
      );
      expect(active.status).toBe('Active');
      expect(await sandboxAdSet(s, active.id)).toMatchObject({
        status: 'ACTIVE',
        delivery: 'NOT_DELIVERING',
      });
    });

    it('every validation failure is a 400 naming the field; what the sandbox cannot express is a 400 unsupported_for_platform', async () => {
      const body = validBody(s, 'Never created');
      const omit = (field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
      const budget = (setting: object) => ({ ...body, settings: [setting] });
      const geo = (zipcodes: object[]) => ({
        ...body,
        targetings: [{ kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes }],
      });
      const eurDaily = { kind: 'DailyBudget', budget: 10, currency: 'EUR' };
      const usdCampaign = campaignOf(s, s.usd, 'Mail');
      const cases: [string, object, number, string, string][] = [
        ['no name', omit('name'), 400, 'invalid_request', 'name'],
        ['no advertiser', omit('advertiser'), 400, 'invalid_request', 'advertiser'],
        ['no parentId', omit('parentId'), 400, 'invalid_request', 'parentId'],
        ['no channelKind', omit('channelKind'), 400, 'invalid_request', 'channelKind'],
        ['no settings', omit('settings'), 400, 'invalid_request', 'settings'],
        ['no targetings', omit('targetings'), 400, 'invalid_request', 'targetings'],
        ['empty name', { ...body, name: '  ' }, 400, 'invalid_request', 'name'],
        ['long name', { ...body, name: 'n'.repeat(201) }, 400, 'invalid_request', 'name'],
        ['name not text', { ...body, name: 7 }, 400, 'invalid_request', 'name'],
        ['empty advertiser', { ...body, advertiser: '' }, 400, 'invalid_request', 'advertiser'],
        ['bad channelKind', { ...body, channelKind: 'Radio' }, 400, 'invalid_request', 'channelKind'],
        ['channelKind case', { ...body, channelKind: 'search' }, 400, 'invalid_request', 'channelKind'],
        ['bad status', { ...body, status: 'Live' }, 400, 'invalid_request', 'status'],
        ['settings not a list', { ...body, settings: eurDaily }, 400, 'invalid_request', 'settings'],
        ['budget 0', budget({ ...eurDaily, budget: 0 }), 400, 'invalid_request', 'settings[0].budget'],
        ['budget < 0', budget({ ...eurDaily, budget: -5 }), 400, 'invalid_request', 'settings[0].budget'],
        ['budget text', budget({ ...eurDaily, budget: '10' }), 400, 'invalid_request', 'settings[0].budget'],
        [
          'no budget',
          budget({ kind: 'DailyBudget', currency: 'EUR' }),
          400,
          'invalid_request',
          'settings[0].budget',
        ],
        [
          'currency case',
          budget({ ...eurDaily, currency: 'eur' }),
          400,
          'invalid_request',
          'settings[0].currency',
        ],
        [
          'currency long',
          budget({ ...eurDaily, currency: 'EURO' }),
          400,
          'invalid_request',
          'settings[0].currency',
        ],
        [
          'no currency',
          budget({ kind: 'DailyBudget', budget: 10 }),
          400,
          'invalid_request',
          'settings[0].currency',
        ],
        [
          'decimals EUR',
          budget({ ...eurDaily, budget: 10.001 }),
          400,
          'invalid_request',
          'settings[0].budget',
        ],
        [
          'not the account currency',
          budget({ ...eurDaily, currency: 'USD' }),
          400,
          'invalid_request',
          'settings[0].currency',
        ],
        [
          'currency of 2nd setting',
          {
            ...body,
            settings: [
              { kind: 'Objective', objective: 'X' },
              { ...eurDaily, currency: 'GBP' },
            ],
          },
          400,
          'invalid_request',
          'settings[1].currency',
        ],
        [
          'two budgets',
          { ...body, settings: [eurDaily, { ...eurDaily, kind: 'TotalBudget' }] },
          400,
          'invalid_request',
          'settings',
        ],
        [
          'no budget setting',
          { ...body, settings: [{ kind: 'Objective', objective: 'X' }] },
          400,
          'invalid_request',
          'settings',
        ],
        [
          'unknown setting kind',
          budget({ kind: 'BidCap', amount: 1 }),
          400,
          'invalid_request',
          'settings[0].kind',
        ],
        [
          'setting without kind',
          budget({ budget: 1, currency: 'EUR' }),
          400,
          'invalid_request',
          'settings[0].kind',
        ],
        [
          'unknown setting field',
          budget({ ...eurDaily, pacing: 'fast' }),
          400,
          'unknown_parameter',
          'settings[0].pacing',
        ],
        [
          'empty objective',
          budget({ kind: 'Objective', objective: '' }),
          400,
          'invalid_request',
          'settings[0].objective',
        ],
        [
          'empty keywords',
          { ...body, targetings: [{ kind: 'KeywordTargeting', keywords: [] }] },
          400,
          'invalid_request',
          'targetings[0].keywords',
        ],
        [
          'blank keyword',
          { ...body, targetings: [{ kind: 'KeywordTargeting', keywords: ['ok', ' '] }] },
          400,
          'invalid_request',
          'targetings[0].keywords[1]',
        ],
        [
          'keyword with a control character',
          { ...body, targetings: [{ kind: 'KeywordTargeting', keywords: ['rye\u0007bread'] }] },
          400,
          'invalid_request',
          'targetings[0].keywords[0]',
        ],
        [
          'country case',
          geo([{ country: 'de', zipcode: '10115' }]),
          400,
          'invalid_request',
          'targetings[0].zipcodes[0].country',
        ],
        [
          'country alpha-3',
          geo([{ country: 'DEU', zipcode: '10115' }]),
          400,
          'invalid_request',
          'targetings[0].zipcodes[0].country',
        ],
        [
          'country unassigned',
          geo([
            { country: 'DE', zipcode: '10115' },
            { country: 'ZZ', zipcode: '1' },
          ]),
          400,
          'invalid_request',
          'targetings[0].zipcodes[1].country',
        ],
        ['no zipcodes', geo([]), 400, 'invalid_request', 'targetings[0].zipcodes'],
        [
          'blank zipcode',
          geo([{ country: 'DE', zipcode: ' ' }]),
          400,
          'invalid_request',
          'targetings[0].zipcodes[0].zipcode',
        ],
        [
          'zipcode the sandbox refuses',
          geo([{ country: 'DE', zipcode: '10115!' }]),
          400,
          'invalid_request',
          'targetings[0].zipcodes[0].zipcode',
        ],
        [
          'bad geo type',
          { ...body, targetings: [{ kind: 'GeoTargeting', type: 'RadiusGeoTargeting', zipcodes: [] }] },
          400,
          'invalid_request',
          'targetings[0].type',
        ],
        [
          'unknown targeting kind',
          { ...body, targetings: [{ kind: 'AgeTargeting' }] },
          400,
          'invalid_request',
          'targetings[0].kind',
        ],
        [
          'unknown targeting field',
          { ...body, targetings: [{ kind: 'KeywordTargeting', keywords: ['a'], match: 'exact' }] },
          400,
          'unknown_parameter',
          'targetings[0].match',
        ],
        ['unknown field', { ...body, bid: 1 }, 400, 'unknown_parameter', 'bid'],
        ['id is not settable', { ...body, id: 'as_mine' }, 400, 'unknown_parameter', 'id'],
        [
          'advertiser not connected',
          { ...body, advertiser: s.unshared },
          400,
          'invalid_request',
          'advertiser',
        ],
        ['advertiser unknown', { ...body, advertiser: 'act_nope' }, 400, 'invalid_request', 'advertiser'],
        [
          'parentId of another advertiser',
          { ...body, parentId: usdCampaign.id },
          400,
          'invalid_request',
          'parentId',
        ],
        ['parentId unknown', { ...body, parentId: 'cmp_nope' }, 400, 'invalid_request', 'parentId'],
        ['status Archived', { ...body, status: 'Archived' }, 400, 'unsupported_for_platform', 'status'],
        ['status Deleted', { ...body, status: 'Deleted' }, 400, 'unsupported_for_platform', 'status'],
        [
          'channelKind Mixed',
          { ...body, channelKind: 'Mixed' },
          400,
          'unsupported_for_platform',
          'channelKind',
        ],
      ];
      const before = (await s.direct.api.allAdSets(s.eur.id)).length;
      const seen = [];
      for (const [name, input] of cases) seen.push({ name, ...outcome(await s.client.create(input)) });
      expect(seen).toEqual(cases.map(([name, , status, code, param]) => ({ name, status, code, param })));
      // Not one of them reached the platform as a create.
      expect((await s.direct.api.allAdSets(s.eur.id)).length).toBe(before);
      expect(await sandboxAdSetsNamed(s, 'Never created')).toEqual([]);
    });

    it('body encoding failures: bad JSON, JSON fields of forms, repeated fields, media types', async () => {
      const body = validBody(s, 'Never created');
      const post = () =>
        h.http
          .post('/v1/sandbox/adsets')
          .query({ customer: s.client.customer })
          .set('Authorization', company.auth);
      const form = formFields(body);
      const multipart = (fields: [string, string][]) => {
        let req = post();
        for (const [k, v] of fields) req = req.field(k, v);
        return req;
      };
      const urlencoded = (fields: [string, string][]) =>
        post().type('form').send(new URLSearchParams(fields).toString());
      const entries = Object.entries(form);
      const replace = (name: string, value: string) =>
        entries.map(([k, v]): [string, string] => [k, k === name ? value : v]);

      for (const send of [urlencoded, multipart]) {
        expectError(
          await send(replace('settings', '[{"kind": "DailyBudget",')),
          400,
          'invalid_request',
          'settings',
        );
        expectError(await send(replace('targetings', 'keywords=a')), 400, 'invalid_request', 'targetings');
        expectError(
          await send(replace('settings', '{"kind":"Objective","objective":"X"}')),
          400,
          'invalid_request',
          'settings',
        );
        expectError(
          await send(replace('settings', JSON.stringify([{ kind: 'Bid', amount: 1 }]))),
          400,
          'invalid_request',
          'settings[0].kind',
        );
        expectError(await send([...entries, ['name', 'twice']]), 400, 'parameter_repeated', 'name');
        expectError(
          await send([...entries, ['settings', form.settings!]]),
          400,
          'parameter_repeated',
          'settings',
        );
        expectError(
          await send(entries.filter(([k]) => k !== 'parentId')),
          400,
          'invalid_request',
          'parentId',
        );
        expectError(await send([...entries, ['bid', '1']]), 400, 'unknown_parameter', 'bid');
        expectError(
          await send([...entries, ['status', 'Archived']]),
          400,
          'unsupported_for_platform',
          'status',
        );
      }
      expectError(
        await post().set('Content-Type', 'application/json').send('{"name": "x",'),
        400,
        'invalid_json',
      );
      expectError(await post().set('Content-Type', 'application/json').send('[]'), 400, 'invalid_request');
      expectError(
        await post().set('Content-Type', 'text/plain').send('name=x'),
        415,
        'unsupported_media_type',
        'Content-Type',
      );
      expectError(await post(), 400, 'invalid_request', 'name');
      expect(await sandboxAdSetsNamed(s, 'Never created')).toEqual([]);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('idempotency', () => {
    let s: Scenario;

    beforeAll(async () => {
      s = await scenario('Idempotent Bakery');
    });

    it('the same key and body replays; another body is 422; form and JSON of one body are the same request', async () => {
      const body = validBody(s, 'Replayed once');
      const key = { 'Idempotency-Key': 'create-replay-1' };
      const first = await s.client.create(body, key);
      const created = ok<AdSetBody>(first, 201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await s.client.create(body, key);
      expect(ok(again, 201)).toEqual(created);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const asForm = await s.client.createForm(body).set('Idempotency-Key', 'create-replay-1');
      expect(ok(asForm, 201)).toEqual(created);
      expect(asForm.headers['idempotent-replayed']).toBe('true');
      expectError(
        await s.client.create({ ...body, name: 'Something else' }, key),
        422,
        'idempotency_key_reused',
        'Idempotency-Key',
      );
      expect((await sandboxAdSetsNamed(s, 'Replayed once')).map((a) => a.id)).toEqual([created.id]);
      expect((await sandboxAdSetsNamed(s, 'Something else')).length).toBe(0);
      // The same key on another customer's request is another request.
      const other = new AdSetClient(h, company, await newCustomer(h, company, 'Other'));
      expectError(await other.create(body, key), 422, 'idempotency_key_reused', 'Idempotency-Key');
    });

    it('a rejected request saves nothing under its key; a bad key is 400', async () => {
      const key = { 'Idempotency-Key': 'create-after-400' };
      expectError(await s.client.create({ ...validBody(s), name: '' }, key), 400, 'invalid_request', 'name');
      ok(await s.client.create(validBody(s, 'After a 400'), key), 201);
      expectError(
        await s.client.create(validBody(s), { 'Idempotency-Key': 'k'.repeat(256) }),
        400,
        'invalid_idempotency_key',
        'Idempotency-Key',
      );
    });

    it('while the first request is in flight the key is 409; a 5xx releases it', async () => {
      const body = validBody(s, 'In flight');
      const key = { 'Idempotency-Key': 'create-in-flight' };
      // The platform holds the create; adlink gives up after PLATFORM_TIMEOUT_MS (1.5 s).
      await s.direct.api.fault('hang', 1, `/ad_accounts/${s.eur.id}/adsets`);
      const first = s.client.create(body, key).then((res) => res);
      for (let i = 0; i < 100 && (await s.direct.api.pendingFaults()) > 0; i++) await sleep(20);
      expect(await s.direct.api.pendingFaults()).toBe(0);
      const second = await s.client.create(body, key);
      expectError(second, 409, 'idempotency_key_in_use', 'Idempotency-Key');
      expect(second.headers['retry-after']).toBe('1');
      expectError(await first, 504, 'platform_timeout');
      // Nothing was created (the sandbox drops a request whose client went away), so a retry creates.
      expect(await sandboxAdSetsNamed(s, 'In flight')).toEqual([]);
      const retry = await s.client.create(body, key);
      const created = ok<AdSetBody>(retry, 201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect((await sandboxAdSetsNamed(s, 'In flight')).map((a) => a.id)).toEqual([created.id]);
    });

    it('concurrent requests with one key create one ad set', async () => {
      const body = validBody(s, 'Concurrent');
      const key = { 'Idempotency-Key': 'create-concurrent' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => s.client.create(body, key)));
      const fresh = answers.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] !== 'true');
      expect(fresh.length).toBe(1);
      for (const res of answers) {
        if (res.status === 201) expect(res.body.id).toBe(fresh[0]!.body.id);
        else expectError(res, 409, 'idempotency_key_in_use');
      }
      expect((await sandboxAdSetsNamed(s, 'Concurrent')).map((a) => a.id)).toEqual([fresh[0]!.body.id]);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('reading: list parameters, child resources, Mixed', () => {
    let s: Scenario;
    let live: SandboxAdSet[];

    beforeAll(async () => {
      s = await scenario('Reading Bakery');
      live = [...(await s.direct.api.allAdSets(s.eur.id)), ...(await s.direct.api.allAdSets(s.usd.id))];
    });

    it('the list holds every ad set of the connected accounts (deleted ones too), in the unified shape', async () => {
      const body = ok<ListBody>(await s.client.list());
      expect(body.has_more).toBe(false);
      expect('next_cursor' in body).toBe(false);
      expect(body.data.map((a) => a.id).sort()).toEqual(live.map((a) => a.id).sort());
      const statuses = new Set(body.data.map((a) => a.status));
      expect([...statuses].sort()).toEqual(['Active', 'Archived', 'Deleted', 'Paused', 'Running']);
      for (const a of body.data) {
        expect(keysOf(a)).toEqual(withChildren('ads', 'targetings'));
        expect(a.platform).toBe('sandbox');
        expect([s.eur.id, s.usd.id]).toContain(a.advertiser);
        const at = live.find((l) => l.id === a.id)!;
        expect(a.parentId).toBe(at.campaign_id);
        expect(a.name).toBe(at.name);
        expect(a.ads!.map((ad) => ad.id)).toEqual(at.ads!.map((ad) => ad.id));
        const budget = a.settings.find((x) => x.kind !== 'Objective')!;
        expect(budget.budget).toBeGreaterThan(0);
        expect(budget.currency).toBe(a.advertiser === s.eur.id ? 'EUR' : 'USD');
        expect(budget.budget).toBe(at.budget.amount / 100);
        // Mixed exactly when the ad set's ads run on more than one channel.
        const channels = new Set(at.ads!.map((ad) => ad.channel));
        if (channels.size > 1) expect(a.channelKind).toBe('Mixed');
        if (a.channelKind !== 'Mixed') expect([...channels].every((c) => c === at.channel)).toBe(true);
        else expect(channels.size).toBeGreaterThan(1);
      }
      expect(body.data.some((a) => a.channelKind === 'Mixed')).toBe(true);
    });

    it('query validation', async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ limit: '0' }, 'invalid_request', 'limit'],
        [{ limit: '1001' }, 'invalid_request', 'limit'],
        [{ limit: 'abc' }, 'invalid_request', 'limit'],
        [{ limit: '-1' }, 'invalid_request', 'limit'],
        [{ limit: '' }, 'invalid_request', 'limit'],
        [{ status: 'running' }, 'invalid_request', 'status'],
        [{ status: 'Live' }, 'invalid_request', 'status'],
        [{ childResources: 'Ads' }, 'invalid_request', 'childResources'],
        [{ childResources: 'Ad,Foo' }, 'invalid_request', 'childResources'],
        [{ childResources: 'ad' }, 'invalid_request', 'childResources'],
        [{ dismissDatabase: 'yes' }, 'invalid_request', 'dismissDatabase'],
        [{ dismissDatabase: '1' }, 'invalid_request', 'dismissDatabase'],
        [{ cursor: 'garbage' }, 'invalid_request', 'cursor'],
        [{ cursor: Buffer.from('{"after":1}').toString('base64url') }, 'invalid_request', 'cursor'],
        [{ expand: 'ads' }, 'unknown_parameter', 'expand'],
      ];
      for (const [query, code, param] of cases) {
        expect({ query, ...outcome(await s.client.list(query)) }).toEqual({
          query,
          status: 400,
          code,
          param,
        });
      }
      for (const [query, code, param] of [
        [{ childResources: 'Targetings' }, 'invalid_request', 'childResources'],
        [{ dismissDatabase: 'TRUE' }, 'invalid_request', 'dismissDatabase'],
        [{ limit: '10' }, 'unknown_parameter', 'limit'],
      ] as [Record<string, string>, string, string][]) {
        expect({ query, ...outcome(await s.client.get(live[0]!.id, query)) }).toEqual({
          query,
          status: 400,
          code,
          param,
        });
      }
      const repeated = await h.http
        .get(`/v1/sandbox/adsets?customer=${s.client.customer}&limit=1&limit=2`)
        .set('Authorization', company.auth);
      expectError(repeated, 400, 'parameter_repeated', 'limit');
    });

    it('a cursor works only with the status filter it was made for', async () => {
      const paused = ok<ListBody>(await s.client.list({ status: 'Paused', limit: 1 }));
      expect(paused.has_more).toBe(true);
      expectError(
        await s.client.list({ status: 'Running', limit: 1, cursor: paused.next_cursor! }),
        400,
        'invalid_request',
        'cursor',
      );
      expectError(
        await s.client.list({ limit: 1, cursor: paused.next_cursor! }),
        400,
        'invalid_request',
        'cursor',
      );
      const all = ok<ListBody>(await s.client.list({ limit: 1 }));
      expectError(
        await s.client.list({ status: 'Paused', limit: 1, cursor: all.next_cursor! }),
        400,
        'invalid_request',
        'cursor',
      );
      ok(await s.client.list({ status: 'Paused', limit: 1, cursor: paused.next_cursor! }));
    });

    it('limit and status: pages in one order, each status exactly its ad sets', async () => {
      const full = ok<ListBody>(await s.client.list()).data;
      const { items, pages } = await s.client.all({}, 5);
      expect(items).toEqual(full);
      expect(pages.length).toBe(Math.ceil(full.length / 5));
      for (const status of ['Running', 'Active', 'Paused', 'Archived', 'Deleted']) {
        const filtered = await s.client.all({ status }, 2);
        expect(filtered.items).toEqual(full.filter((a) => a.status === status));
        expect(filtered.items.length).toBeGreaterThan(0);
      }
    });

    it('childResources on the list: ads and targetings always, ad targetings only with Ad,Targeting', async () => {
      const adKeys = (list: ListBody) =>
        new Set(list.data.flatMap((a) => a.ads!.map((ad) => keysOf(ad).join())));
      for (const childResources of [undefined, '', 'Ad', 'Targeting']) {
        const list = ok<ListBody>(
          await s.client.list(childResources === undefined ? {} : { childResources }),
        );
        for (const a of list.data) expect(keysOf(a)).toEqual(withChildren('ads', 'targetings'));
        expect([...adKeys(list)]).toEqual([AD_KEYS.join()]);
      }
      for (const childResources of ['Ad,Targeting', 'Targeting,Ad']) {
        const list = ok<ListBody>(await s.client.list({ childResources }));
        for (const a of list.data) expect(keysOf(a)).toEqual(withChildren('ads', 'targetings'));
        expect([...adKeys(list)]).toEqual([[...AD_KEYS, 'targetings'].sort().join()]);
        // The ads' own targetings are the platform's.
        for (const a of list.data) {
          const at = live.find((l) => l.id === a.id)!;
          for (const ad of a.ads!) {
            const keywords = at.ads!.find((x) => x.id === ad.id)!.targeting?.keywords ?? [];
            expect(ad.targetings).toEqual(keywords.length ? [{ kind: 'KeywordTargeting', keywords }] : []);
          }
        }
        expect(list.data.some((a) => a.ads!.some((ad) => ad.targetings!.length > 0))).toBe(true);
      }
    });

    it('childResources on one ad set: exactly what was asked for', async () => {
      const listed = ok<ListBody>(await s.client.list({ childResources: 'Ad,Targeting' })).data;
      const withAdTargeting = listed.find((a) => a.ads!.some((ad) => ad.targetings!.length > 0))!;
      const { ads, targetings, ...bare } = withAdTargeting;
      const plainAds = ads!.map(({ targetings: _t, ...ad }) => ad);
      for (const dismissDatabase of [false, true]) {
        const get = (childResources?: string) =>
          s.client.get(withAdTargeting.id, {
            ...(childResources === undefined ? {} : { childResources }),
            ...(dismissDatabase ? { dismissDatabase } : {}),
          });
        expect(ok(await get())).toEqual(bare);
        expect(ok(await get(''))).toEqual(bare);
        expect(ok(await get('Ad'))).toEqual({ ...bare, ads: plainAds });
        expect(ok(await get('Targeting'))).toEqual({ ...bare, targetings });
        expect(ok(await get('Ad,Targeting'))).toEqual({ ...bare, ads, targetings });
        expect(ok(await get('Targeting,Ad'))).toEqual({ ...bare, ads, targetings });
      }
    });

    it('an ad on a second channel makes the ad set Mixed (after a live read)', async () => {
      const list = ok<ListBody>(await s.client.list({ status: 'Running' })).data;
      const search = list.find((a) => a.channelKind === 'Search')!;
      expect(search).toBeDefined();
      const ad = await s.direct.api.expect(201, 'POST', `/_test/adsets/${search.id}/ads`, {
        name: 'Banner',
        channel: 'DISPLAY',
      });
      // The cache does not know yet.
      expect(ok(await s.client.get(search.id)).channelKind).toBe('Search');
      const liveList = ok<ListBody>(
        await s.client.list({ dismissDatabase: true, status: 'Running', childResources: 'Ad' }),
      ).data;
      const mixed = liveList.find((a) => a.id === search.id)!;
      expect(mixed.channelKind).toBe('Mixed');
      // A test ad is a video the sandbox never reviewed: approved, so it runs.
      expect(mixed.ads!.at(-1)).toEqual({
        id: ad.id,
        name: 'Banner',
        platform: 'sandbox',
        status: 'Running',
        advertiser: search.advertiser,
        adSetId: search.id,
        campaignId: search.parentId,
        creative: { kind: 'Other', format: 'VIDEO' },
        review: { status: 'Approved', reasons: [] },
      });
      // The live read refreshed the cache.
      expect(ok(await s.client.get(search.id, { childResources: 'Ad' }))).toMatchObject({
        channelKind: 'Mixed',
        ads: mixed.ads!.map(({ targetings: _t, ...x }) => x),
      });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('update and delete', () => {
    let s: Scenario;
    let adSet: AdSetBody;

    beforeAll(async () => {
      s = await scenario('Writing Bakery');
      adSet = ok(await s.client.create({ ...validBody(s, 'To be changed'), status: 'Running' }), 201);
    });

    it('PUT changes the name and/or status (JSON, form or multipart); the cache follows', async () => {
      const { ads: _ads, targetings: _t, ...base } = adSet;
      const renamed = ok(await s.client.put(adSet.id, { name: 'Renamed' }));
      expect(renamed).toEqual({ ...base, name: 'Renamed' });
      expect(ok(await s.client.get(adSet.id))).toEqual(renamed);
      expect((await sandboxAdSet(s, adSet.id)).name).toBe('Renamed');

      const paused = await h.http
        .put(`/v1/sandbox/adsets/${adSet.id}`)
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .type('form')
        .send({ status: 'Paused' });
      expect(ok(paused)).toEqual({ ...base, name: 'Renamed', status: 'Paused' });
      expect((await sandboxAdSet(s, adSet.id)).status).toBe('PAUSED');
      expect(ok<ListBody>(await s.client.list({ status: 'Paused' })).data.map((a) => a.id)).toContain(
        adSet.id,
      );
      expect(ok<ListBody>(await s.client.list({ status: 'Running' })).data.map((a) => a.id)).not.toContain(
        adSet.id,
      );

      const both = await h.http
        .put(`/v1/sandbox/adsets/${adSet.id}`)
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .field('name', 'Both at once')
        .field('status', 'Running');
      expect(ok(both)).toEqual({ ...base, name: 'Both at once', status: 'Running' });
      expect(await sandboxAdSet(s, adSet.id)).toMatchObject({ name: 'Both at once', status: 'ACTIVE' });
    });

    it('PUT validation: nothing to change, bad values, unknown fields, Deleted is unsupported', async () => {
      const cases: [object, number, string, string][] = [
        [{}, 400, 'invalid_request', 'name'],
        [{ name: '' }, 400, 'invalid_request', 'name'],
        [{ name: 'x'.repeat(201) }, 400, 'invalid_request', 'name'],
        [{ status: 'paused' }, 400, 'invalid_request', 'status'],
        [{ status: 'Live' }, 400, 'invalid_request', 'status'],
        [{ name: 'x', budget: 5 }, 400, 'unknown_parameter', 'budget'],
        [{ channelKind: 'Display' }, 400, 'unknown_parameter', 'channelKind'],
        [{ status: 'Deleted' }, 400, 'unsupported_for_platform', 'status'],
      ];
      for (const [body, status, code, param] of cases) {
        expect({ body, ...outcome(await s.client.put(adSet.id, body)) }).toEqual({
          body,
          status,
          code,
          param,
        });
      }
      const repeated = await h.http
        .put(`/v1/sandbox/adsets/${adSet.id}`)
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .type('form')
        .send('name=a&name=b');
      expectError(repeated, 400, 'parameter_repeated', 'name');
      expect(await sandboxAdSet(s, adSet.id)).toMatchObject({ name: 'Both at once', status: 'ACTIVE' });
      expect(ok(await s.client.get(adSet.id)).name).toBe('Both at once');
    });

    it('Archived via PUT, then DELETE: {deletions: 1, data: [the ad set, Deleted]}; reads show Deleted', async () => {
      const archived = ok(await s.client.put(adSet.id, { status: 'Archived' }));
      expect(archived.status).toBe('Archived');
      expect(ok<ListBody>(await s.client.list({ status: 'Archived' })).data.map((a) => a.id)).toContain(
        adSet.id,
      );

      const res = await s.client.delete(adSet.id);
      const body = ok(res);
      expect(keysOf(body)).toEqual(['data', 'deletions']);
      expect(body.deletions).toBe(1);
      expect(body.data).toEqual([{ ...archived, status: 'Deleted' }]);
      expect(keysOf(body.data[0])).toEqual(AD_SET_KEYS);

      expect((await sandboxAdSet(s, adSet.id)).status).toBe('DELETED');
      expect(ok(await s.client.get(adSet.id)).status).toBe('Deleted');
      expect(ok(await s.client.get(adSet.id, { dismissDatabase: true })).status).toBe('Deleted');
      const deleted = ok<ListBody>(await s.client.list({ status: 'Deleted' })).data.map((a) => a.id);
      expect(deleted).toContain(adSet.id);
      expect(ok<ListBody>(await s.client.list({ status: 'Archived' })).data.map((a) => a.id)).not.toContain(
        adSet.id,
      );
      expect(
        ok<ListBody>(await s.client.list({ status: 'Deleted', dismissDatabase: true })).data.map((a) => a.id),
      ).toContain(adSet.id);
    });

    it('an unknown ad set is 404 adset_not_found on get, put and delete', async () => {
      // Also one that exists at the platform, in the ad account the customer did not connect.
      const [unshared] = await s.direct.api.allAdSets(s.unshared);
      for (const id of ['as_doesnotexist', 'x y', '%00', unshared!.id]) {
        for (const res of [
          await s.client.get(id),
          await s.client.get(id, { dismissDatabase: true }),
          await s.client.put(id, { name: 'x' }),
          await s.client.delete(id),
        ]) {
          expectError(res, 404, 'adset_not_found', 'id');
        }
      }
    });
  });
});
