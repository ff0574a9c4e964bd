import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import { adapterAtEmulator, managed } from '../support/emulator-call.js';
import { tiktokRecord } from '../support/tiktok-records.js';

/**
 * TikTok's campaign adapter against the emulator: created with `/campaign/create/` and switched off
 * with `/campaign/status/update/`, renamed and budgeted with `/campaign/update/`, deleted with
 * operation_status DELETE; TikTok's refusals carry the unified parameter.
 */

const USD = { id: SEEDED.usAdvertiser, name: 'Acme Bakery US', currency: 'USD' };
const JPY = { id: SEEDED.jpAdvertiser, name: 'Acme Bakery Japan', currency: 'JPY' };

describe('tiktok: campaigns through the adapter', () => {
  let emulator: RunningEmulator;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;
  let names = 0;

  beforeAll(async () => {
    emulator = await startEmulator(tiktokEmulator);
    const built = adapterAtEmulator('tiktok', emulator, [USD, JPY]);
    campaigns = managed(built.adapter.campaigns);
    call = built.call;
  });
  afterAll(() => emulator?.close());

  const name = () => `Campaign ${++names}`;
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PlatformError);
    return err as PlatformError;
  };

  it('declares the objectives whose ad groups adlink can create, campaign budgets and soft deletion', () => {
    expect(campaigns.capabilities).toMatchObject({
      objectives: ['REACH', 'TRAFFIC', 'VIDEO_VIEWS'],
      settings: ['DailyBudget', 'TotalBudget'],
      updateSettings: ['DailyBudget', 'TotalBudget'],
      budgetKindChange: false,
      deletion: 'soft',
    });
  });

  it('creates a paused campaign without a limit, renames, enables and deletes it', async () => {
    const created = await campaigns.create(
      call,
      { name: name(), advertiser: USD.id, objective: 'REACH', status: 'Paused', settings: [] },
      USD,
    );
    expect(created).toMatchObject({
      platform: 'tiktok',
      status: 'Paused',
      advertiser: USD.id,
      objective: 'REACH',
      channelKind: 'Social',
      settings: [],
    });
    expect(await tiktokRecord(emulator, 'campaign', USD.id, created.id)).toMatchObject({
      budget_mode: 'BUDGET_MODE_INFINITE',
      budget_optimize_on: false,
      operation_status: 'DISABLE',
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);

    const renamed = await campaigns.update(call, created.id, { name: 'Renamed', status: 'Active' });
    expect(renamed).toMatchObject({ name: 'Renamed', status: 'Running' });
    expect(emulator.controls.callsTo('/campaign/update/', 'POST').at(-1)?.body).toEqual({
      advertiser_id: USD.id,
      campaign_id: created.id,
      campaign_name: 'Renamed',
    });

    const deleted = await campaigns.delete(call, created.id);
    expect(deleted.status).toBe('Deleted');
    expect((await campaigns.get(call, created.id))?.status).toBe('Deleted');
    // TikTok changes nothing about a deleted campaign.
    const again = await refusal(campaigns.update(call, created.id, { name: 'Back' }));
    expect(again.kind).toBe('invalid');
  });

  it('keeps a budget in major units (whole yen), changes its amount, refuses another mode', async () => {
    const created = await campaigns.create(
      call,
      {
        name: name(),
        advertiser: JPY.id,
        objective: 'TRAFFIC',
        status: 'Running',
        settings: [{ kind: 'TotalBudget', budget: 90000, currency: 'JPY' }],
      },
      JPY,
    );
    expect(created.settings).toEqual([{ kind: 'TotalBudget', budget: 90000, currency: 'JPY' }]);
    expect(created.status).toBe('Running');
    expect(
      emulator.controls.callsTo('/campaign/status/update/', 'POST').map((c) => c.body),
    ).not.toContainEqual(expect.objectContaining({ campaign_ids: [created.id] }));

    const raised = await campaigns.update(call, created.id, {
      settings: [{ kind: 'TotalBudget', budget: 120000, currency: 'JPY' }],
    });
    expect(raised.settings).toEqual([{ kind: 'TotalBudget', budget: 120000, currency: 'JPY' }]);
    expect(await tiktokRecord(emulator, 'campaign', JPY.id, created.id)).toMatchObject({
      budget_mode: 'BUDGET_MODE_TOTAL',
      budget: 120000,
    });
  });

  it("passes TikTok's refusals on with the unified parameter: minimum budget, a taken name, an unlimited campaign's budget", async () => {
    const input = (settings: object[], campaignName = name()) => ({
      name: campaignName,
      advertiser: USD.id,
      objective: 'TRAFFIC',
      status: 'Paused' as const,
      settings: settings as never,
    });
    // A campaign's budget is at least 50 USD (an ad group's day: 20).
    const low = await refusal(
      campaigns.create(call, input([{ kind: 'DailyBudget', budget: 30, currency: 'USD' }]), USD),
    );
    expect(low).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });

    const taken = await refusal(campaigns.create(call, input([], 'Spring traffic'), USD));
    expect(taken).toMatchObject({ kind: 'invalid', param: 'name' });

    const unlimited = await campaigns.create(call, input([]), USD);
    await expect(
      campaigns.update(call, unlimited.id, {
        settings: [{ kind: 'DailyBudget', budget: 80, currency: 'USD' }],
      }),
    ).rejects.toMatchObject({ param: 'settings[0]' });

    const daily = await campaigns.create(
      call,
      input([{ kind: 'DailyBudget', budget: 50, currency: 'USD' }]),
      USD,
    );
    const lowered = await refusal(
      campaigns.update(call, daily.id, {
        settings: [{ kind: 'DailyBudget', budget: 49.99, currency: 'USD' }],
      }),
    );
    expect(lowered).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
    expect((await campaigns.get(call, daily.id))?.settings).toEqual([
      { kind: 'DailyBudget', budget: 50, currency: 'USD' },
    ]);
  });

  it("answers null for an id that is not a campaign of the customer's advertisers", async () => {
    expect(await campaigns.get(call, 'not-an-id')).toBeNull();
    expect(await campaigns.get(call, '1800000000000099999')).toBeNull();
    expect(await campaigns.get({ ...call, accounts: [JPY] }, '1800000000000000001')).toBeNull();
  });
});
