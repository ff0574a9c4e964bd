import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinEmulator } from '../../emulators/linkedin/index.js';
import { SEED } from '../../emulators/linkedin/state.js';
import { type AdSetBody, type AdSetClient, expectError } from '../support/adsets-client.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { storedAt } from './linkedin-access.js';

/**
 * Managing LinkedIn campaigns (adlink's ad sets) through the unified API against the LinkedIn
 * emulator: budget and schedule changes as Rest.li PARTIAL_UPDATEs (money as decimal strings in the
 * account currency, `runSchedule` patched as a nested record in epoch milliseconds), read back from
 * LinkedIn (`dismissDatabase=true`) and from the emulator's own state.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const usd = (kind: 'DailyBudget' | 'TotalBudget', budget: number) => ({ kind, budget, currency: 'USD' });
const runtime = {
  kind: 'Runtime',
  start: `${YEAR}-03-02T00:00:00+01:00`,
  end: `${YEAR}-04-01T00:00:00+02:00`,
};

describe('linkedin: managing ad sets after creation', () => {
  let world: PlatformWorld;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'linkedin', emulator: linkedinEmulator });
    ({ api } = await world.connect());
  });
  afterAll(() => world?.close());

  const stored = (id: string) => storedAt(world.emulator, `/adAccounts/${SEED.usdAccount}/adCampaigns/${id}`);
  const lastUpdate = (id: string) => world.emulator.controls.callsTo(`/adCampaigns/${id}`, 'POST').at(-1)!;
  const live = async (id: string) => {
    const res = await api.get(id, { dismissDatabase: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };
  const create = async (settings: object[], campaignId: string = SEED.usdGroup) => {
    const res = await api.create({
      name: 'managed on LinkedIn',
      advertiser: SEED.usdAccount,
      campaignId,
      channelKind: 'Social',
      status: 'Paused',
      settings,
      targetings: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as AdSetBody;
  };
  const put = async (id: string, body: object) => {
    const res = await api.put(id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AdSetBody;
  };

  it('changes the daily budget, moves the end and opens it, by PARTIAL_UPDATE without the unchanged start', async () => {
    const { id } = await create([usd('DailyBudget', 50), runtime]);
    await put(id, { settings: [usd('DailyBudget', 72.5)] });
    expect(lastUpdate(id)).toMatchObject({
      headers: { 'x-restli-method': 'partial_update' },
      body: { patch: { $set: { dailyBudget: { amount: '72.50', currencyCode: 'USD' } } } },
    });
    expect((await stored(id)).dailyBudget).toEqual({ amount: '72.50', currencyCode: 'USD' });
    expect((await live(id)).settings[0]).toEqual(usd('DailyBudget', 72.5));

    const later = `${YEAR}-04-15T00:00:00+02:00`;
    await put(id, { settings: [{ ...runtime, end: later }] });
    expect(lastUpdate(id).body).toEqual({
      patch: { $set: {}, runSchedule: { $set: { end: Date.parse(later) } } },
    });
    expect((await stored(id)).runSchedule).toEqual({
      start: Date.parse(runtime.start),
      end: Date.parse(later),
    });
    expect((await live(id)).settings).toContainEqual({
      kind: 'Runtime',
      start: `${YEAR}-03-01T23:00:00Z`,
      end: `${YEAR}-04-14T22:00:00Z`,
    });

    await put(id, { settings: [{ kind: 'Runtime', start: runtime.start }] });
    expect(lastUpdate(id).body).toEqual({ patch: { $set: {}, runSchedule: { $delete: ['end'] } } });
    expect((await stored(id)).runSchedule).toEqual({ start: Date.parse(runtime.start) });
  });

  it('changes a lifetime budget, and keeps the end it is spent by', async () => {
    const { id } = await create([usd('TotalBudget', 500), runtime], SEED.usdEndingGroup);
    await put(id, { settings: [usd('TotalBudget', 750)] });
    expect((await stored(id)).totalBudget).toEqual({ amount: '750.00', currencyCode: 'USD' });
    // adlink refuses a TotalBudget without an end before LinkedIn is asked.
    expectError(
      await api.put(id, { settings: [{ kind: 'Runtime', start: runtime.start }] }),
      400,
      'invalid_request',
      'settings',
    );
  });

  it('refuses by name what LinkedIn refuses or cannot change', async () => {
    const { id } = await create([usd('DailyBudget', 50), runtime]);
    expectError(
      await api.put(id, { settings: [usd('TotalBudget', 500)] }),
      400,
      'unsupported_for_platform',
      'settings[0]',
    );
    // LinkedIn's minimum daily budget is 10 in the account currency.
    expectError(
      await api.put(id, { settings: [usd('DailyBudget', 5)] }),
      400,
      'platform_validation_failed',
      'settings[0].budget',
    );
    expectError(
      await api.put(id, { settings: [{ kind: 'DailyBudget', budget: 60, currency: 'EUR' }] }),
      400,
      'invalid_request',
      'settings[0].currency',
    );
    expectError(
      await api.put(id, { targetings: [{ kind: 'KeywordTargeting', keywords: ['crm'] }] }),
      400,
      'unsupported_for_platform',
      'targetings[0]',
    );
    expect((await stored(id)).dailyBudget).toEqual({ amount: '50.00', currencyCode: 'USD' });
  });
});
