import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import { managed } from '../support/emulator-call.js';
import { adapterOn, storedCampaign } from './microsoft-emulator.js';

/** The Microsoft campaign adapter against the emulator: AddCampaigns, UpdateCampaigns, DeleteCampaigns. */

const US = { id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' };
const usd = (budget: number) => ({ kind: 'DailyBudget' as const, budget, currency: 'USD' });

/** The error a call throws. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
}

describe('microsoft campaigns through the adapter', () => {
  let emulator: RunningEmulator;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;
  const input = (name: string, more: Partial<NewCampaign> = {}): NewCampaign => ({
    name,
    advertiser: US.id,
    objective: 'Search',
    status: 'Paused',
    settings: [usd(12.5)],
    ...more,
  });

  beforeAll(async () => {
    emulator = await startEmulator(microsoftEmulator);
    const built = adapterOn(emulator);
    campaigns = managed(built.adapter.campaigns);
    call = built.call;
  });
  afterAll(() => emulator?.close());

  it('creates a Search campaign with a daily budget in the account time zone, reads, updates and deletes it', async () => {
    const created = await campaigns.create(call, input('Road bikes'), US);
    expect(created).toMatchObject({
      name: 'Road bikes',
      platform: 'microsoft',
      status: 'Paused',
      advertiser: US.id,
      objective: 'Search',
      channelKind: 'Search',
      settings: [usd(12.5)],
    });
    expect(await storedCampaign(emulator, created.id)).toMatchObject({
      CampaignType: 'Search',
      Status: 'Paused',
      BudgetType: 'DailyBudgetStandard',
      DailyBudget: 12.5,
      TimeZone: 'PacificTimeUSCanadaTijuana',
      Languages: ['All'],
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);

    const updated = await campaigns.update(call, created.id, {
      name: 'Road bikes 2',
      status: 'Running',
      settings: [usd(30)],
    });
    expect(updated).toMatchObject({ name: 'Road bikes 2', status: 'Running', settings: [usd(30)] });
    expect(await storedCampaign(emulator, created.id)).toMatchObject({ Status: 'Active', DailyBudget: 30 });

    const deleted = await campaigns.delete(call, created.id);
    expect(deleted).toMatchObject({ id: created.id, status: 'Deleted' });
    expect(await campaigns.get(call, created.id)).toBeNull();
    expect(await storedCampaign(emulator, created.id)).toBeNull();
  });

  it('creates an Audience campaign (Display)', async () => {
    const created = await campaigns.create(call, input('Riders again', { objective: 'Audience' }), US);
    expect(created).toMatchObject({ objective: 'Audience', channelKind: 'Display' });
  });

  it('reads a shared budget as shared and refuses to change it', async () => {
    const shared = await campaigns.get(call, SEED.sharedBudgetCampaign);
    expect(shared?.settings).toEqual([{ ...usd(60), shared: true }]);
    const err = await refusal(campaigns.update(call, SEED.sharedBudgetCampaign, { settings: [usd(70)] }));
    expect(err).toBeInstanceOf(PlatformInputError);
    expect((err as PlatformInputError).param).toBe('settings[0]');
    // The name still changes.
    expect((await campaigns.update(call, SEED.sharedBudgetCampaign, { name: 'Shared, renamed' })).name).toBe(
      'Shared, renamed',
    );
  });

  it("names Microsoft's refusals: a budget below the currency's minimum, a duplicate name", async () => {
    const low = await refusal(campaigns.create(call, input('Too small', { settings: [usd(0.01)] }), US));
    expect(low).toBeInstanceOf(PlatformError);
    expect(low).toMatchObject({
      kind: 'invalid',
      code: 'CampaignServiceBudgetAmountIsBelowLimit',
      param: 'settings[0].budget',
    });
    const duplicate = await refusal(campaigns.create(call, input('search – mountain bikes'), US));
    expect(duplicate).toMatchObject({ kind: 'invalid', param: 'name' });
    const lowered = await refusal(campaigns.update(call, SEED.searchCampaign, { settings: [usd(0.02)] }));
    expect(lowered).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
  });

  it('refuses before any call: no budget, another currency, too many decimals, a channel the type does not run on', async () => {
    const cases: [Partial<NewCampaign>, string][] = [
      [{ settings: [] }, 'settings'],
      [{ settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }] }, 'settings[0].currency'],
      [{ settings: [usd(10.005)] }, 'settings[0].budget'],
      [{ channelKind: 'Display' }, 'channelKind'],
    ];
    const before = emulator.controls.calls.filter(
      (c) => c.path.endsWith('/Campaigns') && c.method === 'POST',
    ).length;
    for (const [more, param] of cases) {
      const err = await refusal(campaigns.create(call, input('Refused', more), US));
      expect(err, param).toBeInstanceOf(PlatformInputError);
      expect((err as PlatformInputError).param).toBe(param);
    }
    expect(
      emulator.controls.calls.filter((c) => c.path.endsWith('/Campaigns') && c.method === 'POST').length,
    ).toBe(before);
  });

  it('declares what it can do: Search and Audience, a daily budget, hard deletes', () => {
    expect(campaigns.capabilities).toEqual({
      objectives: ['Search', 'Audience'],
      channelKinds: [],
      settings: ['DailyBudget'],
      updateSettings: ['DailyBudget'],
      budgetKindChange: false,
      createStatuses: ['Running', 'Paused'],
      updateStatuses: ['Running', 'Paused'],
      deletion: 'hard',
    });
  });
});
