import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { CAMPAIGNS } from '../../emulators/meta/seed.js';
import { DEFAULT_CLIENT, type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import type { ManagedCampaigns } from '../../src/campaigns/port.js';
import type { PlatformAdapter } from '../../src/ports/platform-adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { adapterAtEmulator, managed, refusal } from '../support/emulator-call.js';

/**
 * Meta's campaign adapter against the Meta emulator: the Graph calls it makes (`POST
 * /act_{id}/campaigns`, `POST /{campaign_id}`, `DELETE /{campaign_id}`), what the emulator then holds
 * in Meta's units, and Meta's refusals reported on the unified parameter.
 */

const USD = { id: 'act_1000000001', name: 'Bakery US', currency: 'USD' };
const JPY = { id: 'act_1000000002', name: 'Bakery Tokyo', currency: 'JPY' };
const usd = (budget: number) => ({ kind: 'DailyBudget' as const, budget, currency: 'USD' });
const yen = (budget: number) => ({ kind: 'DailyBudget' as const, budget, currency: 'JPY' });

describe('meta campaigns against the emulator', () => {
  let emulator: RunningEmulator;
  let adapter: PlatformAdapter;
  let campaigns: ManagedCampaigns;
  let call: PlatformCall;

  beforeAll(async () => {
    emulator = await startEmulator(metaEmulator);
    ({ adapter, call } = adapterAtEmulator('meta', emulator, [USD, JPY]));
    campaigns = managed(adapter.campaigns);
  });
  afterAll(() => emulator?.close());

  const newCampaign = (values: Partial<NewCampaign> = {}): NewCampaign => ({
    name: 'Autumn traffic',
    advertiser: USD.id,
    objective: 'OUTCOME_TRAFFIC',
    status: 'Paused',
    settings: [],
    ...values,
  });
  /** The form of the last Graph POST to `path`. */
  const lastPost = (path: string) =>
    emulator.controls.callsTo(path, 'POST').at(-1)!.body as Record<string, string>;
  /** The campaign as the emulator holds it, in Meta's own fields and units. */
  const stored = async (id: string) => {
    const url = `${emulator.url}/v24.0/${id}?fields=daily_budget,status,special_ad_categories,is_adset_budget_sharing_enabled,buying_type`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${call.accessToken}` } });
    return (await res.json()) as Record<string, unknown>;
  };
  it('declares the ODAX objectives, a daily campaign budget, soft deletion', () => {
    expect(campaigns.capabilities).toMatchObject({
      objectives: [
        'OUTCOME_AWARENESS',
        'OUTCOME_TRAFFIC',
        'OUTCOME_ENGAGEMENT',
        'OUTCOME_LEADS',
        'OUTCOME_SALES',
        'OUTCOME_APP_PROMOTION',
      ],
      settings: ['DailyBudget'],
      updateSettings: ['DailyBudget'],
      budgetKindChange: false,
      deletion: 'soft',
    });
  });

  it('creates a campaign without a campaign budget: paused, no special ad category, ad sets not sharing budgets', async () => {
    const created = await campaigns.create(call, newCampaign(), USD);
    expect(created).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Autumn traffic',
      platform: 'meta',
      status: 'Paused',
      advertiser: USD.id,
      objective: 'OUTCOME_TRAFFIC',
      channelKind: 'Social',
      settings: [],
    });
    expect(lastPost(`/${USD.id}/campaigns`)).toEqual({
      name: 'Autumn traffic',
      objective: 'OUTCOME_TRAFFIC',
      status: 'PAUSED',
      special_ad_categories: '[]',
      buying_type: 'AUCTION',
      is_adset_budget_sharing_enabled: 'false',
    });
    expect(await stored(created.id)).toMatchObject({
      status: 'PAUSED',
      special_ad_categories: [],
      is_adset_budget_sharing_enabled: false,
      buying_type: 'AUCTION',
    });
    expect(await campaigns.get(call, created.id)).toEqual(created);
    const listed = await adapter.campaigns.list(call, USD);
    expect(listed).toContainEqual(created);
  });

  it('creates with a daily campaign budget, in cents for USD and whole yen for JPY', async () => {
    const dollars = await campaigns.create(call, newCampaign({ settings: [usd(40.5)] }), USD);
    expect(dollars.settings).toEqual([usd(40.5)]);
    expect(await stored(dollars.id)).toMatchObject({ daily_budget: '4050' });
    expect(await stored(dollars.id)).not.toHaveProperty('is_adset_budget_sharing_enabled');
    const tokyo = await campaigns.create(
      call,
      newCampaign({ advertiser: JPY.id, objective: 'OUTCOME_AWARENESS', settings: [yen(3000)] }),
      JPY,
    );
    expect(await stored(tokyo.id)).toMatchObject({ daily_budget: '3000' });
    expect((await adapter.campaigns.list(call, JPY)).find((c) => c.id === tokyo.id)?.settings).toEqual([
      yen(3000),
    ]);
  });

  it('renames, pauses, archives and changes the campaign budget, read back from Meta', async () => {
    const created = await campaigns.create(
      call,
      newCampaign({ status: 'Running', settings: [usd(20)] }),
      USD,
    );
    expect(created.status).toBe('Running');
    const renamed = await campaigns.update(call, created.id, { name: 'Autumn reach', status: 'Paused' });
    expect(renamed).toMatchObject({ name: 'Autumn reach', status: 'Paused' });
    expect(lastPost(`/${created.id}`)).toEqual({ name: 'Autumn reach', status: 'PAUSED' });
    const raised = await campaigns.update(call, created.id, { settings: [usd(35.25)] });
    expect(lastPost(`/${created.id}`)).toEqual({ daily_budget: '3525' });
    expect(raised.settings).toEqual([usd(35.25)]);
    expect(await stored(created.id)).toMatchObject({ daily_budget: '3525' });
    expect((await campaigns.update(call, created.id, { status: 'Archived' })).status).toBe('Archived');
    const reopened = await refusal(campaigns.update(call, created.id, { status: 'Paused' }));
    expect(reopened).toMatchObject({ kind: 'invalid', param: 'status' });
  });

  it("passes Meta's refusals on by parameter: a budget under the minimum, a campaign budget the campaign never had", async () => {
    const low = await refusal(campaigns.create(call, newCampaign({ settings: [usd(0.5)] }), USD));
    expect(low).toMatchObject({ kind: 'invalid', param: 'settings[0].budget', code: '100/1885272' });
    const plain = await campaigns.create(call, newCampaign(), USD);
    const added = await refusal(campaigns.update(call, plain.id, { settings: [usd(30)] }));
    expect(added).toMatchObject({ kind: 'invalid', param: 'settings[0].budget' });
    const fraction = await refusal(campaigns.create(call, newCampaign({ settings: [yen(10.5)] }), JPY));
    expect(fraction).toMatchObject({ param: 'settings[0].budget' });
  });

  it('keeps ad-set budgets off a campaign with a campaign budget, before Meta and at Meta', async () => {
    const parent = await campaigns.create(call, newCampaign({ settings: [usd(50)] }), USD);
    const adSet = (settings: NewAdSet['settings']): NewAdSet => ({
      name: 'under a campaign budget',
      advertiser: USD.id,
      parentId: parent.id,
      channelKind: 'Social',
      status: 'Paused',
      settings,
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    });
    const posts = emulator.controls.callsTo(`/${USD.id}/adsets`, 'POST').length;
    expect(await refusal(adapter.adSets.create(call, adSet([usd(5)]), USD))).toMatchObject({
      param: 'settings[0]',
    });
    expect(emulator.controls.callsTo(`/${USD.id}/adsets`, 'POST')).toHaveLength(posts);
    const shared = await adapter.adSets.create(call, adSet([]), USD);
    expect(shared.settings.filter((s) => s.kind === 'DailyBudget')).toEqual([]);
    expect(await refusal(adapter.adSets.update(call, shared.id, { settings: [usd(5)] }))).toMatchObject({
      param: 'settings[0]',
    });
    // Meta itself refuses it too (subcode 1885621), named on the parameter it came from.
    const direct = await fetch(`${emulator.url}/v24.0/${shared.id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${call.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ daily_budget: 500 }),
    });
    expect(((await direct.json()) as { error: { error_subcode: number } }).error.error_subcode).toBe(1885621);
  });

  it('deletes softly: the campaign and its ad sets read back Deleted, and lists still show it', async () => {
    const created = await campaigns.create(call, newCampaign({ objective: 'OUTCOME_AWARENESS' }), USD);
    const child = await adapter.adSets.create(
      call,
      {
        name: 'child',
        advertiser: USD.id,
        parentId: created.id,
        channelKind: 'Social',
        status: 'Paused',
        settings: [usd(5)],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '94301' }],
          },
        ],
      },
      USD,
    );
    const deleted = await campaigns.delete(call, created.id);
    expect(deleted).toMatchObject({ id: created.id, status: 'Deleted' });
    expect(emulator.controls.callsTo(`/${created.id}`, 'DELETE')).toHaveLength(1);
    expect((await adapter.adSets.get(call, child.id))?.status).toBe('Deleted');
    expect((await adapter.campaigns.list(call, USD)).find((c) => c.id === created.id)?.status).toBe(
      'Deleted',
    );
    expect(await refusal(campaigns.update(call, created.id, { name: 'again' }))).toMatchObject({
      kind: 'invalid',
    });
  });

  it("answers null for a campaign that does not exist or is in another customer's ad account", async () => {
    expect(await campaigns.get(call, '999999')).toBeNull();
    expect(await campaigns.get(call, 'not-an-id')).toBeNull();
    expect(await campaigns.get({ ...call, accounts: [USD] }, CAMPAIGNS.jpyEngagement)).toBeNull();
    expect((await campaigns.get(call, CAMPAIGNS.jpyEngagement))?.advertiser).toBe(JPY.id);
  });

  it('signs every campaign call with appsecret_proof', async () => {
    const before = emulator.controls.calls.length;
    const created = await campaigns.create(call, newCampaign(), USD);
    await campaigns.update(call, created.id, { name: 'signed' });
    await campaigns.delete(call, created.id);
    const proof = createHmac('sha256', DEFAULT_CLIENT.clientSecret).update(call.accessToken).digest('hex');
    const made = emulator.controls.calls.slice(before);
    expect(made.map((c) => c.method)).toEqual(expect.arrayContaining(['POST', 'DELETE', 'GET']));
    for (const c of made) expect(c.query.appsecret_proof, `${c.method} ${c.path}`).toBe(proof);
  });
});
