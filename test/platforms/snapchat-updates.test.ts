import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { snapRecord } from '../support/snapchat-records.js';

/**
 * Managing Snapchat ad squads through the unified API against the Snapchat emulator: budget, run and
 * postal-code changes written as Snap's full-squad `PUT /campaigns/{id}/adsquads`, read back from
 * Snap (`dismissDatabase=true`) and from the emulator's own records in micro-currency, and what
 * adlink does not change on Snap refused by name.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const zips = (country: string, ...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country, zipcode })),
});
const usd = (budget: number, kind = 'DailyBudget') => ({ kind, budget, currency: 'USD' });
const AWARENESS = { kind: 'Objective', objective: 'BRAND_AWARENESS' };

describe('snapchat: managing ad squads after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'snapchat', emulator: snapchatEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  /** The squad sent with the last full update. */
  const lastUpdate = () =>
    (
      world.emulator.controls.callsTo('/adsquads', 'PUT').at(-1)!.body as {
        adsquads: Record<string, unknown>[];
      }
    ).adsquads[0]!;
  const puts = () => world.emulator.controls.callsTo('/adsquads', 'PUT').length;
  const stored = (id: string) => snapRecord(world.emulator, 'adsquad', id);
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (settings: object[], targetings: object[] = [zips('US', '94304')]) => {
    const res = await api.create({
      name: 'managed on Snapchat',
      advertiser: SEEDED.usdAccount,
      campaignId: SEEDED.usdAwareness,
      channelKind: 'Social',
      settings,
      targetings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };

  it('changes the budget in micros, moves and opens the end, replaces the postal codes', async () => {
    const runtime = {
      kind: 'Runtime',
      start: `${YEAR}-03-01T09:00:00-08:00`,
      end: `${YEAR}-04-01T00:00:00Z`,
    };
    const created = await create([usd(25), runtime]);
    const utc = { kind: 'Runtime', start: `${YEAR}-03-01T17:00:00Z`, end: `${YEAR}-04-01T00:00:00Z` };
    expect(created.settings).toEqual([usd(25), AWARENESS, utc]);

    const raised = await api.put(created.id, { settings: [usd(40.5)] });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(lastUpdate()).toMatchObject({
      id: created.id,
      daily_budget_micro: 40_500_000,
      bid_micro: 40_500_000,
    });
    expect(raised.body.settings).toEqual([usd(40.5), AWARENESS, utc]);
    expect(await stored(created.id)).toMatchObject({ daily_budget_micro: 40_500_000 });

    const moved = { kind: 'Runtime', start: utc.start, end: `${YEAR}-04-15T12:00:00+02:00` };
    expect((await api.put(created.id, { settings: [moved] })).status).toBe(200);
    expect(lastUpdate()).toMatchObject({
      start_time: `${YEAR}-03-01T17:00:00.000Z`,
      end_time: `${YEAR}-04-15T10:00:00.000Z`,
    });
    expect((await live(created.id)).settings).toContainEqual({ ...moved, end: `${YEAR}-04-15T10:00:00Z` });

    const open = { kind: 'Runtime', start: utc.start };
    expect((await api.put(created.id, { settings: [open] })).status).toBe(200);
    // Snap's update replaces the squad: an end left out is cleared.
    expect(lastUpdate()).not.toHaveProperty('end_time');
    expect((await live(created.id)).settings).toEqual([usd(40.5), AWARENESS, open]);
    expect(await stored(created.id)).not.toHaveProperty('end_time');

    const rezoned = await api.put(created.id, { targetings: [zips('US', '94301', '94305')] });
    expect(rezoned.status, JSON.stringify(rezoned.body)).toBe(200);
    expect((await stored(created.id)).targeting).toEqual({
      geos: [{ country_code: 'us', operation: 'INCLUDE', postal_code: ['94301', '94305'] }],
    });
    expect((await live(created.id)).targetings).toEqual([zips('US', '94301', '94305')]);

    // The postal codes are the squad's only geo: Snap needs one, and refuses.
    expectError(
      await api.put(created.id, { targetings: [zips('US')] }),
      400,
      'platform_validation_failed',
      'targetings[0]',
    );
    expect((await live(created.id)).targetings).toEqual([zips('US', '94301', '94305')]);
  });

  it('a lifetime budget in euros spreads its bid cap over the new run', async () => {
    const res = await api.create({
      name: 'Berlin lifetime',
      advertiser: SEEDED.eurAccount,
      campaignId: SEEDED.eurVideo,
      channelKind: 'Social',
      settings: [
        { kind: 'TotalBudget', budget: 300, currency: 'EUR' },
        { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00+02:00`, end: `${YEAR}-05-31T00:00:00+02:00` },
      ],
      targetings: [zips('DE', '10997')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const changed = await api.put(res.body.id, {
      settings: [
        { kind: 'TotalBudget', budget: 450.25, currency: 'EUR' },
        { kind: 'Runtime', start: `${YEAR}-05-01T00:00:00+02:00`, end: `${YEAR}-05-11T00:00:00+02:00` },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Ten days: the bid is a tenth of the lifetime budget.
    expect(await stored(res.body.id)).toMatchObject({
      lifetime_budget_micro: 450_250_000,
      bid_micro: 45_025_000,
    });
    expect(changed.body.settings).toContainEqual({ kind: 'TotalBudget', budget: 450.25, currency: 'EUR' });
    const calls = puts();
    expectError(
      await api.put(res.body.id, { settings: [{ kind: 'TotalBudget', budget: 450.255, currency: 'EUR' }] }),
      400,
      'invalid_request',
      'settings[0].budget',
    );
    expectError(
      await api.put(res.body.id, { settings: [{ kind: 'TotalBudget', budget: 450, currency: 'USD' }] }),
      400,
      'invalid_request',
      'settings[0].currency',
    );
    expect(puts()).toBe(calls);
  });

  it("passes Snap's refusals on by parameter: a daily budget under 5.00, a start moved into the past", async () => {
    const created = await create([usd(25)]);
    expectError(
      await api.put(created.id, { settings: [usd(4.99)] }),
      400,
      'platform_validation_failed',
      'settings[0].budget',
    );
    expect(await stored(created.id)).toMatchObject({ daily_budget_micro: 25_000_000 });
    expectError(
      await api.put(created.id, { settings: [{ kind: 'Runtime', start: '2020-01-01T00:00:00Z' }] }),
      400,
      'invalid_request',
      'settings[0].start',
    );
  });

  it('refuses by name what adlink does not change on Snapchat: the budget kind, the objective, keywords', async () => {
    const created = await create([usd(25)]);
    const calls = puts();
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
      [{ settings: [{ kind: 'Objective', objective: 'TRAFFIC' }] }, 'settings[0]'],
      [{ targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }] }, 'targetings[0]'],
    ];
    for (const [body, param] of cases) {
      expectError(await api.put(created.id, body), 400, 'unsupported_for_platform', param);
    }
    expect(puts()).toBe(calls);
  });
});
