import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { INSIGHTS_FIELDS, INSIGHTS_LEVELS } from '../../emulators/meta/insights.js';
import {
  AD_ACCOUNT_FIELDS,
  AD_FIELDS,
  ADSET_CREATE_PARAMS,
  ADSET_EDGES,
  ADSET_FIELDS,
  ADSET_UPDATE_PARAMS,
  BID_STRATEGIES,
  BILLING_EVENTS,
  CAMPAIGN_CREATE_PARAMS,
  CAMPAIGN_FIELDS,
  CAMPAIGN_UPDATE_PARAMS,
  OBJECTIVES,
  OPTIMIZATION_GOALS,
  SPECIAL_AD_CATEGORIES,
} from '../../emulators/meta/model.js';
import { CAMPAIGNS } from '../../emulators/meta/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { CAMPAIGN_OBJECTIVES } from '../../src/platforms/meta/campaign-body.js';
import {
  AD_EFFECTIVE_STATUSES,
  ADSET_EFFECTIVE_STATUSES,
  CAMPAIGN_EFFECTIVE_STATUSES,
} from '../../src/platforms/meta/mapping.js';
import { FIELDS } from '../../src/platforms/meta/model.js';
import { toInsightsParams } from '../../src/platforms/meta/reports.js';
import { emulatorToken } from '../support/emulator-call.js';

/**
 * The emulator checked against Meta's official Node SDK (facebook-nodejs-business-sdk, a
 * devDependency): its field lists and enums, its API version, and the SDK itself talking to the
 * emulator, so the emulator cannot answer a shape the SDK would not read.
 */
type Enum = Record<string, string>;
interface Node {
  Fields: Enum;
}
interface CursorPage extends Array<{ _data: Record<string, unknown> }> {
  hasNext(): boolean;
  next(): Promise<CursorPage>;
}
const sdk = createRequire(import.meta.url)('facebook-nodejs-business-sdk') as {
  FacebookAdsApi: { VERSION: string; init(token: string, locale: string, crashLog: boolean): unknown };
  AdSet: Node & { Status: Enum; EffectiveStatus: Enum; OptimizationGoal: Enum; BillingEvent: Enum } & (new (
      id: string,
      data?: object,
    ) => {
      update(): Promise<unknown>;
      delete(): Promise<unknown>;
      getAds(f: string[]): Promise<CursorPage>;
    });
  Campaign: Node & {
    Objective: Enum;
    Status: Enum;
    EffectiveStatus: Enum;
    SpecialAdCategories: Enum;
    BidStrategy: Enum;
  } & (new (
      id: string,
      data?: object,
    ) => { update(): Promise<unknown>; delete(): Promise<unknown> });
  Ad: Node & { EffectiveStatus: Enum };
  AdsInsights: Node & { Level: Enum };
  AdAccount: Node &
    (new (
      id: string,
    ) => {
      getAdSets(f: string[], p?: object): Promise<CursorPage>;
      getCampaigns(f: string[]): Promise<CursorPage>;
      createAdSet(f: string[], p: object): Promise<{ id: string }>;
      createCampaign(f: string[], p: object): Promise<{ id: string }>;
    });
  User: new (id: string) => { getAdAccounts(f: string[]): Promise<CursorPage> };
};
const values = (e: Enum) => Object.values(e);
/** Field names without expansions: `campaign{objective}` is the field `campaign`. */
const plain = (fields: readonly string[]) => fields.map((f) => /^[a-z_]+/.exec(f)![0]);

describe('the Meta emulator against the official SDK', () => {
  it("speaks the SDK's Graph API version, which is adlink's default", () => {
    expect(sdk.FacebookAdsApi.VERSION).toBe(platformCatalog('http://localhost').meta.apiVersion);
  });

  it('answers and accepts only fields the SDK knows, and adlink asks only for those', () => {
    expect(values(sdk.AdSet.Fields)).toEqual(expect.arrayContaining([...ADSET_FIELDS]));
    expect(values(sdk.AdSet.Fields)).toEqual(expect.arrayContaining([...ADSET_CREATE_PARAMS]));
    expect(values(sdk.AdSet.Fields)).toEqual(expect.arrayContaining([...ADSET_UPDATE_PARAMS]));
    expect(values(sdk.Campaign.Fields)).toEqual(expect.arrayContaining([...CAMPAIGN_FIELDS]));
    expect(values(sdk.Campaign.Fields)).toEqual(expect.arrayContaining([...CAMPAIGN_CREATE_PARAMS]));
    expect(values(sdk.Campaign.Fields)).toEqual(expect.arrayContaining([...CAMPAIGN_UPDATE_PARAMS]));
    expect(values(sdk.Ad.Fields)).toEqual(expect.arrayContaining([...AD_FIELDS]));
    expect(values(sdk.AdAccount.Fields)).toEqual(expect.arrayContaining([...AD_ACCOUNT_FIELDS]));
    expect([...ADSET_FIELDS, ...ADSET_EDGES]).toEqual(expect.arrayContaining(plain(FIELDS.adSet)));
    expect([...CAMPAIGN_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.campaign]));
    expect([...AD_FIELDS]).toEqual(expect.arrayContaining(plain(FIELDS.ad)));
    expect([...AD_ACCOUNT_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.adAccount]));
  });

  it("answers insights with the SDK's AdsInsights fields and levels, and adlink asks only for those", () => {
    expect(values(sdk.AdsInsights.Fields)).toEqual(expect.arrayContaining([...INSIGHTS_FIELDS]));
    expect(values(sdk.AdsInsights.Level).sort()).toEqual([...INSIGHTS_LEVELS].sort());
    for (const level of ['campaign', 'adset', 'ad'] as const) {
      const { fields } = toInsightsParams({
        level,
        from: '2026-11-01',
        to: '2026-11-07',
        granularity: 'day',
      });
      expect([...INSIGHTS_FIELDS]).toEqual(expect.arrayContaining(fields!.split(',')));
    }
    expect(values(sdk.Ad.EffectiveStatus).sort()).toEqual([...AD_EFFECTIVE_STATUSES].sort());
  });

  it("uses the SDK's enums: statuses, effective statuses, objectives, goals, billing events", () => {
    expect(values(sdk.AdSet.Status).sort()).toEqual(['ACTIVE', 'ARCHIVED', 'DELETED', 'PAUSED']);
    expect(values(sdk.AdSet.EffectiveStatus).sort()).toEqual([...ADSET_EFFECTIVE_STATUSES].sort());
    expect(values(sdk.Ad.EffectiveStatus)).toEqual(
      expect.arrayContaining(['ADSET_PAUSED', 'CAMPAIGN_PAUSED']),
    );
    expect(values(sdk.Campaign.Objective)).toEqual(expect.arrayContaining(Object.keys(OPTIMIZATION_GOALS)));
    expect(values(sdk.AdSet.OptimizationGoal)).toEqual(
      expect.arrayContaining(Object.values(OPTIMIZATION_GOALS).flat()),
    );
    expect(values(sdk.AdSet.BillingEvent)).toEqual(expect.arrayContaining([...BILLING_EVENTS]));
  });

  it("uses the SDK's campaign enums: effective statuses, special ad categories, bid strategies, objectives", () => {
    expect(values(sdk.Campaign.Status).sort()).toEqual(['ACTIVE', 'ARCHIVED', 'DELETED', 'PAUSED']);
    expect(values(sdk.Campaign.EffectiveStatus).sort()).toEqual([...CAMPAIGN_EFFECTIVE_STATUSES].sort());
    expect(values(sdk.Campaign.SpecialAdCategories).sort()).toEqual([...SPECIAL_AD_CATEGORIES].sort());
    expect(values(sdk.Campaign.BidStrategy).sort()).toEqual([...BID_STRATEGIES].sort());
    // adlink creates campaigns with exactly the outcome-based objectives the emulator takes.
    expect(values(sdk.Campaign.Objective)).toEqual(expect.arrayContaining(OBJECTIVES));
    expect(CAMPAIGN_OBJECTIVES).toEqual(OBJECTIVES);
  });

  describe('the SDK calling the emulator', () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startEmulator(metaEmulator);
      // The SDK always calls graph.facebook.com; point it here instead.
      Object.defineProperty(sdk.FacebookAdsApi, 'GRAPH', { get: () => emulator.url, configurable: true });
      sdk.FacebookAdsApi.init(emulatorToken(emulator), 'en_US', false);
    });
    afterAll(() => emulator?.close());

    it("lists the user's ad accounts and an account's campaigns on the SDK's edges", async () => {
      const accounts = await new sdk.User('me').getAdAccounts(['name', 'currency']);
      expect(accounts.map((a) => a._data)).toContainEqual(
        expect.objectContaining({ id: 'act_1000000002', currency: 'JPY' }),
      );
      const campaigns = await new sdk.AdAccount('act_1000000001').getCampaigns(['objective']);
      expect(campaigns.map((c) => c._data.id)).toContain(CAMPAIGNS.usdTraffic);
    });

    it('pages through ad sets with the cursor, following paging.next', async () => {
      let page = await new sdk.AdAccount('act_1000000001').getAdSets(
        plain(FIELDS.adSet).filter((f) => f !== 'ads'),
        {
          limit: 2,
        },
      );
      const ids = page.map((a) => a._data.id);
      while (page.hasNext()) {
        page = await page.next();
        ids.push(...page.map((a) => a._data.id));
      }
      expect(ids.length).toBeGreaterThan(2);
      expect(new Set(ids).size).toBe(ids.length);
    });

    /** An ad set as the SDK creates one: the fields Meta requires, with the SDK's enum values. */
    const sdkAdSet = (name: string) => ({
      name,
      campaign_id: CAMPAIGNS.usdTraffic,
      status: sdk.AdSet.Status.paused,
      billing_event: sdk.AdSet.BillingEvent.impressions,
      optimization_goal: sdk.AdSet.OptimizationGoal.link_clicks,
      daily_budget: 1500,
      targeting: { geo_locations: { zips: [{ key: 'US:94304' }] } },
    });

    it('creates (JSON body), updates and deletes an ad set as the SDK sends them', async () => {
      const created = await new sdk.AdAccount('act_1000000001').createAdSet([], sdkAdSet('from the SDK'));
      expect(created.id).toMatch(/^\d+$/);
      await new sdk.AdSet(created.id, { name: 'renamed by the SDK' }).update();
      expect((await new sdk.AdSet(created.id).getAds(['name'])).length).toBe(0);
      await new sdk.AdSet(created.id).delete();
      const deleted = emulator.controls.callsTo(`/${created.id}`, 'DELETE');
      expect(deleted).toHaveLength(1);
    });

    it('refuses an ad set missing a field Meta requires, or with a value outside the SDK enum', async () => {
      const valid = sdkAdSet('strict');
      const create = (params: Record<string, unknown>) =>
        new sdk.AdAccount('act_1000000001').createAdSet([], params);
      for (const field of [
        'name',
        'campaign_id',
        'status',
        'billing_event',
        'optimization_goal',
        'targeting',
      ]) {
        const missing: Record<string, unknown> = { ...valid };
        delete missing[field];
        await expect(create(missing), field).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(field) },
        });
      }
      await expect(create({ ...valid, billing_event: 'SWIPES' })).rejects.toMatchObject({
        response: { code: 100, message: expect.stringContaining('billing_event') },
      });
      await expect(create({ ...valid, daily_budget: undefined })).rejects.toMatchObject({
        response: { code: 100 },
      });
    });

    /** A campaign as the SDK creates one without a campaign budget (v24.0 wants budget sharing said). */
    const sdkCampaign = (name: string) => ({
      name,
      objective: sdk.Campaign.Objective.outcome_traffic,
      status: sdk.Campaign.Status.paused,
      special_ad_categories: [],
      is_adset_budget_sharing_enabled: false,
    });

    it('creates (JSON body), updates and deletes a campaign as the SDK sends them', async () => {
      const account = new sdk.AdAccount('act_1000000001');
      const created = await account.createCampaign([], sdkCampaign('from the SDK'));
      expect(created.id).toMatch(/^\d+$/);
      await new sdk.Campaign(created.id, { name: 'renamed by the SDK' }).update();
      await new sdk.Campaign(created.id).delete();
      expect(emulator.controls.callsTo(`/${created.id}`, 'DELETE')).toHaveLength(1);
      const budgeted = await account.createCampaign([], {
        name: 'campaign budget',
        objective: sdk.Campaign.Objective.outcome_awareness,
        status: sdk.Campaign.Status.paused,
        special_ad_categories: [sdk.Campaign.SpecialAdCategories.none],
        daily_budget: 5000,
        bid_strategy: sdk.Campaign.BidStrategy.lowest_cost_without_cap,
      });
      expect(budgeted.id).toMatch(/^\d+$/);
    });

    it('refuses a campaign missing what Meta requires: name, objective, special_ad_categories, and from v24.0 budget sharing', async () => {
      const create = (params: Record<string, unknown>) =>
        new sdk.AdAccount('act_1000000001').createCampaign([], params);
      const valid = sdkCampaign('strict');
      for (const field of ['name', 'objective', 'special_ad_categories', 'is_adset_budget_sharing_enabled']) {
        const missing: Record<string, unknown> = { ...valid };
        delete missing[field];
        await expect(create(missing), field).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(field) },
        });
      }
      for (const [field, value] of [
        ['objective', 'LINK_CLICKS'],
        ['special_ad_categories', ['DATING']],
        ['status', 'ARCHIVED'],
      ] as const) {
        await expect(create({ ...valid, [field]: value }), field).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(field) },
        });
      }
      // A bid strategy belongs to the ad sets when the campaign has no budget.
      await expect(create({ ...valid, bid_strategy: 'COST_CAP' })).rejects.toMatchObject({
        response: { code: 100, message: expect.stringContaining('bid_strategy') },
      });
    });

    it("answers Meta's error envelope, which the SDK raises", async () => {
      const refused = new sdk.AdAccount('act_1000000001').createAdSet([], { name: 'no budget' });
      await expect(refused).rejects.toMatchObject({ response: { code: 100, type: 'OAuthException' } });
    });
  });
});
