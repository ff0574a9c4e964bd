import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformAdapter } from '../../src/ports/platform-adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import { adapterAtEmulator, managed } from '../support/emulator-call.js';
import { snapRecord } from '../support/snapchat-records.js';

/**
 * Snapchat's campaign adapter against the emulator: created with `POST /adaccounts/{id}/campaigns`
 * (objective v2, a start), replaced whole with `PUT`, deleted with `DELETE /campaigns/{id}`; spend
 * caps in micro-currency; Snap's refusals carry the unified parameter.
 */

const USD = { id: SEEDED.usdAccount, name: 'Bakery US', currency: 'USD' };
const EUR = { id: SEEDED.eurAccount, name: 'Bakery Berlin', currency: 'EUR' };
const YEAR = new Date().getUTCFullYear() + 1;

describe('snapchat: campaigns through the adapter', () => {
  let emulator: RunningEmulator;
  let adapter: PlatformAdapter;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;

  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    const built = adapterAtEmulator('snapchat', emulator, [USD, EUR], ['snapchat-marketing-api']);
    adapter = built.adapter;
    campaigns = managed(adapter.campaigns);
    call = built.call;
  });
  afterAll(() => emulator?.close());

  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PlatformError);
    return err as PlatformError;
  };

  it('declares the objective v2 types whose squads adlink can create, spend caps and the run', () => {
    expect(campaigns.capabilities).toMatchObject({
      objectives: ['AWARENESS_AND_ENGAGEMENT', 'TRAFFIC'],
      settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      updateSettings: ['DailyBudget', 'TotalBudget', 'Runtime'],
      budgetKindChange: true,
      deletion: 'soft',
    });
  });

  it('creates a paused campaign with a daily spend cap and a run, changes them, pauses, deletes', async () => {
    const runtime = {
      kind: 'Runtime' as const,
      start: `${YEAR}-03-02T00:00:00+01:00`,
      end: `${YEAR}-03-31T00:00:00+02:00`,
    };
    const created = await campaigns.create(
      call,
      {
        name: 'Spring in Berlin',
        advertiser: EUR.id,
        objective: 'AWARENESS_AND_ENGAGEMENT',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 30.5, currency: 'EUR' }, runtime],
      },
      EUR,
    );
    expect(created).toMatchObject({
      platform: 'snapchat',
      status: 'Paused',
      advertiser: EUR.id,
      objective: 'AWARENESS_AND_ENGAGEMENT',
      settings: [
        { kind: 'DailyBudget', budget: 30.5, currency: 'EUR' },
        { kind: 'Runtime', start: `${YEAR}-03-01T23:00:00Z`, end: `${YEAR}-03-30T22:00:00Z` },
      ],
    });
    expect(await snapRecord(emulator, 'campaign', created.id)).toMatchObject({
      daily_budget_micro: 30_500_000,
      objective_v2_properties: { objective_v2_type: 'AWARENESS_AND_ENGAGEMENT' },
      status: 'PAUSED',
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);

    const changed = await campaigns.update(call, created.id, {
      name: 'Summer in Berlin',
      status: 'Active',
      settings: [
        { kind: 'TotalBudget', budget: 600, currency: 'EUR' },
        { kind: 'Runtime', start: runtime.start },
      ],
    });
    expect(changed).toMatchObject({
      name: 'Summer in Berlin',
      status: 'Running',
      settings: [
        { kind: 'TotalBudget', budget: 600, currency: 'EUR' },
        { kind: 'Runtime', start: `${YEAR}-03-01T23:00:00Z` },
      ],
    });
    const stored = await snapRecord(emulator, 'campaign', created.id);
    expect(stored).toMatchObject({ lifetime_spend_cap_micro: 600_000_000 });
    expect(stored).not.toHaveProperty('daily_budget_micro');
    expect(stored).not.toHaveProperty('end_time');

    const deleted = await campaigns.delete(call, created.id);
    expect(deleted.status).toBe('Deleted');
    await expect(campaigns.update(call, created.id, { name: 'Back' })).rejects.toMatchObject({ param: 'id' });
    // Its campaign is still listed (as Deleted), but takes no new squads.
    expect((await adapter.campaigns.list(call, EUR)).find((c) => c.id === created.id)?.status).toBe(
      'Deleted',
    );
    const squad = {
      name: 'Too late',
      advertiser: EUR.id,
      parentId: created.id,
      channelKind: 'Social' as const,
      status: 'Paused' as const,
      settings: [{ kind: 'DailyBudget' as const, budget: 10, currency: 'EUR' }],
      targetings: [
        {
          kind: 'GeoTargeting' as const,
          type: 'ZipcodeGeoTargeting' as const,
          zipcodes: [{ country: 'DE', zipcode: '10997' }],
        },
      ],
    };
    await expect(adapter.adSets.create(call, squad, EUR)).rejects.toMatchObject({ param: 'parentId' });
  });

  it("passes Snap's refusals on with the unified parameter: a spend cap under 20.00, a start in the past", async () => {
    const input = (settings: object[]) => ({
      name: 'Refused',
      advertiser: USD.id,
      objective: 'TRAFFIC',
      status: 'Paused' as const,
      settings: settings as never,
    });
    const low = await refusal(
      campaigns.create(call, input([{ kind: 'DailyBudget', budget: 19.99, currency: 'USD' }]), USD),
    );
    expect(low).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
    const past = await refusal(
      campaigns.create(call, input([{ kind: 'Runtime', start: '2020-01-01T00:00:00Z' }]), USD),
    );
    expect(past).toMatchObject({ kind: 'invalid', param: 'settings[0].start' });
    await expect(
      campaigns.create(call, input([{ kind: 'DailyBudget', budget: 20.001, currency: 'USD' }]), USD),
    ).rejects.toMatchObject({ param: 'settings[0].budget' });
  });

  it('reads a seeded legacy campaign and keeps its objective through an update', async () => {
    const renamed = await campaigns.update(call, SEEDED.usdWeb, { name: 'Web orders, renamed' });
    expect(renamed).toMatchObject({
      name: 'Web orders, renamed',
      objective: 'WEB_CONVERSION',
      status: 'Paused',
    });
    expect(await snapRecord(emulator, 'campaign', SEEDED.usdWeb)).toMatchObject({
      objective: 'WEB_CONVERSION',
    });
  });

  it("answers null for an id that is not a campaign of the customer's ad accounts", async () => {
    expect(await campaigns.get(call, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await campaigns.get({ ...call, accounts: [EUR] }, SEEDED.usdAwareness)).toBeNull();
  });
});
