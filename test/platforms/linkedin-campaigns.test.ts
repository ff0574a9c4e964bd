import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../emulators/linkedin/state.js';
import type { RunningEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformAdapter } from '../../src/ports/platform-adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { managed, refusal } from '../support/emulator-call.js';
import { adapterAgainstEmulator, storedAt, VERSION } from './linkedin-access.js';

/**
 * LinkedIn campaign groups (adlink's campaigns) through the adapter against the emulator (adlink's
 * campaign routes are another change): create, read, PARTIAL_UPDATE, and delete, which LinkedIn allows
 * for DRAFT groups only (any other is archived); refusals named by unified parameter.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const account = { id: SEED.usdAccount, name: 'Acme Corp (USD)', currency: 'USD' };
const total = (budget: number) => ({ kind: 'TotalBudget', budget, currency: 'USD' }) as const;

describe('linkedin campaign groups against the emulator', () => {
  let emulator: RunningEmulator;
  let adapter: PlatformAdapter;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;
  beforeAll(async () => {
    ({ emulator, adapter, call } = await adapterAgainstEmulator(account));
    campaigns = managed(adapter.campaigns);
  });
  afterAll(() => emulator?.close());

  const stored = (id: string) => storedAt(emulator, `/adAccounts/${account.id}/adCampaignGroups/${id}`);
  const input = (fields: Partial<NewCampaign> = {}): NewCampaign => ({
    name: 'Q3 launch',
    advertiser: account.id,
    objective: 'BRAND_AWARENESS',
    status: 'Paused',
    settings: [],
    ...fields,
  });
  it('declares the group objectives adlink creates ad sets under, a total budget and the Runtime', () => {
    expect(campaigns.capabilities).toMatchObject({
      objectives: [
        'BRAND_AWARENESS',
        'WEBSITE_VISITS',
        'ENGAGEMENT',
        'VIDEO_VIEWS',
        'LEAD_GENERATION',
        'WEBSITE_CONVERSIONS',
      ],
      settings: ['TotalBudget', 'Runtime'],
      updateSettings: ['TotalBudget', 'Runtime'],
    });
  });

  it('creates a group, an ad set under it, changes and archives the group', async () => {
    const start = `${YEAR}-03-02T00:00:00+01:00`;
    const end = `${YEAR}-04-01T00:00:00+02:00`;
    const created = await campaigns.create(
      call,
      input({ settings: [total(1500), { kind: 'Runtime', start, end }] }),
      account,
    );
    expect(created).toMatchObject({
      name: 'Q3 launch',
      platform: 'linkedin',
      status: 'Paused',
      advertiser: account.id,
      objective: 'BRAND_AWARENESS',
      settings: [
        total(1500),
        { kind: 'Runtime', start: `${YEAR}-03-01T23:00:00Z`, end: `${YEAR}-03-31T22:00:00Z` },
      ],
    });
    expect(await stored(created.id)).toMatchObject({
      account: `urn:li:sponsoredAccount:${account.id}`,
      status: 'PAUSED',
      objectiveType: 'BRAND_AWARENESS',
      totalBudget: { amount: '1500.00', currencyCode: 'USD' },
      runSchedule: { start: Date.parse(start), end: Date.parse(end) },
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);
    expect((await adapter.campaigns.list(call, account)).find((c) => c.id === created.id)).toEqual(created);

    const adSet = await adapter.adSets.create(
      call,
      {
        name: 'under the new group',
        advertiser: account.id,
        parentId: created.id,
        channelKind: 'Social',
        status: 'Paused',
        settings: [
          { kind: 'DailyBudget', budget: 20, currency: 'USD' },
          { kind: 'Runtime', start, end },
        ],
        targetings: [],
      },
      account,
    );
    expect(adSet.settings).toContainEqual({ kind: 'Objective', objective: 'BRAND_AWARENESS' });

    const later = `${YEAR}-04-30T00:00:00Z`;
    const updated = await campaigns.update(call, created.id, {
      name: 'Q3 launch, longer',
      status: 'Active',
      settings: [total(2000), { kind: 'Runtime', start, end: later }],
    });
    expect(updated).toMatchObject({ name: 'Q3 launch, longer', status: 'Running' });
    expect(updated.settings).toEqual([
      total(2000),
      expect.objectContaining({ end: `${YEAR}-04-30T00:00:00Z` }),
    ]);
    const update = emulator.controls.callsTo(`/adCampaignGroups/${created.id}`, 'POST').at(-1)!;
    expect(update).toMatchObject({
      headers: { 'x-restli-method': 'partial_update' },
      body: {
        patch: {
          $set: {
            name: 'Q3 launch, longer',
            status: 'ACTIVE',
            totalBudget: { amount: '2000.00', currencyCode: 'USD' },
          },
          runSchedule: { $set: { end: Date.parse(later) } },
        },
      },
    });

    const deleted = await campaigns.delete(call, created.id);
    expect(deleted.status).toBe('Archived');
    expect((await stored(created.id)).status).toBe('ARCHIVED');
    expect(emulator.controls.callsTo(`/adCampaignGroups/${created.id}`, 'DELETE')).toEqual([]);
  });

  it('deletes a DRAFT group outright', async () => {
    // adlink creates Paused or Active groups; a draft is one made in Campaign Manager.
    const draft = await fetch(`${emulator.url}/rest/adAccounts/${account.id}/adCampaignGroups`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${call.accessToken}`,
        'LinkedIn-Version': VERSION,
        'X-Restli-Protocol-Version': '2.0.0',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        account: `urn:li:sponsoredAccount:${account.id}`,
        name: 'Draft',
        status: 'DRAFT',
        runSchedule: { start: Date.now() + 86_400_000 },
      }),
    });
    expect(draft.status).toBe(201);
    const id = draft.headers.get('x-restli-id')!;
    expect((await campaigns.delete(call, id)).status).toBe('Deleted');
    expect(emulator.controls.callsTo(`/adCampaignGroups/${id}`, 'DELETE')).toHaveLength(1);
    expect(await campaigns.get(call, id)).toBeNull();
  });

  it("names the unified parameter behind LinkedIn's refusals", async () => {
    expect(await refusal(campaigns.create(call, input({ objective: 'SALES' }), account))).toMatchObject({
      kind: 'invalid',
      param: 'objective',
    });
    // The emulator's smallest total budget is 100 in the account currency.
    expect(
      await refusal(
        campaigns.create(
          call,
          input({
            settings: [
              total(50),
              { kind: 'Runtime', start: `${YEAR}-01-01T00:00:00Z`, end: `${YEAR}-02-01T00:00:00Z` },
            ],
          }),
          account,
        ),
      ),
    ).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
    expect(await refusal(campaigns.create(call, input({ settings: [total(500)] }), account))).toMatchObject({
      kind: 'invalid',
      param: 'settings',
    });
    const { id } = await campaigns.create(call, input(), account);
    expect(
      await refusal(
        campaigns.update(call, id, { settings: [{ kind: 'Runtime', start: `${YEAR - 2}-01-01T00:00:00Z` }] }),
      ),
    ).toMatchObject({ kind: 'invalid', param: 'settings[0].start' });
  });

  it('reads no group of another account', async () => {
    expect(await campaigns.get(call, SEED.eurGroup)).toBeNull();
    expect(await campaigns.get(call, 'not-an-id')).toBeNull();
  });
});
