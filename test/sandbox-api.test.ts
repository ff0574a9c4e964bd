import { createHash } from 'node:crypto';
import express from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../src/ids.js';
import { CHANNELS } from '../src/platforms/sandbox/model.js';
import { userKey as userKeyOf } from '../src/sandbox/keys.js';
import { createSandboxRouter, type SandboxDeps } from '../src/sandbox/router.js';
import type { Kv } from '../src/store/kv.js';
import { openKv, wipe } from './support/harness.js';

const REDIRECT = 'https://vendor.example/callback';
const CLIENT = { id: 'adlink', secret: 'adlink-sandbox-secret-1', name: 'adlink', redirectUris: [REDIRECT] };
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** What every ad answered has besides its own fields: ids, its ad set's account and campaign, a review. */
const answered = (adset: { id: string; account_id: string; campaign_id: string }) => ({
  id: expect.stringMatching(/^ad_/),
  adset_id: adset.id,
  account_id: adset.account_id,
  campaign_id: adset.campaign_id,
  created_time: expect.stringMatching(TIMESTAMP),
  // Demo and test ads were never reviewed: approved.
  review: { status: 'APPROVED', reasons: [] },
});

interface AdSetBody {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string;
  status: string;
  delivery: string;
  channel: string;
  budget: { type: string; amount: number; currency: string };
  objective: string;
  targeting: { keywords: string[]; zipcodes: { country: string; zip: string }[] };
  created_time: string;
  updated_time: string;
  ads?: AdBody[];
}

interface AdBody {
  id: string;
  adset_id: string;
  name: string;
  status: string;
  channel: string;
  targeting?: { keywords: string[] };
}

describe('sandbox ads API', () => {
  let kv: Kv;
  const prefix = `test:${randomToken(9)}:`;
  let http: ReturnType<typeof supertest>;

  function sandbox(overrides: Partial<SandboxDeps> = {}) {
    const app = express();
    app.use(
      '/sandbox',
      createSandboxRouter({
        kv,
        prefix,
        issuer: 'http://sandbox.test/sandbox',
        clients: [CLIENT],
        accessTokenTtlSeconds: 300,
        log: pino({ level: 'silent' }),
        rateLimit: { requests: 10_000, windowSeconds: 10 },
        ...overrides,
      }),
    );
    return supertest(app);
  }

  /** The whole OAuth flow for `login`, sharing the accounts at these indexes; returns an access token. */
  async function connect(login: string, pick: number[] = [0, 1, 2], scope?: string, client = http) {
    const verifier = randomToken(32);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      login_hint: login,
      ...(scope ? { scope } : {}),
    });
    const page = await client.get(`/sandbox/oauth/authorize?${query}`);
    const request = /name="request" value="([^"]+)"/.exec(page.text)![1]!;
    const accounts = [...page.text.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]!);
    const form = new URLSearchParams([
      ['request', request],
      ['decision', 'allow'],
      ...pick.map((i): [string, string] => ['accounts', accounts[i]!]),
    ]);
    const consent = await client.post('/sandbox/oauth/authorize').type('form').send(form.toString());
    const code = new URL(consent.headers.location!).searchParams.get('code')!;
    const token = await client
      .post('/sandbox/oauth/token')
      .auth(CLIENT.id, CLIENT.secret)
      .type('form')
      .send(
        new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }).toString(),
      );
    expect(token.status).toBe(200);
    return { token: token.body.access_token as string, accounts };
  }

  let token: string;
  let accounts: string[];
  const get = (path: string, t = token) =>
    http.get(`/sandbox/api/v1${path}`).set('Authorization', `Bearer ${t}`);
  const post = (path: string, body: unknown, t = token) =>
    http
      .post(`/sandbox/api/v1${path}`)
      .set('Authorization', `Bearer ${t}`)
      .send(body as object);
  const patch = (path: string, body: unknown, t = token) =>
    http
      .patch(`/sandbox/api/v1${path}`)
      .set('Authorization', `Bearer ${t}`)
      .send(body as object);
  const del = (path: string, t = token) =>
    http.delete(`/sandbox/api/v1${path}`).set('Authorization', `Bearer ${t}`);

  async function allAdsets(account: string, query = ''): Promise<AdSetBody[]> {
    const res = await get(`/ad_accounts/${account}/adsets?limit=100${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function campaignsOf(account: string, t = token) {
    return (await get(`/ad_accounts/${account}/campaigns?limit=100`, t)).body.data as {
      id: string;
      status: string;
      objective: string;
    }[];
  }

  beforeAll(async () => {
    kv = await openKv('redis');
    http = sandbox();
    ({ token, accounts } = await connect('api-user'));
  });
  afterAll(async () => {
    await wipe(kv, prefix);
    await kv.close();
  });

  it('seeds a realistic, deterministic demo set per user', async () => {
    const me = await get('/me');
    expect(me.body).toEqual({ id: expect.stringMatching(/^usr_[0-9a-f]{16}$/), name: 'api-user' });
    const list = await get('/me/ad_accounts');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.data).toEqual([
      { id: accounts[0], name: 'Bakery — Main (EUR)', currency: 'EUR', timezone: 'Europe/Berlin' },
      { id: accounts[1], name: 'Bakery — US (USD)', currency: 'USD', timezone: 'America/New_York' },
      { id: accounts[2], name: 'Bakery — UK (GBP)', currency: 'GBP', timezone: 'Europe/London' },
    ]);

    const channels = new Set<string>();
    const statuses = new Set<string>();
    let keywords = 0;
    let zipcodes = 0;
    for (const [i, account] of accounts.entries()) {
      const currency = list.body.data[i].currency;
      const campaigns = await campaignsOf(account);
      expect(campaigns.length).toBeGreaterThanOrEqual(2);
      expect(campaigns.length).toBeLessThanOrEqual(3);
      const adsets = [...(await allAdsets(account)), ...(await allAdsets(account, '&status=DELETED'))];
      for (const campaign of campaigns) {
        // One seeded campaign (in USD) has a budget it shares with others.
        const budget = (campaign as { budget?: unknown }).budget;
        expect(campaign).toEqual({
          id: expect.any(String),
          account_id: account,
          name: expect.any(String),
          objective: expect.any(String),
          status: expect.stringMatching(/^(ACTIVE|PAUSED|ARCHIVED)$/),
          channel: expect.any(String),
          created_time: expect.stringMatching(TIMESTAMP),
          ...(budget === undefined
            ? {}
            : { budget: { type: 'DAILY', amount: 4000, currency: 'USD', shared: true } }),
        });
        const own = adsets.filter((a) => a.campaign_id === campaign.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(4);
        for (const adset of own) {
          expect(adset.budget.currency).toBe(currency);
          expect(Number.isInteger(adset.budget.amount) && adset.budget.amount > 0).toBe(true);
          expect(adset.delivery).toBe(
            adset.status === 'ACTIVE' && campaign.status === 'ACTIVE' ? 'DELIVERING' : 'NOT_DELIVERING',
          );
          channels.add(adset.channel);
          statuses.add(adset.status);
          keywords += adset.targeting.keywords.length;
          zipcodes += adset.targeting.zipcodes.length;
          const ads = await get(`/adsets/${adset.id}/ads`);
          expect(ads.body.data.length).toBeGreaterThanOrEqual(1);
          expect(ads.body.data.length).toBeLessThanOrEqual(3);
          expect(ads.body.data[0].channel).toBe(adset.channel);
          for (const ad of ads.body.data) {
            expect(ad).toEqual({
              ...answered(adset),
              name: expect.any(String),
              status: expect.stringMatching(/^(ACTIVE|PAUSED|ARCHIVED)$/),
              channel: expect.toBeOneOf([...CHANNELS]),
              ...(ad.targeting ? { targeting: { keywords: expect.any(Array) } } : {}),
              // Demo search ads are responsive search ads; the others videos.
              creative:
                ad.channel === 'SEARCH' ? expect.objectContaining({ type: 'SEARCH' }) : { type: 'VIDEO' },
            });
          }
        }
      }
    }
    expect([...channels].sort()).toEqual([...CHANNELS].sort());
    expect([...statuses].sort()).toEqual(['ACTIVE', 'ARCHIVED', 'DELETED', 'PAUSED']);
    expect(keywords).toBeGreaterThan(0);
    expect(zipcodes).toBeGreaterThan(0);

    // Every ad set was created in the past, each at its own time.
    const everyAdset = (
      await Promise.all(
        accounts.map(async (a) => [...(await allAdsets(a)), ...(await allAdsets(a, '&status=DELETED'))]),
      )
    ).flat();
    const created = everyAdset.map((a) => a.created_time);
    expect(new Set(created).size).toBe(created.length);
    for (const adset of everyAdset) {
      expect(Date.parse(adset.created_time.replace(/\d{3}Z$/, 'Z'))).toBeLessThan(Date.now());
      expect(adset.updated_time >= adset.created_time).toBe(true);
    }

    // The first account alone covers every case adlink's ad set API maps.
    const main = await allAdsets(accounts[0]!, '&expand=ads');
    const mainCampaigns = await campaignsOf(accounts[0]!);
    expect(mainCampaigns.length).toBeGreaterThanOrEqual(2);
    const campaignOf = (a: AdSetBody) => mainCampaigns.find((c) => c.id === a.campaign_id)!;
    expect(main.some((a) => a.targeting.keywords.length > 0)).toBe(true);
    expect(main.some((a) => a.targeting.zipcodes.length > 0)).toBe(true);
    expect(new Set(main.map((a) => a.budget.type))).toEqual(new Set(['DAILY', 'LIFETIME']));
    expect(main.some((a) => a.status === 'ACTIVE' && a.delivery === 'DELIVERING')).toBe(true);
    expect(
      main.some(
        (a) => a.status === 'ACTIVE' && a.delivery === 'NOT_DELIVERING' && campaignOf(a).status === 'PAUSED',
      ),
    ).toBe(true);
    for (const status of ['PAUSED', 'ARCHIVED']) expect(main.some((a) => a.status === status)).toBe(true);
    const mixed = main.filter((a) => new Set(a.ads!.map((ad) => ad.channel)).size >= 2);
    expect(mixed.length).toBeGreaterThan(0);

    const other = await connect('someone-else');
    expect(other.accounts).toHaveLength(3);
    for (const id of other.accounts) expect(accounts).not.toContain(id);
    const theirs = await get('/me/ad_accounts', other.token);
    expect(theirs.body.data.map((a: { name: string }) => a.name)).toEqual(
      list.body.data.map((a: { name: string }) => a.name),
    );
  });

  it('pages through ad sets and campaigns to the end in creation order', async () => {
    const everything = await allAdsets(accounts[0]!);
    expect(everything.length).toBeGreaterThan(4);
    expect(everything.every((a) => a.status !== 'DELETED')).toBe(true);
    const seen: AdSetBody[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/ad_accounts/${accounts[0]}/adsets?limit=2${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data);
      after = res.body.paging.next;
      pages++;
    } while (after);
    expect(pages).toBe(Math.ceil(everything.length / 2));
    expect(seen.map((a) => a.id)).toEqual(everything.map((a) => a.id));
    const times = seen.map((a) => a.created_time);
    expect(times).toEqual([...times].sort());

    const deleted = await allAdsets(accounts[0]!, '&status=DELETED');
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((a) => a.status === 'DELETED')).toBe(true);

    const first = await get(`/ad_accounts/${accounts[0]}/campaigns?limit=1`);
    expect(first.body.data).toHaveLength(1);
    const second = await get(`/ad_accounts/${accounts[0]}/campaigns?limit=1&after=${first.body.paging.next}`);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    const last = await get(`/ad_accounts/${accounts[0]}/campaigns?limit=100`);
    expect(last.body.paging).toEqual({});
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2&limit=3', 'limit'],
    ['after=not-a-cursor', 'after'],
    [`after=${Buffer.from('x|y').toString('base64url')}`, 'after'],
    ['status=active', 'status'],
    ['status=ENABLED', 'status'],
    ['status=', 'status'],
    ['status=ACTIVE&status=PAUSED', 'status'],
    ['expand=campaign', 'expand'],
    ['expand=ads,campaign', 'expand'],
    ['expand=ADS', 'expand'],
    ['expand=', 'expand'],
    ['expand=ads&expand=ads', 'expand'],
    ['sort=name', 'sort'],
  ])('refuses the ad set list query %s with 400 on %s', async (query, param) => {
    const res = await get(`/ad_accounts/${accounts[0]}/adsets?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), param } });
  });

  it.each([
    ['expand=campaign', 'expand'],
    ['expand=', 'expand'],
    ['limit=1', 'limit'],
    ['status=ACTIVE', 'status'],
  ])('refuses the ad set query %s with 400 on %s', async (query, param) => {
    const adset = (await allAdsets(accounts[0]!))[0]!;
    const res = await get(`/adsets/${adset.id}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), param } });
  });

  it('filters the ad set list by each status, paging within the filter', async () => {
    const all = [...(await allAdsets(accounts[0]!)), ...(await allAdsets(accounts[0]!, '&status=DELETED'))];
    all.sort((a, b) => (a.created_time < b.created_time ? -1 : 1));
    for (const status of ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED']) {
      const expected = all.filter((a) => a.status === status).map((a) => a.id);
      expect(expected.length).toBeGreaterThan(0);
      expect((await allAdsets(accounts[0]!, `&status=${status}`)).map((a) => a.id)).toEqual(expected);
      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const res = await get(
          `/ad_accounts/${accounts[0]}/adsets?status=${status}&limit=1${after ? `&after=${after}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.data.every((a: AdSetBody) => a.status === status)).toBe(true);
        seen.push(...res.body.data.map((a: AdSetBody) => a.id));
        after = res.body.paging.next;
        pages++;
      } while (after);
      expect(seen).toEqual(expected);
      expect(pages).toBe(expected.length);
    }
    const live = await allAdsets(accounts[0]!);
    expect(live.map((a) => a.status)).not.toContain('DELETED');
    expect(live).toHaveLength(all.filter((a) => a.status !== 'DELETED').length);
  });

  it('expands ads on the ad set list and on one ad set, only when asked', async () => {
    for (const query of ['', '&status=DELETED', '&status=ACTIVE']) {
      const plain = await allAdsets(accounts[0]!, query);
      const expanded = await allAdsets(accounts[0]!, `${query}&expand=ads`);
      expect(expanded.length).toBe(plain.length);
      for (const [i, adset] of expanded.entries()) {
        expect(plain[i]).not.toHaveProperty('ads');
        const { ads, ...rest } = adset;
        expect(rest).toEqual(plain[i]);
        expect(ads).toEqual((await get(`/adsets/${adset.id}/ads`)).body.data);
        const one = await get(`/adsets/${adset.id}?expand=ads`);
        expect(one.status).toBe(200);
        expect(one.body).toEqual(adset);
        const bare = await get(`/adsets/${adset.id}`);
        expect(bare.body).toEqual(rest);
      }
    }
    const page = await get(`/ad_accounts/${accounts[0]}/adsets?limit=2&expand=ads`);
    expect(page.body.data).toHaveLength(2);
    const next = await get(
      `/ad_accounts/${accounts[0]}/adsets?limit=2&expand=ads&after=${page.body.paging.next}`,
    );
    expect(next.body.data[0].ads).toEqual(expect.any(Array));

    const [campaign] = (await campaignsOf(accounts[0]!)).filter((c) => c.status === 'ACTIVE');
    const empty = await post(`/ad_accounts/${accounts[0]}/adsets`, {
      ...valid(),
      campaign_id: campaign!.id,
    });
    expect((await get(`/adsets/${empty.body.id}?expand=ads`)).body).toEqual({ ...empty.body, ads: [] });
    await del(`/adsets/${empty.body.id}`);
  });

  it('reads one campaign by id', async () => {
    const campaigns = await campaignsOf(accounts[0]!);
    for (const campaign of campaigns) {
      const res = await get(`/campaigns/${campaign.id}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual(campaign);
    }
    const query = await get(`/campaigns/${campaigns[0]!.id}?expand=ads`);
    expect(query.status).toBe(400);
    expect(query.body.error.param).toBe('expand');
    const method = await http
      .put(`/sandbox/api/v1/campaigns/${campaigns[0]!.id}`)
      .set('Authorization', `Bearer ${token}`);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect(method.body.error.code).toBe('method_not_allowed');
  });

  it('pages through 300+ ad sets while more are created, without gaps or duplicates', async () => {
    const pager = await connect('api-pager');
    const account = pager.accounts[1]!;
    const campaign = (await campaignsOf(account, pager.token)).find((c) => c.status === 'ACTIVE')!;
    const create = async (name: string) => {
      const res = await post(
        `/ad_accounts/${account}/adsets`,
        { ...valid(), name, campaign_id: campaign.id },
        pager.token,
      );
      expect(res.status).toBe(201);
      return res.body as AdSetBody;
    };
    for (let i = 0; i < 300; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => create(`Bulk ${i + j}`)));
    }
    const before: string[] = [];
    let after: string | undefined;
    do {
      const res = await get(
        `/ad_accounts/${account}/adsets?limit=100${after ? `&after=${after}` : ''}`,
        pager.token,
      );
      before.push(...res.body.data.map((a: AdSetBody) => a.id));
      after = res.body.paging.next;
    } while (after);
    expect(before.length).toBeGreaterThan(300);

    const seen: AdSetBody[] = [];
    const added: string[] = [];
    let pages = 0;
    do {
      const res = await get(
        `/ad_accounts/${account}/adsets?limit=${pages % 2 ? 100 : 37}${after ? `&after=${after}` : ''}`,
        pager.token,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      after = res.body.paging.next;
      pages++;
      if (pages <= 4) added.push((await create(`Between pages ${pages}`)).id);
    } while (after);
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...before, ...added]);
    const times = seen.map((a) => a.created_time);
    expect(times).toEqual([...times].sort());
  });

  it('creates, reads, updates and deletes an ad set', async () => {
    const [campaign] = (await campaignsOf(accounts[0]!)).filter((c) => c.status === 'ACTIVE');
    const before = await allAdsets(accounts[0]!);
    const created = await post(`/ad_accounts/${accounts[0]}/adsets`, {
      name: '  Summer sale — Berlin  ',
      campaign_id: campaign!.id,
      channel: 'SEARCH',
      budget: { type: 'DAILY', amount: 2500 },
      targeting: { keywords: ['ice cream cake'], zipcodes: [{ country: 'DE', zip: '10115' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^as_/),
      account_id: accounts[0],
      campaign_id: campaign!.id,
      name: 'Summer sale — Berlin',
      status: 'PAUSED',
      delivery: 'NOT_DELIVERING',
      channel: 'SEARCH',
      budget: { type: 'DAILY', amount: 2500, currency: 'EUR' },
      objective: campaign!.objective,
      targeting: {
        keywords: ['ice cream cake'],
        zipcodes: [{ country: 'DE', zip: '10115' }],
        audiences: { include: [], exclude: [] },
      },
      // From its creation, in the account's time zone (Berlin), without an end.
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/),
      end_time: null,
      created_time: expect.stringMatching(TIMESTAMP),
      updated_time: created.body.created_time,
    });
    expect(Math.floor(Date.parse(created.body.start_time) / 1000)).toBe(
      Math.floor(Date.parse(created.body.created_time) / 1000),
    );
    const id = created.body.id;
    expect((await get(`/adsets/${id}`)).body).toEqual(created.body);
    const listed = await allAdsets(accounts[0]!);
    expect(listed.map((a) => a.id)).toEqual([...before.map((a) => a.id), id]);
    expect((await get(`/adsets/${id}/ads`)).body).toEqual({ data: [] });

    const active = await patch(`/adsets/${id}`, { status: 'ACTIVE', name: 'Summer sale' });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ name: 'Summer sale', status: 'ACTIVE', delivery: 'DELIVERING' });
    expect(active.body.updated_time > created.body.updated_time).toBe(true);

    const deleted = await del(`/adsets/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id, status: 'DELETED', delivery: 'NOT_DELIVERING' });
    expect((await get(`/adsets/${id}`)).body.status).toBe('DELETED');
    expect((await allAdsets(accounts[0]!)).map((a) => a.id)).not.toContain(id);
    expect((await allAdsets(accounts[0]!, '&status=DELETED')).map((a) => a.id)).toContain(id);
  });

  it('takes an explicit status, objective and lifetime budget', async () => {
    const [campaign] = await campaignsOf(accounts[1]!);
    const res = await post(`/ad_accounts/${accounts[1]}/adsets`, {
      name: 'Launch',
      campaign_id: campaign!.id,
      status: 'ACTIVE',
      channel: 'VIDEO',
      objective: 'VIDEO_VIEWS',
      budget: { type: 'LIFETIME', amount: 100_000 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'ACTIVE',
      objective: 'VIDEO_VIEWS',
      budget: { type: 'LIFETIME', amount: 100_000, currency: 'USD' },
      targeting: { keywords: [], zipcodes: [] },
    });
  });

  const valid = () => ({ name: 'Valid', channel: 'SOCIAL', budget: { type: 'DAILY', amount: 1000 } });
  it.each([
    [{ name: undefined }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'bad\u0007' }, 'name'],
    [{ name: 7 }, 'name'],
    [{ campaign_id: undefined }, 'campaign_id'],
    [{ campaign_id: 'cmp_nope' }, 'campaign_id'],
    [{ campaign_id: 'OTHER_ACCOUNT' }, 'campaign_id'],
    [{ status: 'ARCHIVED' }, 'status'],
    [{ status: 'DELETED' }, 'status'],
    [{ channel: undefined }, 'channel'],
    [{ channel: 'RADIO' }, 'channel'],
    [{ budget: undefined }, 'budget'],
    [{ budget: { type: 'WEEKLY', amount: 100 } }, 'budget.type'],
    [{ budget: { type: 'DAILY' } }, 'budget.amount'],
    [{ budget: { type: 'DAILY', amount: 0 } }, 'budget.amount'],
    [{ budget: { type: 'DAILY', amount: -5 } }, 'budget.amount'],
    [{ budget: { type: 'DAILY', amount: 12.5 } }, 'budget.amount'],
    [{ budget: { type: 'DAILY', amount: '100' } }, 'budget.amount'],
    [{ budget: { type: 'DAILY', amount: 100, currency: 'USD' } }, 'budget.currency'],
    [{ objective: '' }, 'objective'],
    [{ targeting: { keywords: 'bread' } }, 'targeting.keywords'],
    [{ targeting: { keywords: [''] } }, 'targeting.keywords.0'],
    [{ targeting: { zipcodes: [{ country: 'XX', zip: '10115' }] } }, 'targeting.zipcodes.0.country'],
    [{ targeting: { zipcodes: [{ country: 'de', zip: '10115' }] } }, 'targeting.zipcodes.0.country'],
    [{ targeting: { zipcodes: [{ country: 'DE', zip: '<script>' }] } }, 'targeting.zipcodes.0.zip'],
    [{ targeting: { zipcodes: [{ country: 'DE' }] } }, 'targeting.zipcodes.0.zip'],
    [{ targeting: { ages: [18, 65] } }, 'targeting.ages'],
    [{ account_id: 'act_x' }, 'account_id'],
  ])('refuses the ad set %j with 400 invalid_request on %s and creates nothing', async (change, param) => {
    const campaigns = await campaignsOf(accounts[0]!);
    const foreign = (await campaignsOf(accounts[1]!))[0]!.id;
    const body: Record<string, unknown> = { ...valid(), campaign_id: campaigns[0]!.id };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete body[key];
      else body[key] = key === 'campaign_id' && value === 'OTHER_ACCOUNT' ? foreign : value;
    }
    const before = (await allAdsets(accounts[0]!)).length;
    const res = await post(`/ad_accounts/${accounts[0]}/adsets`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), param } });
    expect((await allAdsets(accounts[0]!)).length).toBe(before);
  });

  it.each([
    ['__proto__', '{"__proto__":{"admin":true},'],
    ['constructor', '{"constructor":{"prototype":{"admin":true}},'],
    ['budget.__proto__', '{"budget":{"type":"DAILY","amount":1,"__proto__":{"admin":true}},'],
  ])('refuses the prototype-polluting key %s', async (param, start) => {
    const campaign = (await campaignsOf(accounts[0]!))[0]!.id;
    const { budget: _budget, ...rest } = { ...valid(), campaign_id: campaign };
    const body = param.startsWith('budget') ? rest : { ...valid(), campaign_id: campaign };
    const res = await http
      .post(`/sandbox/api/v1/ad_accounts/${accounts[0]}/adsets`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body).replace(/^\{/, start));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses an archived campaign, a non-JSON body, malformed JSON and a JSON array', async () => {
    const archived = (await campaignsOf(accounts[2]!)).find((c) => c.status === 'ARCHIVED')!;
    const res = await post(`/ad_accounts/${accounts[2]}/adsets`, { ...valid(), campaign_id: archived.id });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('campaign_id');

    const path = `/sandbox/api/v1/ad_accounts/${accounts[0]}/adsets`;
    const text = await http.post(path).set('Authorization', `Bearer ${token}`).type('text').send('name=x');
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
    const broken = await http
      .post(path)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      error: { code: 'invalid_request', message: 'The body is not valid JSON.' },
    });
    const array = await post(`/ad_accounts/${accounts[0]}/adsets`, [valid()]);
    expect(array.status).toBe(400);
    expect(JSON.stringify(array.body)).not.toMatch(/at .*\.ts/);
  });

  it("keeps schedules in the account's time zone and changes budget, schedule and targeting by PATCH", async () => {
    const [campaign] = (await campaignsOf(accounts[1]!)).filter((c) => c.status === 'ACTIVE');
    const year = new Date().getUTCFullYear() + 1;
    const created = await post(`/ad_accounts/${accounts[1]}/adsets`, {
      ...valid(),
      campaign_id: campaign!.id,
      budget: { type: 'LIFETIME', amount: 50_000 },
      // New York is five hours behind UTC in January, four in July.
      start_time: `${year}-01-15T05:00:00Z`,
      end_time: `${year}-07-01T00:00:00+02:00`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      start_time: `${year}-01-15T00:00:00-05:00`,
      end_time: `${year}-06-30T18:00:00-04:00`,
    });
    const id = created.body.id;
    const changed = await patch(`/adsets/${id}`, {
      budget: { type: 'DAILY', amount: 1500 },
      objective: 'REACH',
      end_time: null,
      targeting: { zipcodes: [{ country: 'US', zip: '11201' }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      budget: { type: 'DAILY', amount: 1500, currency: 'USD' },
      objective: 'REACH',
      start_time: `${year}-01-15T00:00:00-05:00`,
      end_time: null,
      targeting: { keywords: created.body.targeting.keywords, zipcodes: [{ country: 'US', zip: '11201' }] },
    });
    for (const [body, param] of [
      [{ end_time: `${year}-01-01T00:00:00Z` }, 'end_time'],
      [{ start_time: `${year}-03-01T00:00:00Z`, end_time: `${year}-02-01T00:00:00Z` }, 'end_time'],
      [{ end_time: '2020-01-01T00:00:00Z', start_time: '2019-01-01T00:00:00Z' }, 'end_time'],
      [{ start_time: `${year}-03-01` }, 'start_time'],
      [{ start_time: `${year}-03-01T00:00:00.5Z` }, 'start_time'],
      [{ budget: { type: 'DAILY', amount: 1.5 } }, 'budget.amount'],
    ] as const) {
      const res = await patch(`/adsets/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
    }
    expect((await get(`/adsets/${id}`)).body).toEqual(changed.body);
  });

  it('enforces the status rules: archived only to deleted, deleted never changes', async () => {
    const [campaign] = (await campaignsOf(accounts[0]!)).filter((c) => c.status === 'ACTIVE');
    const id = (await post(`/ad_accounts/${accounts[0]}/adsets`, { ...valid(), campaign_id: campaign!.id }))
      .body.id;
    expect((await patch(`/adsets/${id}`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    expect((await patch(`/adsets/${id}`, { status: 'PAUSED' })).body.status).toBe('PAUSED');
    expect((await patch(`/adsets/${id}`, { status: 'ARCHIVED' })).body).toMatchObject({
      status: 'ARCHIVED',
      delivery: 'NOT_DELIVERING',
    });
    for (const status of ['ACTIVE', 'PAUSED']) {
      const res = await patch(`/adsets/${id}`, { status });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'status' });
    }
    const renamed = await patch(`/adsets/${id}`, { name: 'Archived, renamed' });
    expect(renamed.status).toBe(200);
    for (const field of ['budget', 'end_time'] as const) {
      const change = { budget: { type: 'DAILY', amount: 5 }, end_time: null }[field];
      const res = await patch(`/adsets/${id}`, { [field]: change });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: field });
    }
    expect((await del(`/adsets/${id}`)).body.status).toBe('DELETED');
    for (const body of [{ status: 'ACTIVE' }, { status: 'ARCHIVED' }, { name: 'Back' }]) {
      const res = await patch(`/adsets/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'status' });
    }
    const again = await del(`/adsets/${id}`);
    expect(again.status).toBe(400);
    expect(again.body.error.param).toBe('id');
    const deletedStatus = await patch(`/adsets/${id}`, { status: 'DELETED' });
    expect(deletedStatus.body.error.param).toBe('status');
    const unknown = await patch(`/adsets/${id}`, { channel: 'SOCIAL' });
    expect(unknown.body.error.param).toBe('channel');
  });

  it('answers 403 account_not_granted outside the grant', async () => {
    const narrow = await connect('api-user', [0]);
    const other = accounts[1]!;
    const adset = (await allAdsets(other))[0]!;
    for (const res of [
      await get(`/ad_accounts/${other}/campaigns`, narrow.token),
      await get(`/ad_accounts/${other}/adsets`, narrow.token),
      await post(`/ad_accounts/${other}/adsets`, valid(), narrow.token),
      await get(`/adsets/${adset.id}`, narrow.token),
      await get(`/adsets/${adset.id}?expand=ads`, narrow.token),
      await get(`/campaigns/${adset.campaign_id}`, narrow.token),
      await post(`/_test/adsets/${adset.id}/ads`, { name: 'x', channel: 'SOCIAL' }, narrow.token),
      await get(`/adsets/${adset.id}/ads`, narrow.token),
      await patch(`/adsets/${adset.id}`, { name: 'x' }, narrow.token),
      await del(`/adsets/${adset.id}`, narrow.token),
      await get('/ad_accounts/act_unknown/adsets', narrow.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('account_not_granted');
    }
    const mine = await get('/me/ad_accounts', narrow.token);
    expect(mine.body.data.map((a: { id: string }) => a.id)).toEqual([accounts[0]]);
  });

  it('answers 404 not_found for unknown objects, other users’ objects and unknown paths', async () => {
    const stranger = await connect('api-stranger');
    const strangerAdset = (await get(`/ad_accounts/${stranger.accounts[0]}/adsets?limit=1`, stranger.token))
      .body.data[0].id;
    const strangerCampaign = (
      await get(`/ad_accounts/${stranger.accounts[0]}/campaigns?limit=1`, stranger.token)
    ).body.data[0].id;
    for (const path of [
      `/adsets/${strangerAdset}`,
      '/adsets/as_nope',
      `/adsets/${'x'.repeat(65)}`,
      `/adsets/${strangerAdset}?expand=ads`,
      '/adsets/as_nope?expand=ads',
      `/campaigns/${strangerCampaign}`,
      '/campaigns/cmp_nope',
      `/campaigns/${'x'.repeat(65)}`,
      '/nothing/here',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const method = await http
      .put(`/sandbox/api/v1/adsets/${strangerAdset}`)
      .set('Authorization', `Bearer ${token}`);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect(method.body).toEqual({
      error: { code: 'method_not_allowed', message: 'This endpoint accepts GET, HEAD, PATCH, DELETE.' },
    });
    const head = await http.head(`/sandbox/api/v1/adsets/as_nope`).set('Authorization', `Bearer ${token}`);
    expect(head.status).toBe(404);
  });

  it('answers 401 invalid_token without a valid access token', async () => {
    const none = await http.get('/sandbox/api/v1/me');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="sandbox"');
    expect(none.body.error.code).toBe('invalid_token');
    for (const auth of [
      'Bearer sbx_at_unknown',
      `Bearer sbx_at_${randomToken(32)}`,
      `Basic ${token}`,
      token,
    ]) {
      const res = await http.get('/sandbox/api/v1/me').set('Authorization', auth);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
  });

  it('needs ads_management to change anything', async () => {
    const reader = await connect('api-user', [0], 'ads_read');
    expect((await get(`/ad_accounts/${accounts[0]}/adsets`, reader.token)).status).toBe(200);
    const res = await post(`/ad_accounts/${accounts[0]}/adsets`, valid(), reader.token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
    expect(res.headers['www-authenticate']).toContain('scope="ads_management"');
  });

  it('rate-limits each access token with 429 and Retry-After', async () => {
    const limited = sandbox({ rateLimit: { requests: 3, windowSeconds: 10 } });
    const first = await connect('api-limited', [0], undefined, limited);
    const second = await connect('api-limited', [0], undefined, limited);
    for (let i = 0; i < 3; i++) {
      expect(
        (await limited.get('/sandbox/api/v1/me').set('Authorization', `Bearer ${first.token}`)).status,
      ).toBe(200);
    }
    const res = await limited.get('/sandbox/api/v1/me').set('Authorization', `Bearer ${first.token}`);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(
      (await limited.get('/sandbox/api/v1/me').set('Authorization', `Bearer ${second.token}`)).status,
    ).toBe(200);
  });

  describe('test controls', () => {
    let user: { token: string; accounts: string[] };
    const faults = (t = user.token) => get('/_test/faults', t);
    const fault = (body: unknown, t = user.token) => post('/_test/faults', body, t);
    const clear = (t = user.token) => del('/_test/faults', t);
    const me = (t = user.token) => get('/me', t);

    beforeAll(async () => {
      user = await connect('api-faults');
    });
    afterEach(async () => {
      expect((await clear()).status).toBe(204);
    });

    it('injects server_error for the next count requests, then answers normally', async () => {
      const created = await fault({ fault: 'server_error', count: 2 });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^flt_/),
        fault: 'server_error',
        count: 2,
        remaining: 2,
        created_time: expect.stringMatching(TIMESTAMP),
        expires_time: expect.any(String),
      });
      const ttl = Date.parse(created.body.expires_time) - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
      const stored = `${prefix}sandbox:{sbx:${userKeyOf('api-faults')}}:fault:${created.body.id}`;
      expect(await kv.pttl(stored)).toBeGreaterThan(9 * 60_000);
      expect(await kv.pttl(stored)).toBeLessThanOrEqual(10 * 60_000);

      for (let i = 0; i < 2; i++) {
        const res = await get(`/ad_accounts/${user.accounts[0]}/adsets`, user.token);
        expect(res.status).toBe(500);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
        expect((await faults()).body.data.map((f: { remaining: number }) => f.remaining)).toEqual(
          i === 0 ? [1] : [],
        );
      }
      expect((await get(`/ad_accounts/${user.accounts[0]}/adsets`, user.token)).status).toBe(200);
      expect(await kv.get(stored)).toBeNull();
    });

    it('injects rate_limited with Retry-After: 7', async () => {
      await fault({ fault: 'rate_limited' });
      const res = await me();
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.body.error.code).toBe('rate_limited');
      expect((await me()).status).toBe(200);
    });

    it('injects unauthorized as an expired token would answer', async () => {
      await fault({ fault: 'unauthorized', count: 1 });
      const res = await me();
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="sandbox", error="invalid_token"');
      expect(res.body).toEqual({
        error: { code: 'invalid_token', message: 'The access token is invalid, expired or revoked.' },
      });
      expect((await me()).status).toBe(200);
    });

    it('faults only paths under path_prefix, oldest fault first', async () => {
      const adset = (await get(`/ad_accounts/${user.accounts[0]}/adsets?limit=1`, user.token)).body.data[0];
      await fault({ fault: 'server_error', count: 2, path_prefix: '/adsets/' });
      await fault({ fault: 'rate_limited', path_prefix: '/adsets/' });
      await fault({ fault: 'unauthorized', path_prefix: '/me/ad_accounts' });
      expect((await me()).status).toBe(200);
      expect((await get(`/ad_accounts/${user.accounts[0]}/adsets`, user.token)).status).toBe(200);
      const listed = (await faults()).body.data;
      expect(listed.map((f: { fault: string }) => f.fault)).toEqual([
        'server_error',
        'rate_limited',
        'unauthorized',
      ]);
      expect(listed[0]).toMatchObject({ count: 2, remaining: 2, path_prefix: '/adsets/' });
      expect((await get(`/adsets/${adset.id}`, user.token)).status).toBe(500);
      expect((await get(`/adsets/${adset.id}/ads`, user.token)).status).toBe(500);
      expect((await get(`/adsets/${adset.id}?expand=ads`, user.token)).status).toBe(429);
      expect((await get(`/adsets/${adset.id}`, user.token)).status).toBe(200);
      expect((await get('/me/ad_accounts', user.token)).status).toBe(401);
      expect((await get('/me/ad_accounts', user.token)).status).toBe(200);
      expect((await faults()).body.data).toEqual([]);
    });

    it('faults every token of the user and no other user', async () => {
      const second = await connect('api-faults', [0]);
      const stranger = await connect('api-faults-stranger', [0]);
      await fault({ fault: 'server_error', count: 2 }, second.token);
      expect((await me(stranger.token)).status).toBe(200);
      expect((await faults(stranger.token)).body.data).toEqual([]);
      expect((await me(second.token)).status).toBe(500);
      expect((await me(user.token)).status).toBe(500);
      expect((await me(second.token)).status).toBe(200);
    });

    it('takes exactly count requests, even concurrent ones', async () => {
      await fault({ fault: 'server_error', count: 3 });
      const statuses = (await Promise.all(Array.from({ length: 12 }, () => me()))).map((r) => r.status);
      expect(statuses.filter((s) => s === 500)).toHaveLength(3);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    });

    it('never faults the test controls, nor requests without a valid token', async () => {
      const adset = (await get(`/ad_accounts/${user.accounts[0]}/adsets?limit=1`, user.token)).body.data[0];
      await fault({ fault: 'server_error', count: 100 });
      expect((await faults()).status).toBe(200);
      expect((await fault({ fault: 'rate_limited' })).status).toBe(201);
      const ad = await post(`/_test/adsets/${adset.id}/ads`, { name: 'Test', channel: 'MAIL' }, user.token);
      expect(ad.status).toBe(201);
      expect((await http.get('/sandbox/api/v1/me')).status).toBe(401);
      expect((await http.get('/sandbox/api/v1/me').set('Authorization', 'Bearer sbx_at_x')).status).toBe(401);
      const listed = (await faults()).body.data;
      expect(listed.map((f: { remaining: number }) => f.remaining)).toEqual([100, 1]);
    });

    it('lists and clears pending faults', async () => {
      await fault({ fault: 'hang', count: 5, path_prefix: '/ad_accounts' });
      await fault({ fault: 'server_error' });
      const listed = await faults();
      expect(listed.status).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      expect(listed.body.data).toEqual([
        {
          id: expect.stringMatching(/^flt_/),
          fault: 'hang',
          count: 5,
          remaining: 5,
          path_prefix: '/ad_accounts',
          created_time: expect.stringMatching(TIMESTAMP),
          expires_time: expect.any(String),
        },
        expect.objectContaining({ fault: 'server_error', count: 1, remaining: 1 }),
      ]);
      const cleared = await clear();
      expect(cleared.status).toBe(204);
      expect(cleared.text).toBe('');
      expect((await faults()).body.data).toEqual([]);
      expect((await me()).status).toBe(200);
      expect((await clear()).status).toBe(204);
      const method = await http
        .put('/sandbox/api/v1/_test/faults')
        .set('Authorization', `Bearer ${user.token}`);
      expect(method.status).toBe(405);
      expect(method.headers.allow).toBe('GET, HEAD, POST, DELETE');
    });

    it.each([
      [{}, 'fault'],
      [{ fault: 'boom' }, 'fault'],
      [{ fault: 'server_error', count: 0 }, 'count'],
      [{ fault: 'server_error', count: 101 }, 'count'],
      [{ fault: 'server_error', count: 1.5 }, 'count'],
      [{ fault: 'server_error', count: '2' }, 'count'],
      [{ fault: 'server_error', path_prefix: 'adsets' }, 'path_prefix'],
      [{ fault: 'server_error', path_prefix: '/a b' }, 'path_prefix'],
      [{ fault: 'server_error', path_prefix: `/${'x'.repeat(200)}` }, 'path_prefix'],
      [{ fault: 'server_error', delay: 5 }, 'delay'],
    ])('refuses the fault %j with 400 on %s', async (body, param) => {
      const res = await fault(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), param } });
      expect((await faults()).body.data).toEqual([]);
    });

    it('needs a valid access token for the test controls', async () => {
      for (const res of [
        await http.get('/sandbox/api/v1/_test/faults'),
        await http.post('/sandbox/api/v1/_test/faults').send({ fault: 'hang' }),
        await http.delete('/sandbox/api/v1/_test/faults'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('invalid_token');
      }
    });

    it('hang: the client gives up, the server stays healthy and the hang never completes', async () => {
      await fault({ fault: 'hang' });
      const started = Date.now();
      await expect(
        http.get('/sandbox/api/v1/me').set('Authorization', `Bearer ${user.token}`).timeout(500),
      ).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      const healthy = await me();
      expect(healthy.status).toBe(200);
      expect((await faults()).body.data).toEqual([]);
    });

    it('hang: delays the response, then answers normally; a disconnect aborts the request', async () => {
      const quick = sandbox({ faultHangMs: 700 });
      const auth = `Bearer ${user.token}`;
      await fault({ fault: 'hang' });
      const started = Date.now();
      const late = await quick.get('/sandbox/api/v1/me').set('Authorization', auth);
      expect(late.status).toBe(200);
      expect(late.body.name).toBe('api-faults');
      expect(Date.now() - started).toBeGreaterThanOrEqual(650);

      const account = user.accounts[0]!;
      const campaign = (await campaignsOf(account, user.token)).find((c) => c.status === 'ACTIVE')!;
      const before = (await get(`/ad_accounts/${account}/adsets?limit=100`, user.token)).body.data.length;
      await fault({ fault: 'hang', path_prefix: '/ad_accounts' });
      await expect(
        quick
          .post(`/sandbox/api/v1/ad_accounts/${account}/adsets`)
          .set('Authorization', auth)
          .send({ ...valid(), name: 'Never created', campaign_id: campaign.id })
          .timeout(200),
      ).rejects.toThrow(/timeout/i);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = (await get(`/ad_accounts/${account}/adsets?limit=100`, user.token)).body.data;
      expect(after).toHaveLength(before);
      expect(after.map((a: AdSetBody) => a.name)).not.toContain('Never created');
    });

    it('adds ads to an ad set, making it span channels', async () => {
      const adsets = await get(`/ad_accounts/${user.accounts[1]}/adsets?limit=100`, user.token);
      const adset = (adsets.body.data as AdSetBody[]).find((a) => a.status !== 'ARCHIVED')!;
      const existing = (await get(`/adsets/${adset.id}/ads`, user.token)).body.data as AdBody[];
      const other = CHANNELS.find((c) => c !== adset.channel)!;
      const res = await post(
        `/_test/adsets/${adset.id}/ads`,
        { name: '  Cross-channel teaser ', channel: other, keywords: ['fresh bagels'] },
        user.token,
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        ...answered(adset),
        name: 'Cross-channel teaser',
        status: 'ACTIVE',
        channel: other,
        targeting: { keywords: ['fresh bagels'] },
        creative: { type: 'VIDEO' },
      });
      const paused = await post(
        `/_test/adsets/${adset.id}/ads`,
        { name: 'Paused one', channel: adset.channel, status: 'PAUSED' },
        user.token,
      );
      expect(paused.body).not.toHaveProperty('targeting');
      const ads = (await get(`/adsets/${adset.id}/ads`, user.token)).body.data;
      expect(ads).toEqual([...existing, res.body, paused.body]);
      const expanded = await get(`/adsets/${adset.id}?expand=ads`, user.token);
      expect(expanded.body.ads).toEqual(ads);
      expect(new Set(ads.map((a: AdBody) => a.channel)).size).toBeGreaterThanOrEqual(2);

      const many = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(`/_test/adsets/${adset.id}/ads`, { name: `Parallel ${i}`, channel: 'SOCIAL' }, user.token),
        ),
      );
      expect(many.map((r) => r.status)).toEqual(Array(8).fill(201));
      const all = (await get(`/adsets/${adset.id}/ads`, user.token)).body.data as AdBody[];
      expect(all).toHaveLength(ads.length + 8);
      expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
    });

    it('adds many ads at once with count; a report of them comes 10,000 rows a page', async () => {
      const adsets = await get(`/ad_accounts/${user.accounts[0]}/adsets?limit=100`, user.token);
      const adset = (adsets.body.data as AdSetBody[]).find((a) => a.status === 'ACTIVE')!;
      const existing = (await get(`/adsets/${adset.id}/ads`, user.token)).body.data as AdBody[];
      const res = await post(
        `/_test/adsets/${adset.id}/ads`,
        { name: 'Bulk', channel: adset.channel, count: 1000 },
        user.token,
      );
      expect(res.status).toBe(201);
      const added = res.body.data as AdBody[];
      expect(added).toHaveLength(1000);
      for (const ad of added) {
        expect(ad).toEqual({
          ...answered(adset),
          name: 'Bulk',
          status: 'ACTIVE',
          channel: adset.channel,
          creative: { type: 'VIDEO' },
        });
      }
      expect(new Set(added.map((a) => a.id)).size).toBe(1000);
      expect((await get(`/adsets/${adset.id}/ads`, user.token)).body.data).toEqual([...existing, ...added]);
      for (const count of [0, 1001, 1.5]) {
        const refused = await post(
          `/_test/adsets/${adset.id}/ads`,
          { name: 'x', channel: 'SOCIAL', count },
          user.token,
        );
        expect(refused.status).toBe(400);
        expect(refused.body.error.param).toBe('count');
      }

      // Its reports answer 10,000 rows a page: each page continues after the last, none is repeated.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const report = { level: 'AD', since: day(-13), until: day(-3) };
      const reports = `/ad_accounts/${user.accounts[0]}/reports`;
      const totals = await post(reports, { ...report, time_increment: 'ALL_DAYS' }, user.token);
      expect(totals.body.paging).toEqual({});
      let page = (await post(reports, report, user.token)).body;
      const keys: string[] = page.data.map(
        (row: { ad_id: string; date: string }) => `${row.ad_id}|${row.date}`,
      );
      expect(keys).toHaveLength(10_000);
      while (page.paging.next) {
        page = (await get(`/reports/${page.id}?after=${page.paging.next}`, user.token)).body;
        keys.push(...page.data.map((row: { ad_id: string; date: string }) => `${row.ad_id}|${row.date}`));
      }
      expect(keys).toEqual([...new Set(keys)].sort());
      expect(keys).toHaveLength(totals.body.data.length * 11);
      const garbage = await get(`/reports/${page.id}?after=bm9wZQ`, user.token);
      expect(garbage.status).toBe(400);
      expect(garbage.body.error.param).toBe('after');
    });

    it.each([
      [{ channel: 'SOCIAL' }, 'name'],
      [{ name: ' ', channel: 'SOCIAL' }, 'name'],
      [{ name: 'x' }, 'channel'],
      [{ name: 'x', channel: 'RADIO' }, 'channel'],
      [{ name: 'x', channel: 'SOCIAL', status: 'DELETED' }, 'status'],
      [{ name: 'x', channel: 'SOCIAL', keywords: [''] }, 'keywords.0'],
      [{ name: 'x', channel: 'SOCIAL', keywords: 'bread' }, 'keywords'],
      [{ name: 'x', channel: 'SOCIAL', adset_id: 'as_x' }, 'adset_id'],
    ])('refuses the test ad %j with 400 on %s', async (body, param) => {
      const adset = (await get(`/ad_accounts/${user.accounts[0]}/adsets?limit=1`, user.token)).body.data[0];
      const res = await post(`/_test/adsets/${adset.id}/ads`, body, user.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), param } });
    });

    it('refuses test ads on unknown or deleted ad sets and without ads_management', async () => {
      const ad = { name: 'x', channel: 'SOCIAL' };
      expect((await post('/_test/adsets/as_nope/ads', ad, user.token)).status).toBe(404);
      const deleted = (await get(`/ad_accounts/${user.accounts[0]}/adsets?status=DELETED`, user.token)).body
        .data[0];
      const refused = await post(`/_test/adsets/${deleted.id}/ads`, ad, user.token);
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe('id');
      const reader = await connect('api-faults', [0], 'ads_read');
      const live = (await get(`/ad_accounts/${user.accounts[0]}/adsets?limit=1`, reader.token)).body.data[0];
      const scope = await post(`/_test/adsets/${live.id}/ads`, ad, reader.token);
      expect(scope.status).toBe(403);
      expect(scope.body.error.code).toBe('insufficient_scope');
      expect((await fault({ fault: 'rate_limited' }, reader.token)).status).toBe(201);
    });
  });
});
