import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { CAMPAIGNS } from '../../emulators/meta/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';

/**
 * Managing Meta ad sets through the unified API against the Meta emulator: a Runtime in the ad
 * account's time zone, budget, end and zip code changes written as Graph `POST /{adset_id}`, read
 * back from Meta (`dismissDatabase=true`), and what Meta cannot change refused by name.
 */

const USD = 'act_1000000001'; // America/Los_Angeles
const JPY = 'act_1000000002'; // Asia/Tokyo
const YEAR = new Date().getUTCFullYear() + 1;
const usZips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const usd = (budget: number) => ({ kind: 'DailyBudget', budget, currency: 'USD' });

describe('meta: managing ad sets after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'meta', emulator: metaEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  /** The form parameters of the last Graph update of the ad set. */
  const lastUpdate = (id: string) =>
    world.emulator.controls.callsTo(`/${id}`, 'POST').at(-1)!.body as Record<string, string>;
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (settings: object[], targetings: object[] = [usZips('94304')]) => {
    const res = await api.create({
      name: 'managed on Meta',
      advertiser: USD,
      campaignId: CAMPAIGNS.usdTraffic,
      channelKind: 'Social',
      settings,
      targetings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };

  it('creates with a Runtime, changes the budget, moves and removes the end, replaces the zip codes', async () => {
    // 1 March is Pacific standard time, 1 April daylight time: Meta answers in the account's zone.
    const runtime = {
      kind: 'Runtime',
      start: `${YEAR}-03-01T09:00:00+01:00`,
      end: `${YEAR}-04-01T00:00:00Z`,
    };
    const created = await create([usd(25), runtime]);
    const sent = world.emulator.controls.callsTo(`/${USD}/adsets`, 'POST').at(-1)!.body as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({
      start_time: `${YEAR}-03-01T08:00:00+0000`,
      end_time: `${YEAR}-04-01T00:00:00+0000`,
    });
    const pacific = {
      kind: 'Runtime',
      start: `${YEAR}-03-01T00:00:00-08:00`,
      end: `${YEAR}-03-31T17:00:00-07:00`,
    };
    expect(created.settings).toEqual([usd(25), { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' }, pacific]);
    expect(created.campaignId).toBe(CAMPAIGNS.usdTraffic);

    const raised = await api.put(created.id, { settings: [usd(40.5)] });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(lastUpdate(created.id)).toEqual({ daily_budget: '4050' });
    expect(raised.body.settings).toEqual([
      usd(40.5),
      { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' },
      pacific,
    ]);

    const moved = { kind: 'Runtime', start: pacific.start, end: `${YEAR}-04-15T00:00:00-07:00` };
    expect((await api.put(created.id, { settings: [moved] })).status).toBe(200);
    // The unchanged start is not sent again.
    expect(lastUpdate(created.id)).toEqual({ end_time: `${YEAR}-04-15T07:00:00+0000` });
    expect((await live(created.id)).settings).toContainEqual(moved);

    const open = { kind: 'Runtime', start: pacific.start };
    expect((await api.put(created.id, { settings: [open] })).status).toBe(200);
    expect(lastUpdate(created.id)).toEqual({ end_time: '0' });
    expect((await live(created.id)).settings).toContainEqual(open);

    const rezoned = await api.put(created.id, { targetings: [usZips('94301', '94305')] });
    expect(rezoned.status, JSON.stringify(rezoned.body)).toBe(200);
    expect(JSON.parse(lastUpdate(created.id).targeting!)).toEqual({
      geo_locations: { zips: [{ key: 'US:94301' }, { key: 'US:94305' }] },
    });
    const after = await live(created.id);
    expect(after.targetings).toEqual([usZips('94301', '94305')]);
    expect(after.settings).toEqual([usd(40.5), { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' }, open]);
    // Meta needs a location: taking away the only zip codes is Meta's refusal, on the parameter.
    expectError(
      await api.put(created.id, { targetings: [usZips()] }),
      400,
      'platform_validation_failed',
      'targetings[0].zipcodes',
    );
    expect((await live(created.id)).targetings).toEqual([usZips('94301', '94305')]);
  });

  it("replaces the zip codes and keeps Meta's other targeting (countries, ages) as it is", async () => {
    const { items } = await api.all();
    const shibuya = items.find((a) => a.name === 'Shibuya')!;
    const res = await api.put(shibuya.id, {
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'JP', zipcode: '160-0022' }],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.parse(lastUpdate(shibuya.id).targeting!)).toEqual({
      geo_locations: { zips: [{ key: 'JP:160-0022' }] },
    });
    const bayArea = items.find((a) => a.name === 'Bay Area reach')!;
    expect((await api.put(bayArea.id, { targetings: [usZips()] })).status).toBe(200);
    expect(JSON.parse(lastUpdate(bayArea.id).targeting!)).toEqual({
      geo_locations: { countries: ['US'] },
      age_min: 25,
      age_max: 54,
    });
  });

  it('changes budgets in whole yen in a JPY account and refuses fractions and other currencies', async () => {
    const { items } = await api.all();
    const shibuya = items.find((a) => a.name === 'Shibuya')!;
    expect(shibuya.advertiser).toBe(JPY);
    const yen = (budget: number, currency = 'JPY') => ({
      settings: [{ kind: 'DailyBudget', budget, currency }],
    });
    const res = await api.put(shibuya.id, yen(4500));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lastUpdate(shibuya.id)).toEqual({ daily_budget: '4500' });
    expect((await live(shibuya.id)).settings).toContainEqual({
      kind: 'DailyBudget',
      budget: 4500,
      currency: 'JPY',
    });
    const calls = world.emulator.controls.callsTo(`/${shibuya.id}`, 'POST').length;
    expectError(await api.put(shibuya.id, yen(4500.5)), 400, 'invalid_request', 'settings[0].budget');
    expectError(await api.put(shibuya.id, yen(45, 'USD')), 400, 'invalid_request', 'settings[0].currency');
    expect(world.emulator.controls.callsTo(`/${shibuya.id}`, 'POST').length).toBe(calls);
  });

  it("passes Meta's own refusals on by parameter: a budget under Meta's minimum, a lifetime budget too small for its run", async () => {
    const created = await create([usd(5)]);
    expectError(
      await api.put(created.id, { settings: [usd(0.5)] }),
      400,
      'platform_validation_failed',
      'settings[0].budget',
    );
    const lifetime = await create([
      { kind: 'TotalBudget', budget: 300, currency: 'USD' },
      { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00Z`, end: `${YEAR}-05-31T00:00:00Z` },
    ]);
    // Thirty days at Meta's minimum of $1.00 a day is more than $20.
    const shorter = { settings: [{ kind: 'TotalBudget', budget: 20, currency: 'USD' }] };
    expectError(await api.put(lifetime.id, shorter), 400, 'platform_validation_failed', 'settings[0].budget');
  });

  it('refuses by name what Meta cannot change: the budget type, the objective, keywords', async () => {
    const created = await create([usd(5)]);
    const calls = world.emulator.controls.calls.length;
    const cases: [object, string][] = [
      [
        {
          settings: [
            { kind: 'TotalBudget', budget: 100, currency: 'USD' },
            { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00Z`, end: `${YEAR}-05-31T00:00:00Z` },
          ],
        },
        'settings[0]',
      ],
      [{ settings: [{ kind: 'Objective', objective: 'OUTCOME_AWARENESS' }] }, 'settings[0]'],
      [{ targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }] }, 'targetings[0]'],
      [
        { name: 'x', targetings: [usZips('94301'), { kind: 'KeywordTargeting', keywords: [] }] },
        'targetings[1]',
      ],
    ];
    for (const [body, param] of cases) {
      expectError(await api.put(created.id, body), 400, 'unsupported_for_platform', param);
    }
    // The budget type is checked against the ad set as Meta holds it: one read, no write.
    const writes = world.emulator.controls.calls.slice(calls).filter((c) => c.method === 'POST');
    expect(writes).toEqual([]);
  });
});
