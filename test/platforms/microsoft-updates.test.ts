import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { storedAdGroup, storedKeywords } from './microsoft-emulator.js';

/**
 * Managing Microsoft Advertising ad groups through the unified API against the emulator: a Runtime
 * as StartDate and EndDate in the campaign's time zone, moved and opened, keywords replaced with
 * AddKeywords and DeleteKeywords, read back from Microsoft (`dismissDatabase=true`), and what
 * Microsoft cannot change refused by name.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const keywords = (...list: string[]) => ({ kind: 'KeywordTargeting', keywords: list });
const OBJECTIVE = { kind: 'Objective', objective: 'Search' };
const BUDGET = { kind: 'DailyBudget', budget: 40, currency: 'USD' };

describe('microsoft: managing ad groups after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({
      platform: 'microsoft',
      emulator: microsoftEmulator,
      env: { MICROSOFT_DEVELOPER_TOKEN: 'dev' },
    });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  /** The calls of one operation (the exact path: `callsTo` matches any path containing it). */
  const callsOf = (path: string, method: string) =>
    world.emulator.controls.calls.filter(
      (c) => c.path === `/CampaignManagement/v13${path}` && c.method === method,
    );
  const lastCall = (path: string, method: string) =>
    callsOf(path, method).at(-1)?.body as Record<string, unknown>;
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (
    name: string,
    settings: object[],
    targetings: object[] = [],
    parentId: string = SEED.searchCampaign,
    advertiser: string = SEED.usAccount,
  ) => {
    const res = await api.create({ name, advertiser, parentId, channelKind: 'Search', settings, targetings });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };

  it('creates with a Runtime in Pacific time, moves the end, then opens it', async () => {
    // 1 March is Pacific standard time, 1 April daylight time: the end day is the day before.
    const runtime = {
      kind: 'Runtime',
      start: `${YEAR}-03-01T08:00:00Z`,
      end: `${YEAR}-04-01T00:00:00-07:00`,
    };
    const created = await create('Spring bikes', [OBJECTIVE, runtime], [keywords('spring bike')]);
    expect(lastCall('/AdGroups', 'POST')).toMatchObject({
      AdGroups: [{ StartDate: { Day: 1, Month: 3, Year: YEAR }, EndDate: { Day: 31, Month: 3, Year: YEAR } }],
    });
    const pacific = { kind: 'Runtime', start: `${YEAR}-03-01T00:00:00-08:00`, end: runtime.end };
    expect(created.settings).toEqual([BUDGET, OBJECTIVE, pacific]);

    const moved = { kind: 'Runtime', start: pacific.start, end: `${YEAR}-04-15T00:00:00-07:00` };
    const res = await api.put(created.id, { settings: [moved] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The unchanged start is not sent again.
    expect(lastCall('/AdGroups', 'PUT')).toEqual({
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Id: created.id, EndDate: { Day: 14, Month: 4, Year: YEAR } }],
    });
    expect((await live(created.id)).settings).toContainEqual(moved);
    expect(await storedAdGroup(world.emulator, SEED.searchCampaign, created.id)).toMatchObject({
      StartDate: { Day: 1, Month: 3, Year: YEAR },
      EndDate: { Day: 14, Month: 4, Year: YEAR },
    });

    const open = { kind: 'Runtime', start: pacific.start };
    expect((await api.put(created.id, { settings: [open] })).status).toBe(200);
    // Microsoft removes an end date when sent one from 2 January 2050.
    expect(lastCall('/AdGroups', 'PUT')).toEqual({
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Id: created.id, EndDate: { Day: 2, Month: 1, Year: 2050 } }],
    });
    expect((await live(created.id)).settings).toEqual([BUDGET, OBJECTIVE, open]);
    expect(await storedAdGroup(world.emulator, SEED.searchCampaign, created.id)).toMatchObject({
      EndDate: null,
    });

    const later = { kind: 'Runtime', start: `${YEAR}-03-08T00:00:00-08:00` };
    expect((await api.put(created.id, { settings: [later] })).status).toBe(200);
    expect(lastCall('/AdGroups', 'PUT')).toEqual({
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Id: created.id, StartDate: { Day: 8, Month: 3, Year: YEAR } }],
    });
    expect((await live(created.id)).settings).toContainEqual(later);
  });

  it("reads and writes dates in the campaign's time zone (Berlin for the EU account)", async () => {
    const runtime = {
      kind: 'Runtime',
      start: `${YEAR}-05-31T22:00:00Z`,
      end: `${YEAR}-07-01T00:00:00+02:00`,
    };
    const created = await create('Sommer', [runtime], [], SEED.euCampaign, SEED.euAccount);
    expect(lastCall('/AdGroups', 'POST')).toMatchObject({
      AdGroups: [{ StartDate: { Day: 1, Month: 6, Year: YEAR }, EndDate: { Day: 30, Month: 6, Year: YEAR } }],
    });
    expect(created.settings).toContainEqual({ ...runtime, start: `${YEAR}-06-01T00:00:00+02:00` });
  });

  it('replaces keywords: adds the new ones, deletes the ones left out, and removes all with an empty list', async () => {
    const created = await create('Keyword swaps', [], [keywords('city bike')]);
    const added = await api.put(created.id, { targetings: [keywords('city bike', 'cargo bike')] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(lastCall('/Keywords', 'POST')).toEqual({
      AdGroupId: created.id,
      Keywords: [{ Text: 'cargo bike', MatchType: 'Broad' }],
    });
    expect((await live(created.id)).targetings).toEqual([keywords('city bike', 'cargo bike')]);

    const deletes = () => callsOf('/Keywords', 'DELETE').length;
    const before = deletes();
    const swapped = await api.put(created.id, { targetings: [keywords('Cargo Bike')] });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    // 'Cargo Bike' is the keyword already there (Microsoft compares without case): only 'city bike' goes.
    expect(deletes()).toBe(before + 1);
    expect((lastCall('/Keywords', 'DELETE').KeywordIds as string[]).length).toBe(1);
    expect((await live(created.id)).targetings).toEqual([keywords('cargo bike')]);

    expect((await api.put(created.id, { targetings: [keywords()] })).status).toBe(200);
    expect((await live(created.id)).targetings).toEqual([]);
  });

  it('a keyword Microsoft refuses is named, and the keywords already there stay', async () => {
    const created = await create('Refused swap', [], [keywords('touring bike')]);
    expectError(
      await api.put(created.id, { targetings: [keywords('touring bike', 'a (b)')] }),
      400,
      'platform_validation_failed',
      'targetings[0].keywords[1]',
    );
    expect((await live(created.id)).targetings).toEqual([keywords('touring bike')]);
  });

  it('a replacement whose delete step fails is undone: the old keywords alone, a 502, the cache as Microsoft', async () => {
    const created = await create('Failed swap', [], [keywords('gravel bike', 'fat bike')]);
    const addsBefore = callsOf('/Keywords', 'POST').length;
    const deletesBefore = callsOf('/Keywords', 'DELETE').length;
    // DeleteKeywords answers HTTP 500 once: the old keywords cannot be removed.
    world.emulator.controls.failNext(1, { method: 'DELETE', path: '/CampaignManagement/v13/Keywords' });
    const failed = await api.put(created.id, { targetings: [keywords('gravel bike', 'e-bike')] });
    world.emulator.controls.failNext(0);
    expectError(failed, 502, 'platform_error');
    // 'e-bike' was added, then deleted again when 'fat bike' could not be.
    expect(callsOf('/Keywords', 'POST').length).toBe(addsBefore + 1);
    expect(callsOf('/Keywords', 'DELETE').length).toBe(deletesBefore + 2);
    expect(lastCall('/Keywords', 'DELETE').KeywordIds).toHaveLength(1);
    const stored = await storedKeywords(world.emulator, created.id);
    expect(stored.map((k) => k.Text).sort()).toEqual(['fat bike', 'gravel bike']);
    // The cache holds what Microsoft holds.
    const cached = await api.get(created.id, { childResources: 'Targeting' });
    expect(cached.body.targetings).toEqual([keywords('gravel bike', 'fat bike')]);
    expect((await live(created.id)).targetings).toEqual([keywords('gravel bike', 'fat bike')]);
  });

  it('when the undo fails too, the 502 says which keywords the ad group holds beside its old ones', async () => {
    const created = await create('Failed undo', [], [keywords('kids bike')]);
    // DeleteKeywords fails twice: the old keyword's removal, then the new one's.
    world.emulator.controls.failNext(2, { method: 'DELETE', path: '/CampaignManagement/v13/Keywords' });
    const failed = await api.put(created.id, { targetings: [keywords('balance bike')] });
    world.emulator.controls.failNext(0);
    const error = expectError(failed, 502, 'platform_error');
    expect(error.message).toContain('("balance bike") could not be removed again');
    const stored = await storedKeywords(world.emulator, created.id);
    expect(stored.map((k) => k.Text).sort()).toEqual(['balance bike', 'kids bike']);
  });

  it('a new keyword added beside a refused one is removed again: the ad group keeps its old keywords', async () => {
    const created = await create('Refused beside', [], [keywords('tandem')]);
    expectError(
      await api.put(created.id, { targetings: [keywords('tandem', 'recumbent', 'a (b)')] }),
      400,
      'platform_validation_failed',
      'targetings[0].keywords[2]',
    );
    const stored = await storedKeywords(world.emulator, created.id);
    expect(stored.map((k) => k.Text)).toEqual(['tandem']);
    expect((await live(created.id)).targetings).toEqual([keywords('tandem')]);
  });

  it('refuses what Microsoft cannot change: the budget, a time of day, keywords of Audience ad groups', async () => {
    const created = await create('Refusals', []);
    const budget = await api.put(created.id, { settings: [{ ...BUDGET, budget: 50 }] });
    expectError(budget, 400, 'unsupported_for_platform', 'settings[0]');

    const puts = () => callsOf('/AdGroups', 'PUT').length;
    const before = puts();
    const noon = await api.put(created.id, {
      settings: [{ kind: 'Runtime', start: `${YEAR}-03-01T12:00:00-08:00` }],
    });
    expectError(noon, 400, 'invalid_request', 'settings[0].start');
    const evening = await api.put(created.id, {
      settings: [
        { kind: 'Runtime', start: `${YEAR}-03-01T00:00:00-08:00`, end: `${YEAR}-03-10T18:00:00-08:00` },
      ],
    });
    expectError(evening, 400, 'invalid_request', 'settings[0].end');
    expect(puts()).toBe(before);

    const { items } = await api.all();
    const audience = items.find((a) => a.name === 'Site visitors')!;
    expectError(
      await api.put(audience.id, { targetings: [keywords('riders')] }),
      400,
      'invalid_request',
      'targetings[0]',
    );
  });

  it('a start that has arrived is not resent, and Microsoft refuses moving it (named settings[0].start)', async () => {
    const { items } = await api.all();
    // Seeded with StartDate 15 January 2025, Pacific time.
    const gravel = items.find((a) => a.name === 'Gravel bikes')!;
    const started = { kind: 'Runtime', start: '2025-01-15T00:00:00-08:00' };
    expect(gravel.settings).toContainEqual(started);
    const ended = await api.put(gravel.id, {
      settings: [{ ...started, end: `${YEAR}-02-01T00:00:00-08:00` }],
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(lastCall('/AdGroups', 'PUT')).toEqual({
      CampaignId: SEED.searchCampaign,
      AdGroups: [{ Id: gravel.id, EndDate: { Day: 31, Month: 1, Year: YEAR } }],
    });
    const moved = await api.put(gravel.id, {
      settings: [{ kind: 'Runtime', start: `${YEAR}-01-05T00:00:00-08:00` }],
    });
    expectError(moved, 400, 'platform_validation_failed', 'settings[0].start');
    expect((await live(gravel.id)).settings).toContainEqual({
      ...started,
      end: `${YEAR}-02-01T00:00:00-08:00`,
    });
  });
});
