import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { tiktokRecord } from '../support/tiktok-records.js';

/**
 * Managing TikTok ad groups through the unified API against the TikTok emulator: budget, schedule
 * (UTC+0) and zip code changes written with `/adgroup/update/`, read back from TikTok
 * (`dismissDatabase=true`) and from the emulator's own records, and what TikTok cannot change refused.
 */

const USD = SEEDED.usAdvertiser;
const TRAFFIC_CAMPAIGN = '1800000000000000001';
const YEAR = new Date().getUTCFullYear() + 1;
const usZips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const usd = (budget: number, kind = 'DailyBudget') => ({ kind, budget, currency: 'USD' });
const TRAFFIC = { kind: 'Objective', objective: 'TRAFFIC' };

describe('tiktok: managing ad groups after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  let names = 0;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'tiktok', emulator: tiktokEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  /** The body of the last `/adgroup/update/`. */
  const lastUpdate = () => world.emulator.controls.callsTo('/adgroup/update/', 'POST').at(-1)?.body;
  const updates = () => world.emulator.controls.callsTo('/adgroup/update/', 'POST').length;
  const stored = (id: string, advertiser: string = USD) =>
    tiktokRecord(world.emulator, 'adgroup', advertiser, id);
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (settings: object[], targetings: object[] = [usZips('10001')]) => {
    const res = await api.create({
      name: `managed on TikTok ${++names}`,
      advertiser: USD,
      campaignId: TRAFFIC_CAMPAIGN,
      channelKind: 'Social',
      settings,
      targetings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };

  it('changes the budget, moves and opens the end, replaces the zip codes; TikTok schedules in UTC+0', async () => {
    const runtime = {
      kind: 'Runtime',
      start: `${YEAR}-03-01T09:00:00+09:00`,
      end: `${YEAR}-04-01T00:00:00+09:00`,
    };
    const created = await create([usd(30), runtime]);
    const utc = { kind: 'Runtime', start: `${YEAR}-03-01T00:00:00Z`, end: `${YEAR}-03-31T15:00:00Z` };
    expect(created.settings).toEqual([usd(30), TRAFFIC, utc]);

    const raised = await api.put(created.id, { settings: [usd(45.5)] });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(lastUpdate()).toEqual({ advertiser_id: USD, adgroup_id: created.id, budget: 45.5 });
    expect(raised.body.settings).toEqual([usd(45.5), TRAFFIC, utc]);
    expect((await stored(created.id)).budget).toBe(45.5);

    const moved = { kind: 'Runtime', start: utc.start, end: `${YEAR}-04-15T12:00:00-04:00` };
    expect((await api.put(created.id, { settings: [moved] })).status).toBe(200);
    // The unchanged start is not sent again.
    expect(lastUpdate()).toEqual({
      advertiser_id: USD,
      adgroup_id: created.id,
      schedule_end_time: `${YEAR}-04-15 16:00:00`,
    });
    expect((await live(created.id)).settings).toContainEqual({ ...moved, end: `${YEAR}-04-15T16:00:00Z` });

    const open = { kind: 'Runtime', start: utc.start };
    expect((await api.put(created.id, { settings: [open] })).status).toBe(200);
    expect(lastUpdate()).toEqual({
      advertiser_id: USD,
      adgroup_id: created.id,
      schedule_type: 'SCHEDULE_FROM_NOW',
    });
    expect((await live(created.id)).settings).toEqual([usd(45.5), TRAFFIC, open]);
    expect(await stored(created.id)).toMatchObject({
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: `${YEAR}-03-01 00:00:00`,
      schedule_end_time: `${YEAR + 10}-03-01 00:00:00`,
    });

    const rezoned = await api.put(created.id, { targetings: [usZips('10002', '94103')] });
    expect(rezoned.status, JSON.stringify(rezoned.body)).toBe(200);
    expect((await live(created.id)).targetings).toEqual([usZips('10002', '94103')]);
    expect((await stored(created.id)).zipcode_ids).toEqual(['6252001100020', '6252001941030']);

    // Its zip codes are the ad group's only location: TikTok refuses to take them away.
    expectError(
      await api.put(created.id, { targetings: [usZips()] }),
      400,
      'platform_validation_failed',
      'targetings[0]',
    );
    expect((await live(created.id)).targetings).toEqual([usZips('10002', '94103')]);
  });

  it('gives an open-ended ad group that started long ago an end, without sending its start again', async () => {
    const { items } = await api.all();
    const nyc = items.find((a) => a.name === 'Bread lovers NYC')!;
    const runtime = { kind: 'Runtime', start: '2026-01-05T09:00:00Z', end: `${YEAR}-06-30T22:00:00Z` };
    const res = await api.put(nyc.id, { settings: [runtime] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lastUpdate()).toEqual({
      advertiser_id: USD,
      adgroup_id: nyc.id,
      schedule_type: 'SCHEDULE_START_END',
      schedule_end_time: `${YEAR}-06-30 22:00:00`,
    });
    expect((await live(nyc.id)).settings).toContainEqual(runtime);
  });

  it('changes budgets in whole yen, adds and removes zip codes beside a region, refuses fractions and other currencies', async () => {
    const { items } = await api.all();
    const tokyo = items.find((a) => a.name === 'Tokyo commuters')!;
    const yen = (budget: number, currency = 'JPY') => ({
      settings: [{ kind: 'DailyBudget', budget, currency }],
    });
    const res = await api.put(tokyo.id, yen(4500));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored(tokyo.id, SEEDED.jpAdvertiser)).budget).toBe(4500);
    expect((await live(tokyo.id)).settings).toContainEqual({
      kind: 'DailyBudget',
      budget: 4500,
      currency: 'JPY',
    });

    const calls = updates();
    expectError(await api.put(tokyo.id, yen(4500.5)), 400, 'invalid_request', 'settings[0].budget');
    expectError(await api.put(tokyo.id, yen(45, 'USD')), 400, 'invalid_request', 'settings[0].currency');
    expect(updates()).toBe(calls);
    // Under TikTok's minimum of 2000 yen a day: TikTok's refusal, on the parameter.
    expectError(await api.put(tokyo.id, yen(1500)), 400, 'platform_validation_failed', 'settings[0].budget');

    expect((await api.put(tokyo.id, { targetings: [usZips('94103')] })).status).toBe(200);
    expect((await live(tokyo.id)).targetings).toEqual([usZips('94103')]);
    // The ad group keeps its region (location_ids), so the zip codes can go.
    expect((await api.put(tokyo.id, { targetings: [usZips()] })).status).toBe(200);
    expect((await live(tokyo.id)).targetings).toEqual([]);
    expect(await stored(tokyo.id, SEEDED.jpAdvertiser)).toMatchObject({
      zipcode_ids: [],
      location_ids: ['1850147'],
    });
  });

  it("passes TikTok's refusals on by parameter: a lifetime budget too small for its days, a name taken", async () => {
    const lifetime = await create([
      usd(900, 'TotalBudget'),
      { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00Z`, end: `${YEAR}-05-31T00:00:00Z` },
    ]);
    // Thirty days at TikTok's minimum of 20 USD a day is more than 300.
    expectError(
      await api.put(lifetime.id, { settings: [usd(300, 'TotalBudget')] }),
      400,
      'platform_validation_failed',
      'settings[0].budget',
    );
    // A shorter run makes the same budget enough: both change at once.
    const shorter = await api.put(lifetime.id, {
      settings: [
        usd(300, 'TotalBudget'),
        { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00Z`, end: `${YEAR}-05-11T00:00:00Z` },
      ],
    });
    expect(shorter.status, JSON.stringify(shorter.body)).toBe(200);
    expect((await stored(lifetime.id)).budget).toBe(300);
    expectError(
      await api.put(lifetime.id, { name: 'Bread lovers NYC' }),
      400,
      'platform_validation_failed',
      'name',
    );
  });

  it('refuses by name what TikTok cannot change: the budget mode, the objective, keywords', async () => {
    const created = await create([usd(30)]);
    const calls = world.emulator.controls.calls.length;
    const cases: [object, string][] = [
      [
        {
          settings: [
            usd(900, 'TotalBudget'),
            { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00Z`, end: `${YEAR}-05-31T00:00:00Z` },
          ],
        },
        'settings[0]',
      ],
      [{ settings: [{ kind: 'Objective', objective: 'REACH' }] }, 'settings[0]'],
      [{ targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }] }, 'targetings[0]'],
    ];
    for (const [body, param] of cases) {
      expectError(await api.put(created.id, body), 400, 'unsupported_for_platform', param);
    }
    const writes = world.emulator.controls.calls.slice(calls).filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.path)).not.toContain('/open_api/v1.3/adgroup/update/');
  });
});
