import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../emulators/google/index.js';
import { SEED } from '../emulators/google/seed.js';
import { type AdSetBody, type AdSetClient, expectError } from './support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from './support/platform-suite.js';

/**
 * What a platform's adapter does not declare is refused by the ad-set service with 400
 * `unsupported_for_platform` naming the parameter, before any call to the platform: here Google Ads,
 * whose adapter declares no Runtime on ad groups and, besides name and status, only keyword changes.
 */
describe('capabilities: Google Ads declares no Runtime, no settings changes and only keyword changes', () => {
  let world: PlatformWorld;
  let api: AdSetClient;
  let adSet: AdSetBody;
  const year = new Date().getUTCFullYear() + 1;

  beforeAll(async () => {
    world = await startPlatformWorld({
      platform: 'google',
      emulator: googleEmulator,
      env: { GOOGLE_DEVELOPER_TOKEN: 'dev-token-for-tests', GOOGLE_LOGIN_CUSTOMER_ID: SEED.manager },
    });
    ({ api } = await world.connect());
    const created = await api.create({
      name: 'capabilities',
      advertiser: SEED.bakery,
      parentId: SEED.searchCampaign,
      channelKind: 'Search',
      settings: [],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    adSet = created.body;
  });
  afterAll(() => world?.close());

  /** The platform calls `work` made. */
  const platformCalls = async (work: () => Promise<unknown>) => {
    const before = world.emulator.controls.calls.length;
    await work();
    return world.emulator.controls.calls.slice(before);
  };

  it('refuses a Runtime on create, naming the setting', async () => {
    const calls = await platformCalls(async () => {
      const res = await api.create({
        name: 'with a runtime',
        advertiser: SEED.bakery,
        parentId: SEED.searchCampaign,
        channelKind: 'Search',
        settings: [
          { kind: 'Objective', objective: 'SEARCH' },
          { kind: 'Runtime', start: `${year}-01-15T00:00:00Z` },
        ],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }],
      });
      expectError(res, 400, 'unsupported_for_platform', 'settings[1]');
    });
    expect(calls).toEqual([]);
  });

  it('refuses an ad-set budget, on create and on update, pointing to the campaign that holds it', async () => {
    const budget = { kind: 'DailyBudget', budget: 20, currency: 'EUR' };
    const calls = await platformCalls(async () => {
      const created = await api.create({
        name: 'with a budget',
        advertiser: SEED.bakery,
        parentId: SEED.searchCampaign,
        channelKind: 'Search',
        settings: [budget],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }],
      });
      const updated = await api.put(adSet.id, { settings: [budget] });
      for (const res of [created, updated]) {
        const error = expectError(res, 400, 'unsupported_for_platform', 'settings[0]');
        expect(error.message).toContain(`PUT /v1/google/campaigns/${SEED.searchCampaign}`);
      }
    });
    expect(calls).toEqual([]);
  });

  it('refuses changes of settings and undeclared targetings on update, naming each, and writes nothing', async () => {
    const zips = (...zipcodes: string[]) => ({
      kind: 'GeoTargeting',
      type: 'ZipcodeGeoTargeting',
      zipcodes: zipcodes.map((zipcode) => ({ country: 'DE', zipcode })),
    });
    const cases: [object, string][] = [
      [{ settings: [{ kind: 'DailyBudget', budget: 20, currency: 'EUR' }] }, 'settings[0]'],
      [{ settings: [{ kind: 'Runtime', start: `${year}-01-15T00:00:00Z` }] }, 'settings[0]'],
      [{ settings: [{ kind: 'Objective', objective: 'DISPLAY' }] }, 'settings[0]'],
      [{ targetings: [zips('10115')] }, 'targetings[0]'],
      [
        { name: 'renamed too', targetings: [{ kind: 'KeywordTargeting', keywords: [] }, zips()] },
        'targetings[1]',
      ],
    ];
    const calls = await platformCalls(async () => {
      for (const [body, param] of cases) {
        expectError(await api.put(adSet.id, body), 400, 'unsupported_for_platform', param);
      }
    });
    expect(calls).toEqual([]);
    const live = await api.get(adSet.id, { dismissDatabase: true, childResources: 'Targeting' });
    expect(live.body).toMatchObject({ name: 'capabilities', targetings: adSet.targetings });
    // Name and status still change.
    const renamed = await api.put(adSet.id, { name: 'renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.name).toBe('renamed');
  });

  it('refuses AudienceTargeting (Google Ads has no customer lists through adlink), on create and update', async () => {
    const audiences = { kind: 'AudienceTargeting', include: ['123456'], exclude: [] };
    const calls = await platformCalls(async () => {
      const created = await api.create({
        name: 'with audiences',
        advertiser: SEED.bakery,
        parentId: SEED.searchCampaign,
        channelKind: 'Search',
        settings: [],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }, audiences],
      });
      expectError(created, 400, 'unsupported_for_platform', 'targetings[1]');
      expectError(
        await api.put(adSet.id, { targetings: [audiences] }),
        400,
        'unsupported_for_platform',
        'targetings[0]',
      );
    });
    expect(calls).toEqual([]);
  });
});
