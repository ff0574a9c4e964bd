import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_FILE_SOURCES, MAX_USERS_PER_CALL } from '../../emulators/meta/audience-input.js';
import { CALL_TO_ACTION_TYPES } from '../../emulators/meta/call-to-action.js';
import { LINK_TEXT_LIMITS } from '../../emulators/meta/creative-input.js';
import { MAX_IMAGE_BYTES } from '../../emulators/meta/images.js';
import { metaEmulator } from '../../emulators/meta/index.js';
import { INSIGHTS_FIELDS, INSIGHTS_LEVELS } from '../../emulators/meta/insights.js';
import {
  AD_ACCOUNT_FIELDS,
  AD_CREATE_PARAMS,
  AD_FIELDS,
  AD_IMAGE_FIELDS,
  AD_UPDATE_PARAMS,
  ADSET_CREATE_PARAMS,
  ADSET_FIELDS,
  ADSET_UPDATE_PARAMS,
  BID_STRATEGIES,
  BILLING_EVENTS,
  CAMPAIGN_CREATE_PARAMS,
  CAMPAIGN_FIELDS,
  CAMPAIGN_UPDATE_PARAMS,
  CREATIVE_CREATE_PARAMS,
  CREATIVE_FIELDS,
  CUSTOM_AUDIENCE_CREATE_PARAMS,
  CUSTOM_AUDIENCE_FIELDS,
  CUSTOM_AUDIENCE_UPDATE_PARAMS,
  OBJECTIVES,
  OPTIMIZATION_GOALS,
  PAGE_FIELDS,
  SPECIAL_AD_CATEGORIES,
} from '../../emulators/meta/model.js';
import { CAMPAIGNS, PAGES } from '../../emulators/meta/seed.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { withAudiences } from '../../src/platforms/meta/adset-audiences.js';
import { toMetaAudience, usersPayload } from '../../src/platforms/meta/audience-body.js';
import { CAMPAIGN_OBJECTIVES } from '../../src/platforms/meta/campaign-body.js';
import {
  AD_EFFECTIVE_STATUSES,
  ADSET_EFFECTIVE_STATUSES,
  CAMPAIGN_EFFECTIVE_STATUSES,
  META_CALLS_TO_ACTION,
} from '../../src/platforms/meta/mapping.js';
import { FIELDS } from '../../src/platforms/meta/model.js';
import { toInsightsParams } from '../../src/platforms/meta/reports.js';
import { emulatorToken } from '../support/emulator-call.js';
import { gif, png } from '../support/images.js';

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
      get(f: string[]): Promise<{ _data: Record<string, unknown> }>;
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
  Ad: Node & { EffectiveStatus: Enum; Status: Enum } & (new (
      id: string,
      data?: object,
    ) => {
      get(f: string[]): Promise<{ _data: Record<string, unknown> }>;
      update(): Promise<unknown>;
      delete(): Promise<unknown>;
    });
  AdCreative: Node & { ObjectType: Enum };
  AdImage: Node;
  Page: Node;
  AdCreativeLinkDataCallToAction: { Type: Enum };
  AdgroupReviewFeedback: Node;
  Targeting: Node;
  RawCustomAudience: Node;
  AdsInsights: Node & { Level: Enum };
  AdAccount: Node &
    (new (
      id: string,
    ) => {
      getAdSets(f: string[], p?: object): Promise<CursorPage>;
      getCampaigns(f: string[]): Promise<CursorPage>;
      createAdSet(f: string[], p: object): Promise<{ id: string }>;
      createCampaign(f: string[], p: object): Promise<{ id: string }>;
      createAdImage(f: string[], p: object): Promise<{ _data: Record<string, unknown> }>;
      getAdImages(f: string[]): Promise<CursorPage>;
      getPromotePages(f: string[]): Promise<CursorPage>;
      createAdCreative(f: string[], p: object): Promise<{ id: string }>;
      createAd(f: string[], p: object): Promise<{ id: string }>;
      createCustomAudience(f: string[], p: object): Promise<{ id: string }>;
      getCustomAudiences(f: string[]): Promise<CursorPage>;
    });
  User: new (id: string) => { getAdAccounts(f: string[]): Promise<CursorPage> };
  CustomAudience: Node & { CustomerFileSource: Enum; Subtype: Enum } & (new (
      id: string,
      data?: object,
    ) => {
      get(f: string[]): Promise<{ _data: Record<string, unknown> }>;
      update(): Promise<unknown>;
      delete(): Promise<unknown>;
      createUser(f: string[], p: object): Promise<{ _data: Record<string, unknown> }>;
      deleteUsers(p: object): Promise<Record<string, unknown>>;
    });
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
    expect([...ADSET_FIELDS]).toEqual(expect.arrayContaining(plain(FIELDS.adSet)));
    expect([...CAMPAIGN_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.campaign]));
    expect([...AD_FIELDS]).toEqual(expect.arrayContaining(plain(FIELDS.ad)));
    expect([...AD_ACCOUNT_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.adAccount]));
  });

  it('answers ads, creatives, images and Pages with fields the SDK knows, and adlink asks only for those', () => {
    expect(values(sdk.Ad.Fields)).toEqual(expect.arrayContaining([...AD_CREATE_PARAMS, ...AD_UPDATE_PARAMS]));
    expect(values(sdk.AdCreative.Fields)).toEqual(
      expect.arrayContaining([...CREATIVE_FIELDS, ...CREATIVE_CREATE_PARAMS]),
    );
    expect(values(sdk.AdImage.Fields)).toEqual(expect.arrayContaining([...AD_IMAGE_FIELDS]));
    expect(values(sdk.Page.Fields)).toEqual(expect.arrayContaining([...PAGE_FIELDS]));
    expect(values(sdk.AdgroupReviewFeedback.Fields).sort()).toEqual(['global', 'placement_specific']);
    expect([...AD_IMAGE_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.image]));
    expect([...PAGE_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.page]));
    const creative = FIELDS.ad.find((f) => f.startsWith('creative{'))!;
    expect([...CREATIVE_FIELDS]).toEqual(expect.arrayContaining(/\{(.*)\}/.exec(creative)![1]!.split(',')));
  });

  it("uses the SDK's call-to-action types and creative object types; adlink maps to those a link ad takes", () => {
    expect([...CALL_TO_ACTION_TYPES]).toEqual(values(sdk.AdCreativeLinkDataCallToAction.Type));
    expect(values(sdk.AdCreativeLinkDataCallToAction.Type)).toEqual(
      expect.arrayContaining(Object.values(META_CALLS_TO_ACTION)),
    );
    expect(Object.values(META_CALLS_TO_ACTION)).not.toContain('LIKE_PAGE');
    expect(values(sdk.AdCreative.ObjectType)).toEqual(expect.arrayContaining(['SHARE', 'VIDEO']));
    expect(values(sdk.Ad.Status).sort()).toEqual(['ACTIVE', 'ARCHIVED', 'DELETED', 'PAUSED']);
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

  it('answers and accepts custom audience fields the SDK knows, and adlink asks only for those', () => {
    expect(values(sdk.CustomAudience.Fields)).toEqual(
      expect.arrayContaining([
        ...CUSTOM_AUDIENCE_FIELDS,
        ...CUSTOM_AUDIENCE_CREATE_PARAMS,
        ...CUSTOM_AUDIENCE_UPDATE_PARAMS,
      ]),
    );
    expect([...CUSTOM_AUDIENCE_FIELDS]).toEqual(expect.arrayContaining([...FIELDS.customAudience]));
    expect(values(sdk.CustomAudience.CustomerFileSource).sort()).toEqual([...CUSTOMER_FILE_SOURCES].sort());
    const body = toMetaAudience({ name: 'n', advertiser: 'act_1', description: 'd' });
    expect(values(sdk.CustomAudience.Subtype)).toContain(body.subtype);
    expect(values(sdk.CustomAudience.CustomerFileSource)).toContain(body.customer_file_source);
  });

  it("targets custom audiences with the SDK's Targeting fields, each a RawCustomAudience", () => {
    const audiences = { kind: 'AudienceTargeting' as const, include: ['1'], exclude: ['2'] };
    const spec = withAudiences({ geo_locations: { zips: [{ key: 'US:94304' }] } }, audiences);
    expect(Object.keys(spec).sort()).toEqual([
      'custom_audiences',
      'excluded_custom_audiences',
      'geo_locations',
    ]);
    expect(values(sdk.Targeting.Fields)).toEqual(expect.arrayContaining(Object.keys(spec)));
    for (const audience of [...spec.custom_audiences!, ...spec.excluded_custom_audiences!]) {
      expect(values(sdk.RawCustomAudience.Fields)).toEqual(expect.arrayContaining(Object.keys(audience)));
    }
    // The emulator answers each with its name, which the SDK's RawCustomAudience has too.
    expect(values(sdk.RawCustomAudience.Fields).sort()).toEqual(['id', 'name']);
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
      let page = await new sdk.AdAccount('act_1000000001').getAdSets(plain(FIELDS.adSet), { limit: 2 });
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

    const usd = () => new sdk.AdAccount('act_1000000001');
    /** An image uploaded as the SDK sends it (`bytes`, base64 in a JSON body): its hash. */
    const upload = async (bytes: Buffer) => {
      const answer = await usd().createAdImage([], { bytes: bytes.toString('base64') });
      return (answer._data.images as Record<string, { hash: string }>).bytes!.hash;
    };
    /** A link ad creative as the SDK creates one, on the account's own Page. */
    const linkCreative = (hash: string, linkData: Record<string, unknown> = {}) => ({
      name: 'link ad',
      object_story_spec: {
        page_id: PAGES.usd.id,
        link_data: {
          link: 'https://bakery.example/spring',
          image_hash: hash,
          message: 'Fresh sourdough every morning.',
          name: 'Spring loaves',
          call_to_action: {
            type: sdk.AdCreativeLinkDataCallToAction.Type.learn_more,
            value: { link: 'https://bakery.example/spring' },
          },
          ...linkData,
        },
      },
    });
    const review = (ad: string, outcome: string, reasons: Record<string, string> = {}) =>
      fetch(`${emulator.url}/_emulator/ad-review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ad, outcome, reasons }),
      });

    it('uploads images (bytes), keeps their dimensions, and answers the same hash for the same bytes', async () => {
      const image = png(1200, 628);
      const hash = await upload(image);
      expect(hash).toMatch(/^[0-9a-f]{32}$/);
      expect(await upload(image)).toBe(hash);
      const listed = await usd().getAdImages(['hash', 'width', 'height', 'name']);
      expect(listed.map((i) => i._data)).toContainEqual(
        expect.objectContaining({ hash, width: 1200, height: 628 }),
      );
    });

    it('uploads a multipart file under its name, and refuses what is not an image or is over 30 MB', async () => {
      const form = (bytes: Buffer, name: string) => {
        const body = new FormData();
        body.append(name, new Blob([bytes]), name);
        return body;
      };
      const post = (body: FormData) =>
        fetch(`${emulator.url}/v24.0/act_1000000001/adimages?access_token=${emulatorToken(emulator)}`, {
          method: 'POST',
          body,
        });
      const ok = await post(form(png(800, 800), 'square.png'));
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { images: Record<string, unknown> }).images['square.png']).toMatchObject({
        width: 800,
        height: 800,
      });
      for (const refused of [
        form(Buffer.from('not an image at all'), 'notes.png'),
        form(png(800, 800, MAX_IMAGE_BYTES + 1), 'huge.png'),
      ]) {
        const res = await post(refused);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: number } }).error.code).toBe(100);
      }
      // GIFs go into the library (link ads take JPEG and PNG: adlink refuses GIFs itself).
      expect((await post(form(gif(800, 800), 'anim.gif'))).status).toBe(200);
    });

    it('lists the Pages the ad account may promote', async () => {
      const pages = await usd().getPromotePages(['name']);
      expect(pages.map((p) => p._data)).toEqual([{ id: PAGES.usd.id, name: PAGES.usd.name }]);
    });

    it('creates a link ad creative and an ad (in review), reviews, renames, deletes it as the SDK sends them', async () => {
      const hash = await upload(png(1200, 628));
      const creative = await usd().createAdCreative([], linkCreative(hash));
      const adSet = (await usd().getAdSets(['name'])).find((a) => a._data.name === 'Palo Alto commuters')!;
      const created = await usd().createAd([], {
        name: 'from the SDK',
        adset_id: adSet._data.id,
        creative: { creative_id: creative.id },
        status: sdk.Ad.Status.paused,
      });
      const fieldsRead = [
        'effective_status',
        'ad_review_feedback',
        'creative{object_type,object_story_spec}',
      ];
      const read = async () => (await new sdk.Ad(created.id).get(fieldsRead))._data;
      expect(await read()).toMatchObject({
        effective_status: 'PENDING_REVIEW',
        creative: {
          id: creative.id,
          object_type: 'SHARE',
          object_story_spec: {
            page_id: PAGES.usd.id,
            link_data: { image_hash: hash, name: 'Spring loaves' },
          },
        },
      });
      expect(
        (await review(created.id, 'rejected', { 'Misleading Claims': 'Ads can’t promise results.' })).status,
      ).toBe(200);
      expect(await read()).toMatchObject({
        effective_status: 'DISAPPROVED',
        ad_review_feedback: { global: { 'Misleading Claims': 'Ads can’t promise results.' } },
      });
      // It entered review paused: approved, it stays paused.
      await review(created.id, 'approved');
      expect((await read()).effective_status).toBe('PAUSED');
      await new sdk.Ad(created.id, { name: 'renamed by the SDK' }).update();
      await new sdk.Ad(created.id).delete();
      expect((await new sdk.Ad(created.id).get(['name', 'status']))._data).toMatchObject({
        name: 'renamed by the SDK',
        status: 'DELETED',
      });
    });

    it('refuses a creative Meta refuses: no Page or one not promotable, a foreign or narrow image, an unknown button, texts too long', async () => {
      const hash = await upload(png(1200, 628));
      const narrow = await upload(png(500, 500));
      const create = (params: object) => usd().createAdCreative([], params);
      const refusals: [string, object][] = [
        ['object_story_spec', { name: 'no story' }],
        ['page_id', { object_story_spec: { link_data: linkCreative(hash).object_story_spec.link_data } }],
        [
          'page_id',
          {
            ...linkCreative(hash),
            object_story_spec: { ...linkCreative(hash).object_story_spec, page_id: PAGES.jpy.id },
          },
        ],
        ['link', linkCreative(hash, { link: undefined })],
        ['image_hash', linkCreative('0'.repeat(32))],
        ['image_hash', linkCreative(narrow)],
        ['type', linkCreative(hash, { call_to_action: { type: 'CLICK_HERE' } })],
        ['type', linkCreative(hash, { call_to_action: { type: 'LIKE_PAGE' } })],
        ['name', linkCreative(hash, { name: 'n'.repeat(LINK_TEXT_LIMITS.name + 1) })],
        ['message', linkCreative(hash, { message: 'm'.repeat(LINK_TEXT_LIMITS.message + 1) })],
      ];
      for (const [param, params] of refusals) {
        const refused = await create(params).then(
          () => undefined,
          (err: { response: unknown }) => err.response,
        );
        expect(refused, param).toMatchObject({ code: 100 });
        expect(JSON.stringify(refused), param).toContain(param);
      }
    });

    it('refuses an ad missing what Meta requires: name, adset_id, creative', async () => {
      const creative = await usd().createAdCreative([], linkCreative(await upload(png(1200, 628))));
      const adSet = (await usd().getAdSets(['name'])).find((a) => a._data.name === 'Palo Alto commuters')!;
      const valid = { name: 'strict', adset_id: adSet._data.id, creative: { creative_id: creative.id } };
      for (const field of ['name', 'adset_id', 'creative']) {
        const missing: Record<string, unknown> = { ...valid };
        delete missing[field];
        await expect(usd().createAd([], missing), field).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(field) },
        });
      }
      await expect(usd().createAd([], { ...valid, status: 'ARCHIVED' })).rejects.toMatchObject({
        response: { code: 100, message: expect.stringContaining('status') },
      });
    });

    const sha = (value: string) => createHash('sha256').update(value).digest('hex');
    /** What the emulator holds of a custom audience: the hashes added and removed, the rows of each call. */
    const held = async (id: string) =>
      (await (await fetch(`${emulator.url}/_emulator/custom-audiences/${id}`)).json()) as {
        added: string[];
        removed: string[];
        batches: number[];
      };
    const newAudience = (name: string) =>
      new sdk.AdAccount('act_1000000001').createCustomAudience([], {
        name,
        subtype: sdk.CustomAudience.Subtype.custom,
        customer_file_source: sdk.CustomAudience.CustomerFileSource.user_provided_only,
      });

    it('creates, lists, renames and deletes a customer-file custom audience as the SDK sends them', async () => {
      const created = await newAudience('from the SDK');
      expect(created.id).toMatch(/^\d+$/);
      const listed = await new sdk.AdAccount('act_1000000001').getCustomAudiences([
        'name',
        'operation_status',
      ]);
      expect(listed.map((a) => a._data)).toContainEqual(
        expect.objectContaining({
          id: created.id,
          name: 'from the SDK',
          operation_status: { code: 200, description: 'Normal' },
        }),
      );
      await new sdk.CustomAudience(created.id, { name: 'renamed', description: 'by the SDK' }).update();
      const read = await new sdk.CustomAudience(created.id).get([...FIELDS.customAudience]);
      expect(read._data).toMatchObject({
        name: 'renamed',
        description: 'by the SDK',
        account_id: '1000000001',
        approximate_count_lower_bound: 0,
        delivery_status: { code: 300 },
      });
      await new sdk.CustomAudience(created.id).delete();
      await expect(new sdk.CustomAudience(created.id).get(['name'])).rejects.toMatchObject({
        response: { code: 100, error_subcode: 33 },
      });
    });

    it('targets an ad set with custom audiences of its account as the SDK sends them, answered with their names', async () => {
      const [included, excluded] = [await newAudience('buyers'), await newAudience('churned')];
      const targeting = (audiences: object) => ({
        ...sdkAdSet('audiences').targeting,
        ...audiences,
      });
      const created = await new sdk.AdAccount('act_1000000001').createAdSet([], {
        ...sdkAdSet('audiences'),
        targeting: targeting({
          custom_audiences: [{ id: included.id }],
          excluded_custom_audiences: [{ id: excluded.id }],
        }),
      });
      expect((await new sdk.AdSet(created.id).get(['targeting']))._data.targeting).toEqual({
        geo_locations: { zips: [{ key: 'US:94304' }] },
        custom_audiences: [{ id: included.id, name: 'buyers' }],
        excluded_custom_audiences: [{ id: excluded.id, name: 'churned' }],
      });
      await new sdk.AdSet(created.id, {
        targeting: targeting({ custom_audiences: [{ id: excluded.id }] }),
      }).update();
      expect((await new sdk.AdSet(created.id).get(['targeting']))._data.targeting).toEqual({
        geo_locations: { zips: [{ key: 'US:94304' }] },
        custom_audiences: [{ id: excluded.id, name: 'churned' }],
      });
    });

    it("refuses custom audiences Meta refuses: another ad account's, an object that is no audience, bare or malformed ids", async () => {
      const foreign = await new sdk.AdAccount('act_1000000002').createCustomAudience([], {
        name: 'yen buyers',
        subtype: sdk.CustomAudience.Subtype.custom,
        customer_file_source: sdk.CustomAudience.CustomerFileSource.user_provided_only,
      });
      const create = (audiences: object) =>
        new sdk.AdAccount('act_1000000001').createAdSet([], {
          ...sdkAdSet('refused audiences'),
          targeting: { ...sdkAdSet('').targeting, ...audiences },
        });
      for (const [audiences, named] of [
        [{ custom_audiences: [{ id: foreign.id }] }, 'targeting[custom_audiences][0]'],
        [
          { excluded_custom_audiences: [{ id: CAMPAIGNS.usdTraffic }] },
          'targeting[excluded_custom_audiences][0]',
        ],
        [{ custom_audiences: [foreign.id] }, 'targeting[custom_audiences]'],
        [{ custom_audiences: { id: foreign.id } }, 'targeting[custom_audiences]'],
        [{ excluded_custom_audiences: [{ id: 'aud_1' }] }, 'targeting[excluded_custom_audiences]'],
      ] as const) {
        await expect(create(audiences), JSON.stringify(audiences)).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(named) },
        });
      }
    });

    it("adds users (JSON body) and removes them (DELETE, payload in the query) as the SDK sends them, and adlink's payload", async () => {
      const { id } = await newAudience('members');
      const audience = new sdk.CustomAudience(id);
      const emails = ['a@example.com', 'b@example.com'].map(sha);
      const added = await audience.createUser([], { payload: { schema: 'EMAIL_SHA256', data: emails } });
      expect(added._data).toMatchObject({ audience_id: id, num_received: 2, num_invalid_entries: 0 });
      const phone = sha('4930123456');
      const multi = JSON.parse(usersPayload({ emails: [emails[0]!], phones: [phone] }).payload!);
      expect(multi).toEqual({
        schema: ['EMAIL', 'PHONE'],
        is_raw: true,
        data: [
          [emails[0], ''],
          ['', phone],
        ],
      });
      await audience.createUser([], { payload: multi });
      await audience.deleteUsers({ payload: { schema: 'EMAIL_SHA256', data: [emails[1]] } });
      expect(await held(id)).toEqual({
        added: [...emails, emails[0], phone],
        removed: [emails[1]],
        batches: [2, 2, 1],
      });
    });

    it('refuses users Meta refuses: no payload, a wrong schema, values that are not lower-case hex SHA-256, over 10,000 rows', async () => {
      const { id } = await newAudience('strict members');
      const audience = new sdk.CustomAudience(id);
      const hash = sha('a@example.com');
      const refused: [string, object][] = [
        ['payload', {}],
        ['schema', { payload: { data: [hash] } }],
        ['schema', { payload: { schema: 'EMAIL', data: [hash] } }],
        ['schema', { payload: { schema: ['EMAIL', 'EMAIL'], data: [[hash, hash]] } }],
        ['schema', { payload: { schema: ['EMAIL_SHA256'], data: [[hash]] } }],
        ['data', { payload: { schema: 'EMAIL_SHA256', data: [] } }],
        ['data', { payload: { schema: 'EMAIL_SHA256', data: ['a@example.com'] } }],
        ['data', { payload: { schema: 'EMAIL_SHA256', data: [hash.toUpperCase()] } }],
        ['data', { payload: { schema: 'EMAIL_SHA256', data: [hash.slice(1)] } }],
        ['data', { payload: { schema: ['EMAIL', 'PHONE'], data: [[hash]] } }],
        ['data', { payload: { schema: ['EMAIL', 'PHONE'], data: [['', '']] } }],
        ['data', { payload: { schema: 'EMAIL_SHA256', data: Array(MAX_USERS_PER_CALL + 1).fill(hash) } }],
      ];
      for (const [param, params] of refused) {
        await expect(
          audience.createUser([], params),
          JSON.stringify(params).slice(0, 120),
        ).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(param) },
        });
      }
      await audience.createUser([], {
        payload: { schema: 'EMAIL_SHA256', data: Array(MAX_USERS_PER_CALL).fill(hash) },
      });
      expect((await held(id)).batches).toEqual([MAX_USERS_PER_CALL]);
    });

    it('refuses a custom audience without what Meta requires, and answers 2663 while the terms are not accepted', async () => {
      const valid = { name: 'strict', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' };
      for (const field of Object.keys(valid)) {
        const missing: Record<string, unknown> = { ...valid };
        delete missing[field];
        await expect(
          new sdk.AdAccount('act_1000000001').createCustomAudience([], missing),
          field,
        ).rejects.toMatchObject({
          response: { code: 100, message: expect.stringContaining(field) },
        });
      }
      const tos = (accepted: boolean) =>
        fetch(`${emulator.url}/_emulator/custom-audience-tos`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: '1000000001', accepted }),
        });
      await tos(false);
      await expect(newAudience('no terms')).rejects.toMatchObject({
        response: {
          code: 2663,
          message: expect.stringContaining(
            'https://www.facebook.com/customaudiences/app/tos/?act=1000000001',
          ),
        },
      });
      await tos(true);
      expect((await newAudience('terms accepted')).id).toMatch(/^\d+$/);
    });

    it("answers Meta's error envelope, which the SDK raises", async () => {
      const refused = new sdk.AdAccount('act_1000000001').createAdSet([], { name: 'no budget' });
      await expect(refused).rejects.toMatchObject({ response: { code: 100, type: 'OAuthException' } });
    });
  });
});
