import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { storedAt } from './pinterest-access.js';

/**
 * Managing Pinterest ad groups through the unified API against the Pinterest emulator: budget and
 * schedule changes as one-item `PATCH ad_groups`, zip codes as the targeting spec's GEO, keywords
 * added (`POST keywords`) and archived (`PATCH keywords`), read back from Pinterest
 * (`dismissDatabase=true`) and from the emulator's own state, in micros and Unix seconds.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const usd = (budget: number) => ({ kind: 'DailyBudget', budget, currency: 'USD' });
const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const keywords = (...values: string[]) => ({ kind: 'KeywordTargeting', keywords: values });
const seconds = (instant: string) => Date.parse(instant) / 1000;
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+01:00`,
  end: `${YEAR}-04-01T00:00:00+02:00`,
};

describe('pinterest: managing ad sets after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'pinterest', emulator: pinterestEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  const lastPatch = (fragment: string) => world.emulator.controls.callsTo(fragment, 'PATCH').at(-1)?.body;
  const stored = (id: string) => storedAt(world.emulator, `/ad_accounts/${SEED.usdAccount}/ad_groups/${id}`);
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (settings: object[], targetings: object[] = [zips('94107')]) => {
    const res = await api.create({
      name: 'managed on Pinterest',
      advertiser: SEED.usdAccount,
      campaignId: SEED.awareness,
      channelKind: 'Social',
      status: 'Paused',
      settings,
      targetings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };
  const put = async (id: string, body: object) => {
    const res = await api.put(id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };

  it('changes the budget in micros, moves the end and opens it, sending no unchanged start', async () => {
    const { id } = await create([usd(25), runtime]);
    await put(id, { settings: [usd(40.5)] });
    expect(lastPatch('/ad_groups')).toEqual([{ id, budget_in_micro_currency: 40_500_000 }]);
    expect((await stored(id)).budget_in_micro_currency).toBe(40_500_000);
    expect((await live(id)).settings[0]).toEqual(usd(40.5));

    const later = `${YEAR}-04-15T00:00:00+02:00`;
    await put(id, { settings: [{ ...runtime, end: later }] });
    expect(lastPatch('/ad_groups')).toEqual([{ id, end_time: seconds(later) }]);
    expect(await stored(id)).toMatchObject({ start_time: seconds(runtime.start), end_time: seconds(later) });
    expect((await live(id)).settings).toContainEqual({
      kind: 'Runtime',
      start: `${YEAR}-03-01T23:00:00Z`,
      end: `${YEAR}-04-14T22:00:00Z`,
    });

    await put(id, { settings: [{ kind: 'Runtime', start: runtime.start }] });
    expect(lastPatch('/ad_groups')).toEqual([{ id, end_time: null }]);
    expect((await stored(id)).end_time).toBeNull();
    expect((await live(id)).settings).toContainEqual({ kind: 'Runtime', start: `${YEAR}-03-01T23:00:00Z` });
  });

  it('replaces the zip codes in GEO and adds and archives keywords', async () => {
    const { id } = await create([usd(25)], [zips('94107'), keywords('sofa', 'rug')]);
    await put(id, { targetings: [zips('10001', '10002')] });
    expect(lastPatch('/ad_groups')).toEqual([{ id, targeting_spec: { GEO: ['US-10001', 'US-10002'] } }]);
    expect((await stored(id)).targeting_spec).toEqual({ GEO: ['US-10001', 'US-10002'] });

    const patches = world.emulator.controls.callsTo('/ad_groups', 'PATCH').length;
    await put(id, { targetings: [keywords('Rug', 'reading nook')] });
    // Keywords are their own resource: the ad group itself is not patched.
    expect(world.emulator.controls.callsTo('/ad_groups', 'PATCH')).toHaveLength(patches);
    expect(world.emulator.controls.callsTo('/keywords', 'POST').at(-1)!.body).toEqual({
      parent_id: id,
      keywords: [{ value: 'reading nook', match_type: 'BROAD' }],
    });
    const sofa = (lastPatch('/keywords') as { keywords: { id: string; archived: boolean }[] }).keywords;
    expect(sofa).toEqual([{ id: expect.any(String), archived: true }]);
    expect((await live(id)).targetings).toEqual([zips('10001', '10002'), keywords('rug', 'reading nook')]);

    await put(id, { targetings: [keywords()] });
    expect((await live(id)).targetings).toEqual([zips('10001', '10002')]);
  });

  it("refuses by name what Pinterest refuses or cannot change: kinds, minimums, currencies, the campaign's schedule", async () => {
    const { id } = await create([usd(25), runtime]);
    expectError(
      await api.put(id, { settings: [{ kind: 'TotalBudget', budget: 500, currency: 'USD' }] }),
      400,
      'unsupported_for_platform',
      'settings[0]',
    );
    // The emulator's smallest daily budget is 1 unit of the account currency.
    expectError(
      await api.put(id, { settings: [usd(0.5)] }),
      400,
      'platform_validation_failed',
      'settings[0].budget',
    );
    expectError(
      await api.put(id, { settings: [{ kind: 'DailyBudget', budget: 30, currency: 'EUR' }] }),
      400,
      'invalid_request',
      'settings[0].currency',
    );
    expectError(
      await api.put(id, {
        settings: [{ kind: 'Runtime', start: runtime.start, end: `${YEAR}-03-01T00:00:00Z` }],
      }),
      400,
      'invalid_request',
      'settings[0].end',
    );
    expectError(
      await api.put(id, { targetings: [zips('9410')] }),
      400,
      'platform_validation_failed',
      'targetings[0].zipcodes',
    );
    expect((await stored(id)).budget_in_micro_currency).toBe(25_000_000);
  });

  it("refuses a budget on an ad group of a CBO campaign: its budget is the campaign's", async () => {
    const res = await api.create({
      name: 'under CBO',
      advertiser: SEED.usdAccount,
      campaignId: SEED.videoCbo,
      channelKind: 'Social',
      status: 'Paused',
      settings: [],
      targetings: [zips('94107')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectError(await api.put(res.body.id, { settings: [usd(30)] }), 400, 'invalid_request', 'settings[0]');
  });
});
