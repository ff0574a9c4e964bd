import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../emulators/pinterest/seed.js';
import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformAdapter } from '../../src/ports/platform-adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { managed, refusal } from '../support/emulator-call.js';
import { adapterAgainstEmulator, storedAt } from './pinterest-access.js';

/**
 * Pinterest campaigns through the adapter against the emulator (the campaign routes of adlink are
 * another change): `POST`/`PATCH campaigns` as one-item batches, spend caps in micros, the schedule in
 * Unix seconds, DELETE as archiving, and Pinterest's refusals named by unified parameter.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const account = { id: SEED.usdAccount, name: 'Acme', currency: 'USD' };
const seconds = (instant: string) => Date.parse(instant) / 1000;
const usd = (kind: 'DailyBudget' | 'TotalBudget', budget: number) =>
  ({ kind, budget, currency: 'USD' }) as const;

describe('pinterest campaigns against the emulator', () => {
  let emulator: RunningEmulator;
  let adapter: PlatformAdapter;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;
  beforeAll(async () => {
    ({ emulator, adapter, call } = await adapterAgainstEmulator(account));
    campaigns = managed(adapter.campaigns);
  });
  afterAll(() => emulator?.close());

  const stored = (id: string) => storedAt(emulator, `/ad_accounts/${account.id}/campaigns/${id}`);
  const input = (fields: Partial<NewCampaign> = {}): NewCampaign => ({
    name: 'Spring sale',
    advertiser: account.id,
    objective: 'CONSIDERATION',
    status: 'Paused',
    settings: [],
    ...fields,
  });
  it('declares every objective Pinterest creates, budgets and the Runtime on the campaign, archiving for delete', () => {
    expect(campaigns.capabilities).toMatchObject({
      objectives: ['AWARENESS', 'CONSIDERATION', 'VIDEO_COMPLETION', 'WEB_CONVERSION', 'CATALOG_SALES'],
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      deletion: 'soft',
    });
  });

  it('creates, reads, updates and archives a campaign, in micros and Unix seconds', async () => {
    const start = `${YEAR}-03-02T00:00:00+01:00`;
    const end = `${YEAR}-04-01T00:00:00+02:00`;
    const created = await campaigns.create(
      call,
      input({ settings: [usd('DailyBudget', 75.25), { kind: 'Runtime', start, end }] }),
      account,
    );
    expect(created).toMatchObject({
      name: 'Spring sale',
      platform: 'pinterest',
      status: 'Paused',
      advertiser: account.id,
      objective: 'CONSIDERATION',
      channelKind: 'Social',
      settings: [
        usd('DailyBudget', 75.25),
        {
          kind: 'Runtime',
          start: `${YEAR}-03-01T23:00:00Z`,
          end: `${YEAR}-03-31T22:00:00Z`,
        },
      ],
    });
    expect(await stored(created.id)).toMatchObject({
      daily_spend_cap: 75_250_000,
      lifetime_spend_cap: null,
      is_campaign_budget_optimization: false,
      status: 'PAUSED',
      start_time: seconds(start),
      end_time: seconds(end),
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);
    expect((await adapter.campaigns.list(call, account)).find((c) => c.id === created.id)).toEqual(created);

    // Without campaign budget optimization, its ad groups keep budgets of their own.
    const adSet = await adapter.adSets.create(
      call,
      {
        name: 'under the new campaign',
        advertiser: account.id,
        parentId: created.id,
        channelKind: 'Social',
        status: 'Paused',
        settings: [usd('DailyBudget', 20), { kind: 'Runtime', start, end }],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '94107' }],
          },
        ],
      },
      account,
    );
    expect(adSet.settings).toContainEqual({ kind: 'Objective', objective: 'CONSIDERATION' });
    expect(adSet.settings).toContainEqual(usd('DailyBudget', 20));

    const later = `${YEAR}-04-30T00:00:00Z`;
    const updated = await campaigns.update(call, created.id, {
      name: 'Spring sale, longer',
      status: 'Active',
      settings: [usd('TotalBudget', 2000), { kind: 'Runtime', start, end: later }],
    });
    expect(updated).toMatchObject({ name: 'Spring sale, longer', status: 'Active' });
    expect(updated.settings).toEqual([
      usd('TotalBudget', 2000),
      expect.objectContaining({ end: `${YEAR}-04-30T00:00:00Z` }),
    ]);
    const patch = emulator.controls.callsTo(`/ad_accounts/${account.id}/campaigns`, 'PATCH').at(-1)!;
    // The unchanged start is not sent again; the daily cap is cleared for the lifetime one.
    expect(patch.body).toEqual([
      {
        id: created.id,
        ad_account_id: account.id,
        name: 'Spring sale, longer',
        status: 'ACTIVE',
        lifetime_spend_cap: 2_000_000_000,
        daily_spend_cap: null,
        end_time: seconds(later),
      },
    ]);

    const deleted = await campaigns.delete(call, created.id);
    expect(deleted.status).toBe('Archived');
    expect((await stored(created.id)).status).toBe('ARCHIVED');
    expect(emulator.controls.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(await refusal(campaigns.update(call, created.id, { status: 'Active' }))).toMatchObject({
      kind: 'invalid',
      param: 'status',
    });
  });

  it("names the unified parameter behind Pinterest's refusals", async () => {
    expect(
      await refusal(campaigns.create(call, input({ objective: 'WEB_SESSIONS' }), account)),
    ).toMatchObject({
      kind: 'invalid',
      param: 'objective',
    });
    // The emulator's smallest spend cap is 1 unit of the account currency.
    expect(
      await refusal(campaigns.create(call, input({ settings: [usd('DailyBudget', 0.5)] }), account)),
    ).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
    expect(
      await refusal(
        campaigns.create(
          call,
          input({ settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }] }),
          account,
        ),
      ),
    ).toMatchObject({ param: 'settings[0].currency' });
    const { id } = await campaigns.create(call, input(), account);
    const past = `${YEAR - 2}-01-01T00:00:00Z`;
    expect(
      await refusal(campaigns.update(call, id, { settings: [{ kind: 'Runtime', start: past }] })),
    ).toMatchObject({ kind: 'invalid', param: 'settings[0].start' });
  });

  it('reads the seeded CBO campaign with its daily spend cap, and no campaign of another account', async () => {
    expect((await campaigns.get(call, SEED.videoCbo))?.settings).toEqual([
      usd('DailyBudget', expect.any(Number) as unknown as number),
      expect.objectContaining({ kind: 'Runtime' }),
    ]);
    expect(await campaigns.get(call, SEED.eurConsideration)).toBeNull();
    expect(await campaigns.get(call, 'not-an-id')).toBeNull();
  });
});
