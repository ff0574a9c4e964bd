import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../../emulators/google/index.js';
import { SEED } from '../../emulators/google/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { NewCampaign } from '../../src/campaigns/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { googleAdapter } from '../../src/platforms/google/adapter.js';
import type { PlatformCall } from '../../src/ports/platform-call.js';
import { type PlatformError, PlatformInputError } from '../../src/ports/platform-error.js';
import { emulatorSearch, seededCall } from '../fixtures/google/emulated.js';
import { managed } from '../support/emulator-call.js';

/**
 * The Google campaign adapter and ad-group keyword updates against the emulator: what adlink sends
 * (budget in micros of the account currency, dates in the account's time zone), what Google then
 * holds (read with GAQL from the emulator), and what either refuses, named by the unified parameter.
 */

const YEAR = new Date().getUTCFullYear() + 1;
const eur = (budget: number) => ({ kind: 'DailyBudget' as const, budget, currency: 'EUR' });
/** January in Berlin (UTC+1): whole days of the account's time zone. */
const january = {
  kind: 'Runtime' as const,
  start: `${YEAR}-01-01T00:00:00+01:00`,
  end: `${YEAR}-02-01T00:00:00+01:00`,
};

let emulator: RunningEmulator;
let call: PlatformCall;
const adapter = () =>
  googleAdapter(platformCatalog('http://localhost', { google: { baseUrl: emulator.url } }).google, {
    timeoutMs: 5000,
  });
const campaigns = () => managed(adapter().campaigns);
const [berlin, tokyo] = [
  { id: SEED.bakery, name: 'Bakery Berlin', currency: 'EUR' },
  { id: SEED.tokyo, name: 'Bakery Tokyo', currency: 'JPY' },
];

beforeAll(async () => {
  emulator = await startEmulator(googleEmulator);
  call = seededCall(emulator);
});
afterAll(() => emulator?.close());

const stored = async (customer: string, id: string) => {
  const [row] = await emulatorSearch(
    emulator,
    call.accessToken,
    customer,
    'SELECT campaign.id, campaign.start_date_time, campaign.end_date_time, campaign.contains_eu_political_advertising, ' +
      'campaign.bidding_strategy_type, campaign_budget.amount_micros, campaign_budget.total_amount_micros, ' +
      `campaign_budget.explicitly_shared, campaign_budget.period FROM campaign WHERE campaign.id = ${id}`,
  );
  return row!;
};
const lastMutate = () =>
  emulator.controls.calls.filter((c) => c.path.endsWith('googleAds:mutate')).at(-1)!.body as {
    mutateOperations: Record<string, { update?: Record<string, unknown>; updateMask?: string }>[];
  };
const newCampaign = (fields: Partial<NewCampaign>): NewCampaign => ({
  name: `campaign ${Math.random()}`,
  advertiser: SEED.bakery,
  objective: 'SEARCH',
  channelKind: 'Search',
  status: 'Paused',
  settings: [eur(20.5), january],
  ...fields,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the create went through'),
    (err: unknown) => err as PlatformError | PlatformInputError,
  );

describe('google campaigns against the emulator', () => {
  it('offers the channel types the API creates, Video not among them', () => {
    expect(campaigns().capabilities).toMatchObject({
      objectives: ['SEARCH', 'DISPLAY'],
      channelKinds: ['Search', 'Display'],
      budgetKindChange: false,
      deletion: 'soft',
    });
    expect(adapter().adSets.capabilities.updates).toEqual({
      settings: [],
      targetings: ['KeywordTargeting'],
      budgetKindChange: false,
    });
  });

  it('creates a Search campaign with its own budget in micros and whole days of the account zone', async () => {
    const created = await campaigns().create(call, newCampaign({ name: 'Spring search' }), berlin);
    expect(created).toMatchObject({
      name: 'Spring search',
      platform: 'google',
      status: 'Paused',
      advertiser: SEED.bakery,
      objective: 'SEARCH',
      channelKind: 'Search',
      settings: [eur(20.5), january],
    });
    expect(await stored(SEED.bakery, created.id)).toMatchObject({
      campaign: {
        startDateTime: `${YEAR}-01-01 00:00:00`,
        endDateTime: `${YEAR}-01-31 23:59:59`,
        containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
        biddingStrategyType: 'MANUAL_CPC',
      },
      campaignBudget: { amountMicros: '20500000', explicitlyShared: false, period: 'DAILY' },
    });
    const sent = lastMutate().mutateOperations[1]!.campaignOperation as unknown as { create: object };
    expect(sent.create).toMatchObject({
      manualCpc: {},
      networkSettings: { targetGoogleSearch: true, targetSearchNetwork: true, targetContentNetwork: false },
    });
    expect(await campaigns().get(call, created.id)).toEqual(created);
  });

  it('changes the budget, moves the end without resending the start, opens the end, renames and pauses', async () => {
    const created = await campaigns().create(call, newCampaign({ status: 'Active' }), berlin);
    const raised = await campaigns().update(call, created.id, { settings: [eur(35)] });
    expect(raised.settings).toEqual([eur(35), january]);
    expect((await stored(SEED.bakery, created.id)).campaignBudget).toMatchObject({
      amountMicros: '35000000',
    });

    // 1 April is summer time in Berlin (UTC+2).
    const moved = { ...january, end: `${YEAR}-04-01T00:00:00+02:00` };
    expect((await campaigns().update(call, created.id, { settings: [moved] })).settings).toEqual([
      eur(35),
      moved,
    ]);
    expect(lastMutate().mutateOperations[0]!.campaignOperation).toMatchObject({
      update: { endDateTime: `${YEAR}-03-31 23:59:59` },
      updateMask: 'endDateTime',
    });

    const open = { kind: 'Runtime' as const, start: january.start };
    expect((await campaigns().update(call, created.id, { settings: [open] })).settings).toEqual([
      eur(35),
      open,
    ]);
    expect((await stored(SEED.bakery, created.id)).campaign!.endDateTime).toBeUndefined();

    const renamed = await campaigns().update(call, created.id, { name: 'Renamed', status: 'Paused' });
    expect(renamed).toMatchObject({ name: 'Renamed', status: 'Paused' });
  });

  it('holds JPY in whole yen: micros of the account currency, a fraction refused by parameter', async () => {
    const tokyoDays = {
      kind: 'Runtime' as const,
      start: `${YEAR}-03-01T00:00:00+09:00`,
      end: `${YEAR}-04-01T00:00:00+09:00`,
    };
    const created = await campaigns().create(
      call,
      newCampaign({
        advertiser: SEED.tokyo,
        objective: 'DISPLAY',
        channelKind: 'Display',
        settings: [{ kind: 'TotalBudget', budget: 3000, currency: 'JPY' }, tokyoDays],
      }),
      tokyo,
    );
    expect(created.settings).toEqual([{ kind: 'TotalBudget', budget: 3000, currency: 'JPY' }, tokyoDays]);
    expect((await stored(SEED.tokyo, created.id)).campaignBudget).toMatchObject({
      totalAmountMicros: '3000000000',
      period: 'CUSTOM_PERIOD',
    });
    const fraction = await refusal(
      campaigns().update(call, created.id, {
        settings: [{ kind: 'TotalBudget', budget: 2500.5, currency: 'JPY' }],
      }),
    );
    expect(fraction).toMatchObject({ param: 'settings[0].budget' });
    const kind = await refusal(
      campaigns().update(call, created.id, {
        settings: [{ kind: 'DailyBudget', budget: 10, currency: 'JPY' }],
      }),
    );
    expect(kind).toMatchObject({ param: 'settings[0]' });
  });

  it('refuses a runtime Google cannot express, and maps Google’s refusals to the unified parameter', async () => {
    const create = (fields: Partial<NewCampaign>) =>
      refusal(campaigns().create(call, newCampaign(fields), berlin));
    expect(
      await create({ settings: [eur(10), { ...january, start: `${YEAR}-01-01T09:00:00+01:00` }] }),
    ).toMatchObject({
      param: 'settings[1].start',
    });
    expect(
      await create({ settings: [eur(10), { ...january, end: `${YEAR}-02-01T00:00:00Z` }] }),
    ).toMatchObject({
      param: 'settings[1].end',
    });
    expect(await create({ settings: [january] })).toMatchObject({ param: 'settings' });
    expect(await create({ channelKind: 'Display' })).toMatchObject({ param: 'channelKind' });
    expect(
      await create({ settings: [eur(10), { ...january, start: '2020-01-01T00:00:00+01:00' }] }),
    ).toMatchObject({
      kind: 'invalid',
      code: 'CANNOT_SET_DATE_TO_PAST',
      param: 'settings[1].start',
    });
    expect(await create({ name: 'Search – Brand' })).toMatchObject({
      kind: 'invalid',
      code: 'DUPLICATE_CAMPAIGN_NAME',
      param: 'name',
    });
    expect(await create({ settings: [{ kind: 'TotalBudget', budget: 100, currency: 'EUR' }] })).toMatchObject(
      {
        kind: 'invalid',
        code: 'END_DATE_TIME_REQUIRED_FOR_TOTAL_BUDGET',
        param: 'settings[0]',
      },
    );
    expect(await create({ settings: [eur(0.001)] })).toMatchObject({ param: 'settings[0].budget' });
    expect(await create({ settings: [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }] })).toMatchObject({
      param: 'settings[0].currency',
    });
  });

  it('shows a shared budget as shared and never writes it', async () => {
    const shared = await campaigns().get(call, SEED.sharedBudgetCampaign);
    expect(shared?.settings).toEqual([
      { ...eur(30), shared: true },
      expect.objectContaining({ kind: 'Runtime' }),
    ]);
    const before = emulator.controls.calls.length;
    const refused = await refusal(
      campaigns().update(call, SEED.sharedBudgetCampaign, { settings: [eur(31)] }),
    );
    expect(refused).toBeInstanceOf(PlatformInputError);
    expect(refused).toMatchObject({ param: 'settings[0]' });
    expect(emulator.controls.calls.slice(before).filter((c) => c.path.includes('mutate'))).toEqual([]);
  });

  it('deletes by removing: the campaign stays readable as Deleted', async () => {
    const created = await campaigns().create(call, newCampaign({}), berlin);
    expect((await campaigns().delete(call, created.id)).status).toBe('Deleted');
    expect((await campaigns().get(call, created.id))?.status).toBe('Deleted');
    expect(await campaigns().get(call, '999')).toBeNull();
  });
});

describe('google ad groups: keywords replaced after creation', () => {
  it('adds, keeps and removes keyword criteria in one mutate; an empty list removes them all', async () => {
    const google = adapter();
    const created = await google.adSets.create(
      call,
      {
        name: `keywords ${Math.random()}`,
        advertiser: SEED.bakery,
        parentId: SEED.searchCampaign,
        channelKind: 'Search',
        status: 'Paused',
        settings: [],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread', 'spelt'] }],
      },
      berlin,
    );
    const replaced = await google.adSets.update(call, created.id, {
      targetings: [{ kind: 'KeywordTargeting', keywords: ['spelt', 'pretzel'] }],
    });
    expect(replaced.targetings).toEqual([{ kind: 'KeywordTargeting', keywords: ['spelt', 'pretzel'] }]);
    const ops = lastMutate().mutateOperations.map((o) => Object.keys(o.adGroupCriterionOperation ?? {})[0]);
    expect(ops).toEqual(['remove', 'create']);
    const invalid = await refusal(
      google.adSets.update(call, created.id, {
        targetings: [{ kind: 'KeywordTargeting', keywords: ['ok', 'bad!'] }],
      }),
    );
    expect(invalid).toMatchObject({ kind: 'invalid', param: 'targetings[0].keywords[1]' });
    const emptied = await google.adSets.update(call, created.id, {
      name: 'no keywords',
      targetings: [{ kind: 'KeywordTargeting', keywords: [] }],
    });
    expect(emptied).toMatchObject({ name: 'no keywords', targetings: [] });
    // The ad group shows its campaign's budget and dates (read-only on the ad group).
    expect(emptied.settings).toEqual([
      eur(50),
      { kind: 'Objective', objective: 'SEARCH' },
      { kind: 'Runtime', start: '2025-01-01T00:00:00+01:00' },
    ]);
  });
});
