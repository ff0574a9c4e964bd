import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../emulators/toolkit/controls.js';
import type { EmulatorDefinition, RunningEmulator } from '../../emulators/toolkit/emulator.js';
import { startEmulator } from '../../emulators/toolkit/emulator.js';
import type { IssuedTokens } from '../../emulators/toolkit/oauth.js';
import type { PlatformId } from '../../src/domain/platform-ids.js';
import { THROTTLE_RETRIES } from '../../src/platforms/platform-fetch.js';
import { type AdsSpec, adsWalk } from './ads-walk.js';
import { type AdSetBody, AdSetClient, expectError } from './adsets-client.js';
import { type CampaignBody, CampaignClient } from './campaigns-client.js';
import {
  type Company,
  enter,
  newCustomer,
  newLink,
  startAt,
  throughChoice,
  vendorWith,
} from './connect-helpers.js';
import { FlowClient, location } from './flow-client.js';
import { type Harness, startHarness } from './harness.js';
import { reportWalk } from './report-walk.js';

/**
 * The end-to-end suite every real platform passes: adlink runs against the platform's emulator (its
 * `<ID>_BASE_URL`), a customer connects through the hosted flow, and the vendor works with ad sets
 * through the unified API. Each platform's test file calls it with its spec and adds its own cases.
 */
export interface PlatformSuiteSpec {
  platform: PlatformId;
  emulator: EmulatorDefinition;
  /** More adlink settings the platform needs (a developer token, say). */
  env?: Record<string, string>;
  /** A seeded ad account the consent grants, as adlink lists it. */
  advertiser: { id: string; currency: string };
  /** A seeded campaign of that account: the parent of the ad sets the suite creates. */
  campaign: string;
  /** A create the platform accepts (name, advertiser, parentId and status are added). */
  create: { channelKind: string; settings: object[]; targetings: object[] };
  /** Creates adlink refuses for this platform before calling it: 400 unsupported_for_platform. */
  unsupported: { settings?: object[]; targetings?: object[]; param: string }[];
  /** A create adlink's validation lets through and the platform refuses: 400 platform_validation_failed. */
  invalid: { settings?: object[]; targetings?: object[]; name?: string; param?: string };
  /** The emulator's page size for ad-set lists. */
  pageSize: number;
  /** What DELETE answers for an ad set the suite created (Paused). */
  deletedStatus: 'Deleted' | 'Archived';
  /** After the platform's access tokens expire: refreshed transparently, or the customer reconnects. */
  expiry: 'refresh' | 'reconnect';
  /**
   * The call a disconnect makes to revoke the grant, with what it must carry (`sends`: the body and
   * query exactly, the headers named), or null where the platform documents no revocation.
   */
  revocation: {
    method: string;
    path: string;
    sends(tokens: IssuedTokens, client: { clientId: string; clientSecret: string }): Partial<RecordedCall>;
  } | null;
  /**
   * The manage walk (issue: campaigns, budget and runtime changes): create a campaign where the
   * platform's API can, an ad set under it with a Runtime, change a budget, move the end, add and remove
   * a targeting, pause, delete; after each write, a live read (`dismissDatabase=true`) shows what was
   * written and `stored` shows the money in the platform's own units.
   */
  manage: ManageSpec;
  /**
   * The report walk (issue: performance reports): a 7-day daily report at each level whose ad rows sum
   * to their ad set and ad sets to their campaign, spend in major units, CSV equal to JSON.
   * `zeroDecimalAdvertiser`: a seeded, granted ad account in a zero-decimal currency (JPY, CLP) whose
   * ads report, or null where the emulator has none (say why next to it).
   */
  report?: { zeroDecimalAdvertiser: string | null };
  /** The ads walk (issue: ads that run), on an ad set created as `create` says under `campaign`. */
  ads?: AdsSpec<PlatformWorld>;
}

export interface ManageSpec<World = PlatformWorld> {
  /** The POST /v1/:platform/campaigns body (name, advertiser, status added); null where the API cannot create campaigns (the walk then uses `campaign`). */
  campaign: { objective: string; channelKind?: string; settings: object[] } | null;
  /**
   * The ad-set create under that campaign (name, advertiser, parentId and status are added); its
   * settings hold a Runtime where the platform schedules ad sets (`runtime.on` 'adset'), else the
   * campaign's do.
   */
  adSet: { channelKind: string; settings: object[]; targetings: object[] };
  /**
   * The budget change: a setting sent with PUT to the ad set, or, where budgets live on the campaign,
   * to the campaign (`on`). `stored` reads the budget from the emulator's own state after the write
   * and `expected` is it in the platform's units (micros, cents or major units).
   */
  budget: {
    on: 'adset' | 'campaign';
    setting: object;
    stored(world: World, ids: { campaign: string; adSet: string }): unknown | Promise<unknown>;
    expected: unknown;
  };
  /** A Runtime with a moved end, sent with PUT to where the platform keeps the schedule. */
  runtime: { on: 'adset' | 'campaign'; setting: object };
  /** A targeting added with PUT, then removed with an empty list of its kind; null where none can change. */
  targeting: { add: object; remove: object } | null;
}

const STATUSES = ['Running', 'Active', 'Paused', 'Archived', 'Deleted'];

/** Everything a connected customer needs: the emulator, adlink, and the vendor's API client. */
export interface PlatformWorld {
  emulator: RunningEmulator;
  h: Harness;
  /** A new company and customer who connected the platform through the hosted flow. */
  connect(): Promise<{ company: Company; customer: string; api: AdSetClient; browser: FlowClient }>;
  /** Stops adlink, then the emulator. */
  close(): Promise<void>;
}

/** Starts the emulator and adlink pointed at it; `connect` runs the whole hosted flow. */
export async function startPlatformWorld(spec: Pick<PlatformSuiteSpec, 'platform' | 'emulator' | 'env'>) {
  const emulator = await startEmulator(spec.emulator);
  const id = spec.platform.toUpperCase();
  const h = await startHarness({
    env: {
      [`${id}_BASE_URL`]: emulator.url,
      [`${id}_CLIENT_ID`]: emulator.oauth.options.clientId,
      [`${id}_CLIENT_SECRET`]: emulator.oauth.options.clientSecret,
      SANDBOX_ENABLED: 'false',
      ...spec.env,
    },
  });
  const world: PlatformWorld = {
    emulator,
    h,
    async connect() {
      const company = await vendorWith(h, `${spec.platform} vendor`);
      const customer = await newCustomer(h, company);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, customer, { platforms: spec.platform })).connect_url);
      const callback = await consentAtEmulator(world, browser, spec.platform, 'allow');
      const connected = await browser.get(callback);
      expect(connected.status, await connected.clone().text()).toBe(303);
      expect(await throughChoice(browser, connected)).toBe(`/connections?connected=${spec.platform}`);
      return { company, customer, api: new AdSetClient(h, company, customer, spec.platform), browser };
    },
    async close() {
      await h.close();
      await emulator.close();
    },
  };
  return world;
}

/** What adlink recorded of a disconnect: its `connection.revoked` event's data and its attempt-log entry. */
export async function disconnectRecords(h: Harness, company: Company, customer: string) {
  const events = await h.http
    .get(`/events?type=connection.revoked&customer=${customer}`)
    .set('Authorization', company.auth);
  const attempts = await h.http
    .get(`/connect/attempts?customer=${customer}`)
    .set('Authorization', company.auth);
  return {
    event: (events.body.data as { data: unknown }[])[0]?.data,
    attempt: (attempts.body.data as Record<string, unknown>[])[0],
  };
}

/** Start → the emulator's consent page → its answer: the callback URL the browser is sent to. */
export async function consentAtEmulator(
  world: { emulator: { url: string }; h: { baseUrl: string } },
  browser: FlowClient,
  platform: string,
  decision: 'allow' | 'deny',
  /** The scopes asked for instead of adlink's (what an earlier adlink asked for). */
  scope?: string,
): Promise<string> {
  const start = await startAt(browser, platform);
  expect(start.status).toBe(303);
  const authorize = new URL(location(start));
  expect(authorize.origin).toBe(world.emulator.url);
  if (scope !== undefined) authorize.searchParams.set('scope', scope);
  const page = await browser.get(authorize.href);
  const html = await page.text();
  expect(page.status, html.slice(0, 300)).toBe(200);
  const answer = await browser.post(`${authorize.origin}${authorize.pathname}`, {
    ...FlowClient.formFields(html),
    decision,
  });
  expect(answer.status).toBe(303);
  const callback = new URL(location(answer));
  expect(`${callback.origin}${callback.pathname}`).toBe(
    `${world.h.baseUrl}/connections/oauth/${platform}/callback`,
  );
  return callback.href;
}

export function describePlatformSuite(spec: PlatformSuiteSpec): void {
  describe(`${spec.platform}: the unified API end to end against its emulator`, () => {
    let world: PlatformWorld;
    let api: AdSetClient;
    const newAdSet = (name: string, extra: object = {}) => ({
      name,
      advertiser: spec.advertiser.id,
      parentId: spec.campaign,
      status: 'Paused',
      ...spec.create,
      ...extra,
    });
    /** API calls the emulator answered while `work` ran (the test controls excluded). */
    const platformCalls = async (work: () => Promise<unknown>) => {
      const before = world.emulator.controls.calls.length;
      await work();
      return world.emulator.controls.calls.slice(before);
    };

    beforeAll(async () => {
      world = await startPlatformWorld(spec);
      ({ api } = await world.connect());
    });
    afterAll(() => world?.close());

    it('connects through the hosted flow: the connection lists the granted ad accounts', async () => {
      const res = await api.connections();
      expect(res.status).toBe(200);
      const connection = (res.body.data as Record<string, unknown>[]).find(
        (c) => c.platform === spec.platform,
      );
      expect(connection).toMatchObject({ platform: spec.platform, status: 'connected' });
      const accounts = connection!.ad_accounts as { id: string }[];
      expect(accounts.map((a) => a.id)).toContain(spec.advertiser.id);
      const advertisers = await api.advertisers();
      expect(advertisers.status).toBe(200);
      expect(advertisers.body.data).toContainEqual(expect.objectContaining(spec.advertiser));
    });

    it('lists the campaigns of the connected accounts', async () => {
      const res = await api.campaigns({ platform: spec.platform });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const campaign = (res.body.data as Record<string, unknown>[]).find((c) => c.id === spec.campaign);
      expect(campaign).toMatchObject({ platform: spec.platform, advertiser: spec.advertiser.id });
      expect(STATUSES).toContain(campaign!.status);
      expect(res.body.unavailable ?? []).toEqual([]);
    });

    it('lists ad sets from the cache once filled, and live with dismissDatabase=true', async () => {
      const first = await api.all();
      expect(first.items.length).toBeGreaterThan(0);
      for (const adSet of first.items) {
        expect(adSet.platform).toBe(spec.platform);
        expect(STATUSES).toContain(adSet.status);
        expect(typeof adSet.parentId).toBe('string');
      }
      const cached = await platformCalls(() => api.all());
      expect(cached).toEqual([]);
      const live = await platformCalls(async () => {
        const res = await api.list({ dismissDatabase: true, limit: 500 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((res.body.data as AdSetBody[]).map((a) => a.id).sort()).toEqual(
          first.items.map((a) => a.id).sort(),
        );
      });
      expect(live.length).toBeGreaterThan(0);
    });

    it('gets one ad set, with its ads and targetings when asked', async () => {
      const [adSet] = (await api.all()).items;
      const plain = await api.get(adSet!.id);
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ id: adSet!.id, platform: spec.platform });
      expect(plain.body.ads).toBeUndefined();
      expect(plain.body.targetings).toBeUndefined();
      const full = await api.get(adSet!.id, { childResources: 'Ad,Targeting', dismissDatabase: true });
      expect(full.status, JSON.stringify(full.body)).toBe(200);
      expect(Array.isArray(full.body.ads)).toBe(true);
      expect(Array.isArray(full.body.targetings)).toBe(true);
    });

    it('creates (form-encoded), reads back live, updates name and status, and deletes', async () => {
      const created = await api.createForm(newAdSet('adlink suite ad set'));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({
        name: 'adlink suite ad set',
        platform: spec.platform,
        status: 'Paused',
        advertiser: spec.advertiser.id,
        parentId: spec.campaign,
        ads: [],
      });
      const id = created.body.id as string;
      const live = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({ id, name: 'adlink suite ad set', status: 'Paused' });
      for (const targeting of spec.create.targetings) expect(live.body.targetings).toContainEqual(targeting);

      const renamed = await api.put(id, { name: 'renamed by adlink', status: 'Active' });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.name).toBe('renamed by adlink');
      expect(['Active', 'Running']).toContain(renamed.body.status);
      const reread = await api.get(id, { dismissDatabase: true });
      expect(reread.body).toMatchObject({ name: 'renamed by adlink', status: renamed.body.status });

      const deleted = await api.delete(id);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(deleted.body).toMatchObject({ deletions: 1, data: [{ id, status: spec.deletedStatus }] });
      const after = (await api.all()).items.find((a) => a.id === id);
      if (after) expect(after.status).toBe(spec.deletedStatus);
    });

    const walk =
      'manages: campaign, ad set with a Runtime, budget, end, targeting, pause, delete — read back live';
    if (spec.manage) {
      const manage = spec.manage;
      it(walk, async () => {
        const campaigns = new CampaignClient(world.h, api.company, api.customer, spec.platform);
        await manageWalk(manage, {
          world,
          adSets: api,
          campaigns,
          advertiser: spec.advertiser.id,
          campaign: spec.campaign,
          deletedStatus: spec.deletedStatus,
        });
      });
    } else {
      it.skip(`${walk} (skipped: ${spec.platform} has no ManageSpec yet)`, () => {});
    }

    const reports = 'reports: 7 days daily at each level, sums agree, major units, CSV equals JSON';
    if (spec.report) {
      const { zeroDecimalAdvertiser } = spec.report;
      it(reports, async () => {
        await reportWalk({
          h: world.h,
          company: api.company,
          customer: api.customer,
          platform: spec.platform,
          zeroDecimalAdvertiser,
        });
      });
    } else {
      it.skip(`${reports} (skipped: ${spec.platform} has no report spec yet)`, () => {});
    }

    const adsTitle = 'ads: images, identities, each creative kind, read live, renamed, paused, deleted';
    if (spec.ads) {
      const ads = spec.ads;
      it(adsTitle, async () => {
        await adsWalk(ads, {
          world,
          h: world.h,
          adSets: api,
          platform: spec.platform,
          advertiser: spec.advertiser.id,
          adSet: { parentId: spec.campaign, ...spec.create },
          platformCalls,
        });
      });
    } else {
      it.skip(`${adsTitle} (skipped: ${spec.platform} has no ads spec yet)`, () => {});
    }

    it('refuses what the platform cannot express, naming the parameter, and creates nothing', async () => {
      const count = async () =>
        (await api.list({ dismissDatabase: true, limit: 500 })).body.data.length as number;
      const before = await count();
      for (const [i, { param, ...change }] of spec.unsupported.entries()) {
        expectError(
          await api.create(newAdSet(`unsupported ${i}`, change)),
          400,
          'unsupported_for_platform',
          param,
        );
      }
      expect(await count()).toBe(before);
    });

    it("passes the platform's own validation message on as a 400", async () => {
      const { param, ...change } = spec.invalid;
      const before = (await api.all()).items.length;
      const res = await api.create(newAdSet('refused by the platform', change));
      expectError(res, 400, 'platform_validation_failed', param);
      expect((await api.all()).items.length).toBe(before);
    });

    it("follows the platform's pagination past its page size", async () => {
      const before = (await api.list({ dismissDatabase: true, limit: 500 })).body.data.length as number;
      const extra = spec.pageSize * 2 + 3;
      world.emulator.seedAdSets(spec.advertiser.id, spec.campaign, extra);
      const res = await api.list({ dismissDatabase: true, limit: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { items } = await api.all({}, 50);
      expect(items.length).toBe(before + extra);
      expect(new Set(items.map((a) => a.id)).size).toBe(items.length);
    });

    it('absorbs a brief throttle with a retry; persistent throttling is a 429 with Retry-After', async () => {
      world.emulator.controls.throttleNext(1);
      expect((await api.list({ dismissDatabase: true })).status).toBe(200);
      world.emulator.controls.throttleNext(1000);
      const calls = await platformCalls(async () => {
        const res = await api.list({ dismissDatabase: true });
        expectError(res, 429, 'platform_rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      });
      world.emulator.controls.throttleNext(0);
      // Each ad account is read on its own, each call retried a bounded number of times.
      const accounts = ((await api.advertisers()).body.data as unknown[]).length;
      expect(calls.length).toBeLessThanOrEqual((THROTTLE_RETRIES + 1) * accounts);
      expect((await api.list({ dismissDatabase: true })).status).toBe(200);
    });

    it(
      spec.expiry === 'refresh'
        ? 'refreshes an expired access token transparently'
        : 'asks for a reconnection when the access token expired (no refresh token)',
      async () => {
        const { api: other } = await world.connect();
        world.emulator.oauth.expireAccessTokens();
        const res = await other.list({ dismissDatabase: true });
        if (spec.expiry === 'refresh') {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(await other.connectionStatus()).toBe('connected');
        } else {
          expectError(res, 409, 'reauthorization_required', 'platform');
          expect(await other.connectionStatus()).toBe('needs_reauth');
        }
      },
    );

    const disconnect = (company: Company, customer: string) =>
      world.h.http
        .delete(`/customers/${customer}/connections/${spec.platform}`)
        .set('Authorization', company.auth);

    it(
      spec.revocation
        ? 'revokes the grant at the platform on disconnect: the platform then refuses its tokens'
        : 'disconnects without calling the platform, which documents no revocation, and says so',
      async () => {
        const { company, customer } = await world.connect();
        const tokens = world.emulator.oauth.lastIssued!;
        const outcome = spec.revocation
          ? { platform_revoked: true }
          : { platform_revoked: false, reason: 'not_supported' };
        const calls = await platformCalls(async () => {
          const res = await disconnect(company, customer);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body).toEqual({ platform: spec.platform, deleted: true, ...outcome });
        });
        if (spec.revocation) {
          const { oauth } = world.emulator;
          const { headers = {}, ...exact } = spec.revocation.sends(tokens, oauth.options);
          expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
            `${spec.revocation.method} ${spec.revocation.path}`,
          ]);
          expect(calls[0]!.headers).toMatchObject(headers);
          expect({ query: {}, ...exact }).toEqual({ query: calls[0]!.query, body: calls[0]!.body });
          expect(oauth.verify(tokens.access_token)).toBe('unknown');
          if (tokens.refresh_token) {
            const refresh = { refreshToken: tokens.refresh_token, ...oauth.options };
            expect(oauth.refreshGrant(refresh)).toBe('invalid_grant');
          }
        } else {
          expect(calls).toEqual([]);
        }
        const { event, attempt } = await disconnectRecords(world.h, company, customer);
        expect(event).toEqual({ platform: spec.platform, ...outcome });
        expect(attempt).toMatchObject({
          platform: spec.platform,
          outcome: 'disconnected',
          platform_revoked: outcome.platform_revoked,
          error_code: outcome.reason ?? null,
        });
      },
    );

    it.runIf(spec.revocation)(
      'disconnects locally when the platform fails the revocation; the event and the attempt log say so',
      async () => {
        const { company, customer, api } = await world.connect();
        const tokens = world.emulator.oauth.lastIssued!;
        world.emulator.controls.failNext(1);
        const res = await disconnect(company, customer);
        world.emulator.controls.failNext(0);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const outcome = { platform_revoked: false, reason: 'platform_error' };
        expect(res.body).toEqual({ platform: spec.platform, deleted: true, ...outcome });
        expect((await api.connections()).body.data).toEqual([]);
        const { event, attempt } = await disconnectRecords(world.h, company, customer);
        expect(event).toEqual({ platform: spec.platform, ...outcome });
        expect(attempt).toMatchObject({
          outcome: 'disconnected',
          platform_revoked: false,
          error_code: 'platform_error',
        });
        // The grant lives on at the platform: the customer removes the app there.
        expect(world.emulator.oauth.verify(tokens.access_token)).toMatchObject({ user: 'emulated-user' });
      },
    );

    it('marks a revoked authorization needs_reauth and says so', async () => {
      const { api: other } = await world.connect();
      world.emulator.oauth.revokeAll();
      expectError(await other.list({ dismissDatabase: true }), 409, 'reauthorization_required', 'platform');
      expect(await other.connectionStatus()).toBe('needs_reauth');
      expectError(await other.list(), 409, 'reauthorization_required', 'platform');
    });
  });
}

/** Where the walk runs: the world `stored` reads the platform's state from, and the vendor's clients. */
export interface ManageContext<World> {
  world: World;
  adSets: AdSetClient;
  campaigns: CampaignClient;
  /** The ad account the walk creates in. */
  advertiser: string;
  /** The seeded campaign used where the platform's API cannot create campaigns. */
  campaign: string;
  /** What DELETE answers for an ad set (Paused). */
  deletedStatus: 'Deleted' | 'Archived';
}

/** The Runtime among settings, as instants (platforms may answer in the account's time zone). */
const runtimeOf = (settings: Record<string, unknown>[] | undefined) => {
  const runtime = settings?.find((s) => s.kind === 'Runtime');
  if (!runtime) return undefined;
  return {
    start: Date.parse(runtime.start as string),
    end: runtime.end === undefined ? undefined : Date.parse(runtime.end as string),
  };
};

function ok<T>(res: { status: number; body: unknown }, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

/**
 * The manage walk (issue 21): a campaign (created where the API can), an ad set under it with a
 * Runtime, a budget change and a moved end (on the ad set or the campaign), a targeting added and
 * removed, a pause and the deletes. After each write a live read (`dismissDatabase=true`) shows what
 * was written, and `stored` the budget in the platform's own units.
 */
export async function manageWalk<World>(manage: ManageSpec<World>, ctx: ManageContext<World>): Promise<void> {
  const { adSets, campaigns, advertiser } = ctx;
  const stamp = Date.now().toString(36);
  let campaign = ctx.campaign;
  if (manage.campaign) {
    const created = ok<CampaignBody>(
      await campaigns.create({
        name: `manage walk ${stamp}`,
        advertiser,
        status: 'Paused',
        ...manage.campaign,
      }),
      201,
    );
    expect(created).toMatchObject({ advertiser, objective: manage.campaign.objective, status: 'Paused' });
    campaign = created.id;
    expect(ok<CampaignBody>(await campaigns.get(campaign, { dismissDatabase: true })).id).toBe(campaign);
  }

  const adSet = ok<AdSetBody>(
    await adSets.create({
      name: `manage walk ad set ${stamp}`,
      advertiser,
      parentId: campaign,
      status: 'Paused',
      ...manage.adSet,
    }),
    201,
  );
  expect(adSet.parentId).toBe(campaign);
  // The Runtime is created where the platform schedules: on the ad set, or on the campaign.
  const scheduled = manage.runtime.on === 'adset' ? manage.adSet : manage.campaign;
  const sentRuntime = runtimeOf(scheduled?.settings as Record<string, unknown>[] | undefined);
  if (scheduled) expect(sentRuntime, `the ManageSpec's ${manage.runtime.on} has a Runtime`).toBeDefined();
  const live = async (on: 'adset' | 'campaign') =>
    on === 'adset'
      ? ok<AdSetBody>(await adSets.get(adSet.id, { dismissDatabase: true, childResources: 'Targeting' }))
      : ok<CampaignBody>(await campaigns.get(campaign, { dismissDatabase: true }));
  const put = async (on: 'adset' | 'campaign', body: object) =>
    on === 'adset'
      ? ok<AdSetBody>(await adSets.put(adSet.id, body))
      : ok<CampaignBody>(await campaigns.put(campaign, body));
  if (scheduled) expect(runtimeOf((await live(manage.runtime.on)).settings)).toEqual(sentRuntime);

  const { budget } = manage;
  expect((await put(budget.on, { settings: [budget.setting] })).settings).toContainEqual(budget.setting);
  expect((await live(budget.on)).settings).toContainEqual(budget.setting);
  expect(await budget.stored(ctx.world, { campaign, adSet: adSet.id })).toEqual(budget.expected);

  const moved = runtimeOf([manage.runtime.setting as Record<string, unknown>]);
  expect(runtimeOf((await put(manage.runtime.on, { settings: [manage.runtime.setting] })).settings)).toEqual(
    moved,
  );
  expect(runtimeOf((await live(manage.runtime.on)).settings)).toEqual(moved);

  if (manage.targeting) {
    ok(await adSets.put(adSet.id, { targetings: [manage.targeting.add] }));
    expect(((await live('adset')) as AdSetBody).targetings).toContainEqual(manage.targeting.add);
    ok(await adSets.put(adSet.id, { targetings: [manage.targeting.remove] }));
    const { kind } = manage.targeting.remove as { kind: string };
    const emptied = Object.values(manage.targeting.remove).some((v) => Array.isArray(v) && v.length === 0);
    const left = ((await live('adset')) as AdSetBody).targetings?.find((t) => t.kind === kind);
    expect(left).toEqual(emptied ? undefined : manage.targeting.remove);
  }

  expect(['Active', 'Running']).toContain((await put('adset', { status: 'Active' })).status);
  expect((await put('adset', { status: 'Paused' })).status).toBe('Paused');
  expect((await live('adset')).status).toBe('Paused');

  const deleted = ok<{ data: AdSetBody[] }>(await adSets.delete(adSet.id));
  expect(deleted.data[0]!.status).toBe(ctx.deletedStatus);
  const gone = await adSets.get(adSet.id, { dismissDatabase: true });
  if (gone.status === 200) expect(gone.body.status).toBe(ctx.deletedStatus);
  else expectError(gone, 404, 'adset_not_found', 'id');

  if (manage.campaign) {
    const removed = ok<{ deletions: number; data: CampaignBody[] }>(await campaigns.delete(campaign));
    expect(['Deleted', 'Archived']).toContain(removed.data[0]!.status);
    const after = await campaigns.get(campaign, { dismissDatabase: true });
    if (after.status === 200) expect(after.body.status).toBe(removed.data[0]!.status);
    else expectError(after, 404, 'campaign_not_found', 'id');
  }
}
