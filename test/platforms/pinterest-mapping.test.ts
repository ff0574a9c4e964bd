import { describe, expect, it } from 'vitest';
import type { ImageAd } from '../../src/ads/model.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { toMicros } from '../../src/adsets/money.js';
import { adCreate, adUpdate, callToActionOf, pinCreate } from '../../src/platforms/pinterest/ad-body.js';
import { adGroupCreate } from '../../src/platforms/pinterest/adset-body.js';
import { adGroupChanges } from '../../src/platforms/pinterest/adset-changes.js';
import { campaignCreate, campaignUpdate } from '../../src/platforms/pinterest/campaign-body.js';
import { classifyPinterest, namedParam } from '../../src/platforms/pinterest/errors.js';
import { isPostalGeoId, toGeoId, zipcodesOf } from '../../src/platforms/pinterest/geo.js';
import { toAd, toAdSet, toCampaign, toReview } from '../../src/platforms/pinterest/mapping.js';
import type {
  PinterestAd,
  PinterestAdGroup,
  PinterestCampaign,
  PinterestPin,
} from '../../src/platforms/pinterest/model.js';
import { PINTEREST_STATUS, toAdSetStatus, toAdStatus } from '../../src/platforms/pinterest/status.js';
import { PlatformInputError } from '../../src/ports/platform-error.js';

const adGroup = (fields: Partial<PinterestAdGroup>): PinterestAdGroup => ({
  id: '2680060704746',
  ad_account_id: '549755885175',
  campaign_id: '626736533506',
  name: 'g',
  status: 'ACTIVE',
  created_time: 1_767_600_000,
  ...fields,
});
const context = { currency: 'USD', objective: 'AWARENESS', keywords: [] };
const campaign: PinterestCampaign = {
  id: '626736533506',
  ad_account_id: '549755885175',
  name: 'c',
  status: 'ACTIVE',
  objective_type: 'AWARENESS',
  created_time: 1_767_600_000,
};
const account = { id: '549755885175', name: 'Acme', currency: 'USD' };
const input = (fields: Partial<NewAdSet>): NewAdSet => ({
  name: 'n',
  advertiser: account.id,
  parentId: campaign.id,
  channelKind: 'Social',
  status: 'Paused',
  settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
  targetings: [
    { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'US', zipcode: '94107' }] },
  ],
  ...fields,
});

describe('Pinterest status mapping', () => {
  it.each([
    ['ACTIVE', 'RUNNING', 'Running'],
    ['ACTIVE', 'NOT_STARTED', 'Active'],
    ['ACTIVE', 'COMPLETED', 'Active'],
    ['ACTIVE', 'PAUSED', 'Active'],
    ['ACTIVE', undefined, 'Active'],
    ['DRAFT', 'DRAFT', 'Active'],
    ['PAUSED', 'PAUSED', 'Paused'],
    ['ARCHIVED', 'ARCHIVED', 'Archived'],
    ['DELETED_DRAFT', 'DELETED_DRAFT', 'Deleted'],
  ] as const)('%s with summary %s is %s', (status, summary, expected) => {
    expect(toAdSetStatus(status, summary)).toBe(expected);
    expect(
      toAdSet(adGroup({ status, ...(summary ? { summary_status: summary } : {}) }), context).status,
    ).toBe(expected);
  });

  it('sets Running and Active as ACTIVE, Paused as PAUSED, Archived as ARCHIVED, never Deleted', () => {
    expect(PINTEREST_STATUS).toEqual({
      Running: 'ACTIVE',
      Active: 'ACTIVE',
      Paused: 'PAUSED',
      Archived: 'ARCHIVED',
    });
  });

  it('campaigns keep their objective_type', () => {
    expect(toCampaign({ ...campaign, summary_status: 'RUNNING' }, 'USD')).toMatchObject({
      status: 'Running',
      objective: 'AWARENESS',
      channelKind: 'Social',
    });
  });
});

describe('Pinterest micro currency', () => {
  it('is 1,000,000 per unit of the currency, exactly', () => {
    expect(toMicros(25, 'USD')).toBe(25_000_000);
    expect(toMicros(300.5, 'EUR')).toBe(300_500_000);
    expect(toMicros(0.1 + 0.2, 'USD')).toBe(300_000);
    expect(toMicros(5000, 'JPY')).toBe(5_000_000_000);
    expect(toMicros(1.005, 'USD')).toBeUndefined();
    expect(toMicros(50.5, 'JPY')).toBeUndefined();
    expect(toMicros(1e12, 'USD')).toBeUndefined();
  });

  it('reads back in major units, rounded to the currency', () => {
    const budget = (micros: number, currency: string) =>
      toAdSet(adGroup({ budget_type: 'DAILY', budget_in_micro_currency: micros }), { ...context, currency })
        .settings[0];
    expect(budget(20_000_000, 'USD')).toMatchObject({ budget: 20 });
    expect(budget(1_234_567, 'USD')).toMatchObject({ budget: 1.23 });
    expect(budget(1_500_000_000, 'JPY')).toMatchObject({ budget: 1500 });
  });

  it('budget_type picks the setting; a CBO ad group shows none', () => {
    const settings = (fields: Partial<PinterestAdGroup>) =>
      toAdSet(adGroup(fields), context).settings.filter((s) => s.kind !== 'Runtime');
    expect(settings({ budget_type: 'LIFETIME', budget_in_micro_currency: 1_000_000 })).toEqual([
      { kind: 'TotalBudget', budget: 1, currency: 'USD' },
      { kind: 'Objective', objective: 'AWARENESS' },
    ]);
    expect(settings({ budget_type: 'CBO_ADGROUP', budget_in_micro_currency: null })).toEqual([
      { kind: 'Objective', objective: 'AWARENESS' },
    ]);
  });

  it('reads the schedule as a Runtime in UTC: no start is from creation, no end runs until stopped', () => {
    const runtime = (fields: Partial<PinterestAdGroup>) =>
      toAdSet(adGroup(fields), context).settings.find((s) => s.kind === 'Runtime');
    expect(runtime({ start_time: 1_767_700_000, end_time: 1_770_000_000 })).toEqual({
      kind: 'Runtime',
      start: '2026-01-06T11:46:40Z',
      end: '2026-02-02T02:40:00Z',
    });
    expect(runtime({ start_time: null, end_time: null })).toEqual({
      kind: 'Runtime',
      start: '2026-01-05T08:00:00Z',
    });
  });
});

describe('Pinterest geo ids', () => {
  it('write zip codes as country-postal code', () => {
    expect(toGeoId('US', '94107')).toBe('US-94107');
    expect(toGeoId('GB', 'sw1a')).toBe('GB-SW1A');
  });

  it('read postal codes back and leave region codes out', () => {
    expect(isPostalGeoId('US-94107')).toBe(true);
    expect(isPostalGeoId('BE-VOV')).toBe(false);
    expect(zipcodesOf(['US-94107', 'BE-VOV', 'FR-75001'])).toEqual([
      { country: 'US', zipcode: '94107' },
      { country: 'FR', zipcode: '75001' },
    ]);
  });

  it('targetings: postal codes, and the keywords that target (not the negative ones)', () => {
    const read = toAdSet(adGroup({ targeting_spec: { GEO: ['US-94107'], LOCATION: ['US'] } }), {
      ...context,
      keywords: [
        { id: '1', parent_id: '2680060704746', value: 'rugs', match_type: 'BROAD' },
        { id: '2', parent_id: '2680060704746', value: 'cheap', match_type: 'EXACT_NEGATIVE' },
        { id: '3', parent_id: '2680060704746', value: 'old', match_type: 'PHRASE', archived: true },
      ],
    });
    expect(read.targetings).toEqual([
      { kind: 'GeoTargeting', type: 'ZipcodeGeoTargeting', zipcodes: [{ country: 'US', zipcode: '94107' }] },
      { kind: 'KeywordTargeting', keywords: ['rugs'] },
    ]);
  });
});

describe('Pinterest ad group creation', () => {
  it('bids automatically, bills by the objective and sends the budget in micros', () => {
    const { item, keywords } = adGroupCreate(
      input({
        status: 'Running',
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '94107' }],
          },
          { kind: 'KeywordTargeting', keywords: ['Rugs', 'rugs', 'lamps'] },
        ],
      }),
      account,
      campaign,
    );
    expect(item).toEqual({
      name: 'n',
      campaign_id: campaign.id,
      status: 'ACTIVE',
      billable_event: 'IMPRESSION',
      bid_strategy_type: 'AUTOMATIC_BID',
      budget_in_micro_currency: 25_000_000,
      budget_type: 'DAILY',
      targeting_spec: { GEO: ['US-94107'] },
    });
    expect(keywords).toEqual({ values: ['Rugs', 'lamps'], param: 'targetings[1].keywords' });
  });

  it.each([
    ['AWARENESS', 'IMPRESSION'],
    ['CONSIDERATION', 'CLICKTHROUGH'],
  ])(
    'asks for the bid floor a %s ad group needs as its bid (the OpenAPI requires one for %s)',
    (objective, event) => {
      const zips: NewAdSet['targetings'][number] = {
        kind: 'GeoTargeting',
        type: 'ZipcodeGeoTargeting',
        zipcodes: [
          { country: 'US', zipcode: '94107' },
          { country: 'CA', zipcode: 'M5V' },
          { country: 'US', zipcode: '10001' },
        ],
      };
      const parent = { ...campaign, objective_type: objective };
      const { bidFloor, sources } = adGroupCreate(input({ targetings: [zips] }), account, parent);
      expect(bidFloor).toEqual({
        billable_event: event,
        objective_type: objective,
        currency: 'USD',
        countries: ['US', 'CA'],
      });
      expect(sources).toContainEqual(['bid_in_micro_currency', 'settings']);
    },
  );

  it('asks no bid for a VIDEO_COMPLETION ad group (the OpenAPI requires none)', () => {
    const parent = { ...campaign, objective_type: 'VIDEO_COMPLETION' };
    expect(adGroupCreate(input({}), account, parent).bidFloor).toBeNull();
  });

  it("sends a Runtime as start_time and end_time in Unix seconds, a lifetime budget's end with it", () => {
    const { item } = adGroupCreate(
      input({
        settings: [
          { kind: 'TotalBudget', budget: 300, currency: 'USD' },
          { kind: 'Runtime', start: '2026-12-01T00:00:00-08:00', end: '2026-12-31T00:00:00+01:00' },
        ],
      }),
      account,
      campaign,
    );
    expect(item).toMatchObject({
      budget_type: 'LIFETIME',
      budget_in_micro_currency: 300_000_000,
      start_time: Date.parse('2026-12-01T08:00:00Z') / 1000,
      end_time: Date.parse('2026-12-30T23:00:00Z') / 1000,
    });
    const open = adGroupCreate(
      input({ settings: [...input({}).settings, { kind: 'Runtime', start: '2026-12-01T00:00:00Z' }] }),
      account,
      campaign,
    );
    expect(open.item.start_time).toBe(Date.parse('2026-12-01T00:00:00Z') / 1000);
    expect(open.item).not.toHaveProperty('end_time');
  });

  it.each([
    [{ targetings: [] }, campaign, 'targetings'],
    [
      {
        settings: [
          { kind: 'DailyBudget', budget: 25, currency: 'USD' },
          { kind: 'TotalBudget', budget: 25, currency: 'USD' },
        ],
      },
      campaign,
      'settings',
    ],
    [{ settings: [{ kind: 'DailyBudget', budget: 25, currency: 'EUR' }] }, campaign, 'settings[0].currency'],
    [{ settings: [{ kind: 'DailyBudget', budget: 2.555, currency: 'USD' }] }, campaign, 'settings[0].budget'],
    [{}, { ...campaign, objective_type: 'WEB_CONVERSION' }, 'parentId'],
    [{}, { ...campaign, is_campaign_budget_optimization: true }, 'settings[0]'],
    [{ settings: [] }, campaign, 'settings'],
    [{ settings: [{ kind: 'Objective', objective: 'AWARENESS' }] }, campaign, 'settings'],
  ] as const)('refuses %j under %j, naming %s', (fields, parent, param) => {
    const attempt = () => adGroupCreate(input(fields as Partial<NewAdSet>), account, parent);
    expect(attempt).toThrow(PlatformInputError);
    expect(() => attempt()).toThrow(expect.objectContaining({ param }));
  });
});

describe("Pinterest's errors", () => {
  const answer = (status: number, body: unknown) => ({ status, body, headers: new Headers() });
  const sources = [
    ['budget_in_micro_currency', 'settings[0].budget'],
    ['GEO', 'targetings[0].zipcodes'],
    ['targeting_spec', 'targetings[0]'],
  ] as [string, string][];

  it('401 asks for a refresh, 429 is throttling', () => {
    expect(classifyPinterest()(answer(401, { code: 2, message: 'Authentication failed.' }))).toMatchObject({
      kind: 'unauthorized',
      code: '2',
    });
    expect(classifyPinterest()(answer(429, { code: 8, message: 'rate limit' }))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 1,
    });
  });

  it('a 400 answering a write names the unified parameter its message is about', () => {
    expect(
      classifyPinterest(sources)(
        answer(400, { code: 400, message: 'targeting_spec GEO has an invalid code US-1.' }),
      ),
    ).toMatchObject({ kind: 'invalid', param: 'targetings[0].zipcodes' });
    expect(namedParam('budget_in_micro_currency must be at least 1000000', sources)).toBe(
      'settings[0].budget',
    );
    expect(namedParam('something else', sources)).toBeUndefined();
  });

  it('a 400 answering a read, and anything else, is a refusal', () => {
    expect(classifyPinterest()(answer(400, { code: 400, message: 'Invalid parameters.' }))).toMatchObject({
      kind: 'rejected',
    });
    expect(classifyPinterest()(answer(403, { code: 29, message: 'not permitted' }))).toMatchObject({
      kind: 'rejected',
      status: 403,
      code: '29',
    });
    expect(classifyPinterest()(answer(200, { items: [] }))).toBeUndefined();
  });
});

const zip = (...codes: string[]) => ({
  kind: 'GeoTargeting' as const,
  type: 'ZipcodeGeoTargeting' as const,
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const seconds = (instant: string) => Date.parse(instant) / 1000;
const YEAR = new Date().getUTCFullYear() + 1;
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error('not refused');
};

describe('Pinterest ad group changes (PATCH ad_groups item)', () => {
  const current = adGroup({
    budget_type: 'DAILY',
    budget_in_micro_currency: 20_000_000,
    start_time: seconds('2026-01-05T09:00:00Z'),
    end_time: null,
    targeting_spec: { GEO: ['US-94107'], LOCATION: ['US'], AGE_BUCKET: ['25-34'] },
  });

  it('sends a budget in micros of the account currency, whole yen in a JPY account', () => {
    const usd = adGroupChanges(
      { settings: [{ kind: 'DailyBudget', budget: 40.5, currency: 'USD' }] },
      current,
      account,
    );
    expect(usd.fields).toEqual({ budget_in_micro_currency: 40_500_000 });
    const jpy = adGroupChanges(
      { settings: [{ kind: 'DailyBudget', budget: 5000, currency: 'JPY' }] },
      current,
      { ...account, currency: 'JPY' },
    );
    expect(jpy.fields).toEqual({ budget_in_micro_currency: 5_000_000_000 });
    const fraction = refusal(() =>
      adGroupChanges({ settings: [{ kind: 'DailyBudget', budget: 50.5, currency: 'JPY' }] }, current, {
        ...account,
        currency: 'JPY',
      }),
    );
    expect(fraction).toMatchObject({ param: 'settings[0].budget' });
    const euros = refusal(() =>
      adGroupChanges({ settings: [{ kind: 'DailyBudget', budget: 5, currency: 'EUR' }] }, current, account),
    );
    expect(euros).toMatchObject({ param: 'settings[0].currency' });
  });

  it("refuses a budget for an ad group of a CBO campaign (the campaign's budget)", () => {
    const cbo = adGroup({ budget_type: 'CBO_ADGROUP', budget_in_micro_currency: null });
    const err = refusal(() =>
      adGroupChanges({ settings: [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }] }, cbo, account),
    );
    expect(err).toBeInstanceOf(PlatformInputError);
    expect(err).toMatchObject({ param: 'settings[0]' });
  });

  it('sends a moved end, not the unchanged (past) start; an open end clears end_time', () => {
    const end = `${YEAR}-06-30T22:00:00Z`;
    const moved = adGroupChanges(
      { settings: [{ kind: 'Runtime', start: '2026-01-05T10:00:00+01:00', end }] },
      current,
      account,
    );
    expect(moved.fields).toEqual({ end_time: seconds(end) });
    const open = adGroupChanges(
      { settings: [{ kind: 'Runtime', start: '2026-01-05T09:00:00Z' }] },
      { ...current, end_time: seconds(end) },
      account,
    );
    expect(open.fields).toEqual({ end_time: null });
    // No start_time at Pinterest: the ad group started at its creation, which is what adlink shows.
    const fromCreation = adGroupChanges(
      { settings: [{ kind: 'Runtime', start: new Date(current.created_time * 1000).toISOString() }] },
      { ...current, start_time: null },
      account,
    );
    expect(fromCreation.fields).toEqual({});
    const later = `${YEAR}-02-01T00:00:00+01:00`;
    expect(
      adGroupChanges({ settings: [{ kind: 'Runtime', start: later }] }, current, account).fields,
    ).toEqual({
      start_time: seconds(later),
    });
  });

  it("replaces GEO's zip codes and keeps the rest of the targeting spec", () => {
    const changed = adGroupChanges({ targetings: [zip('10001', '10002')] }, current, account);
    expect(changed.fields).toEqual({
      targeting_spec: { GEO: ['US-10001', 'US-10002'], LOCATION: ['US'], AGE_BUCKET: ['25-34'] },
    });
    const removed = adGroupChanges({ targetings: [zip()] }, current, account);
    expect(removed.fields).toEqual({ targeting_spec: { LOCATION: ['US'], AGE_BUCKET: ['25-34'] } });
    const nowhere = refusal(() =>
      adGroupChanges({ targetings: [zip()] }, { ...current, targeting_spec: { GEO: ['US-94107'] } }, account),
    );
    expect(nowhere).toMatchObject({ param: 'targetings[0].zipcodes' });
    const regions = refusal(() =>
      adGroupChanges(
        { targetings: [zip('10001')] },
        { ...current, targeting_spec: { GEO: ['BE-VOV'] } },
        account,
      ),
    );
    expect(regions).toMatchObject({ param: 'targetings[0]' });
  });

  it('keywords are their own resource: once each ignoring case, nothing in the ad group item', () => {
    const changed = adGroupChanges(
      { targetings: [{ kind: 'KeywordTargeting', keywords: ['Sofa', 'sofa', 'rug'] }] },
      current,
      account,
    );
    expect(changed.fields).toEqual({});
    expect(changed.keywords).toEqual({ values: ['Sofa', 'rug'], param: 'targetings[0].keywords' });
  });
});

describe('Pinterest campaigns', () => {
  const newCampaign = {
    name: 'Spring',
    advertiser: account.id,
    objective: 'CONSIDERATION',
    status: 'Paused' as const,
    settings: [],
  };

  it('creates with the objective, PAUSED, without CBO, a budget as spend cap in micros and the Runtime in seconds', () => {
    const start = `${YEAR}-03-01T00:00:00+01:00`;
    const end = `${YEAR}-03-31T00:00:00+02:00`;
    const { item } = campaignCreate(
      {
        ...newCampaign,
        settings: [
          { kind: 'TotalBudget', budget: 1000.25, currency: 'USD' },
          { kind: 'Runtime', start, end },
        ],
      },
      account,
    );
    expect(item).toEqual({
      ad_account_id: account.id,
      name: 'Spring',
      status: 'PAUSED',
      objective_type: 'CONSIDERATION',
      is_campaign_budget_optimization: false,
      lifetime_spend_cap: 1_000_250_000,
      start_time: seconds(start),
      end_time: seconds(end),
    });
    const jpy = campaignCreate(
      { ...newCampaign, settings: [{ kind: 'DailyBudget', budget: 3000, currency: 'JPY' }] },
      { ...account, currency: 'JPY' },
    );
    expect(jpy.item).toMatchObject({ daily_spend_cap: 3_000_000_000 });
    expect(jpy.item).not.toHaveProperty('lifetime_spend_cap');
    const two = refusal(() =>
      campaignCreate(
        {
          ...newCampaign,
          settings: [
            { kind: 'DailyBudget', budget: 5, currency: 'USD' },
            { kind: 'TotalBudget', budget: 50, currency: 'USD' },
          ],
        },
        account,
      ),
    );
    expect(two).toMatchObject({ param: 'settings' });
  });

  it('updates by id and account; a budget of the other kind clears the old cap; an unchanged start is not sent', () => {
    const current: PinterestCampaign = {
      ...campaign,
      daily_spend_cap: 10_000_000,
      lifetime_spend_cap: null,
      start_time: seconds('2026-01-05T09:00:00Z'),
      end_time: null,
    };
    const end = `${YEAR}-05-01T00:00:00Z`;
    const { item } = campaignUpdate(
      {
        name: 'Renamed',
        status: 'Running',
        settings: [
          { kind: 'TotalBudget', budget: 900, currency: 'USD' },
          { kind: 'Runtime', start: '2026-01-05T09:00:00Z', end },
        ],
      },
      current,
      account,
    );
    expect(item).toEqual({
      id: campaign.id,
      ad_account_id: account.id,
      name: 'Renamed',
      status: 'ACTIVE',
      lifetime_spend_cap: 900_000_000,
      daily_spend_cap: null,
      end_time: seconds(end),
    });
  });

  it('reads the spend cap as a budget in major units and the schedule as a Runtime', () => {
    expect(
      toCampaign(
        {
          ...campaign,
          daily_spend_cap: 1_500_000_000,
          start_time: null,
          end_time: seconds(`${YEAR}-01-01T00:00:00Z`),
        },
        'JPY',
      ).settings,
    ).toEqual([
      { kind: 'DailyBudget', budget: 1500, currency: 'JPY' },
      { kind: 'Runtime', start: '2026-01-05T08:00:00Z', end: `${YEAR}-01-01T00:00:00Z` },
    ]);
  });
});

describe('pinterest ads: the ad and its Pin in the unified model', () => {
  const ad = (fields: Partial<PinterestAd> = {}): PinterestAd => ({
    id: '687195134001',
    ad_account_id: account.id,
    campaign_id: campaign.id,
    ad_group_id: '2680060704746',
    pin_id: '813744226001',
    name: 'Armchairs',
    status: 'ACTIVE',
    creative_type: 'REGULAR',
    review_status: 'PENDING',
    created_time: 1_767_600_000,
    ...fields,
  });
  const pin: PinterestPin = {
    id: '813744226001',
    title: 'Velvet armchair',
    description: 'Deep seats.',
    link: 'https://acme-home.example/armchairs',
    media: { media_type: 'image' },
  };

  it('an image Pin’s REGULAR ad is an ImageAd of its title, description and link, with the image adlink sent', () => {
    expect(toAd(ad({ customizable_cta_type: 'SHOP_NOW' }), pin, 'med_1')).toEqual({
      id: '687195134001',
      name: 'Armchairs',
      platform: 'pinterest',
      status: 'Running',
      advertiser: account.id,
      adSetId: '2680060704746',
      campaignId: campaign.id,
      creative: {
        kind: 'ImageAd',
        media: 'med_1',
        additionalMedia: [],
        headline: 'Velvet armchair',
        text: 'Deep seats.',
        url: 'https://acme-home.example/armchairs',
        callToAction: 'ShopNow',
      },
      review: { status: 'Pending', reasons: [] },
      created_at: '2026-01-05T08:00:00.000Z',
    });
    // Read back without adlink's record, the image is known by its Pin; a CTA adlink has no name for is left out.
    expect(
      toAd(ad({ customizable_cta_type: 'VISIT_SITE' }), { ...pin, title: null }, undefined).creative,
    ).toEqual({
      kind: 'ImageAd',
      media: pin.id,
      additionalMedia: [],
      text: 'Deep seats.',
      url: pin.link,
    });
  });

  it('any other kind, or a Pin that cannot be read, is Other with the ad’s creative type', () => {
    expect(toAd(ad({ creative_type: 'VIDEO' }), { ...pin, media: { media_type: 'video' } }).creative).toEqual(
      {
        kind: 'Other',
        format: 'VIDEO',
      },
    );
    expect(toAd(ad({ creative_type: 'CAROUSEL' }), pin).creative).toEqual({
      kind: 'Other',
      format: 'CAROUSEL',
    });
    expect(toAd(ad(), null).creative).toEqual({ kind: 'Other', format: 'REGULAR' });
  });

  it('statuses: ACTIVE is Running, the others as ad groups', () => {
    expect(
      (['ACTIVE', 'PAUSED', 'ARCHIVED', 'DRAFT', 'DELETED_DRAFT'] as const).map((status) =>
        toAdStatus(status),
      ),
    ).toEqual(['Running', 'Paused', 'Archived', 'Active', 'Deleted']);
  });

  it('review: APPROVED, REJECTED with its labels (else its reason codes), PENDING and OTHER are Pending', () => {
    expect(toReview(ad({ review_status: 'APPROVED' }))).toEqual({ status: 'Approved', reasons: [] });
    expect(
      toReview(
        ad({
          review_status: 'REJECTED',
          rejected_reasons: ['LANDING_PAGE'],
          rejection_labels: ['Broken page'],
        }),
      ),
    ).toEqual({ status: 'Rejected', reasons: ['Broken page'] });
    expect(
      toReview(ad({ review_status: 'REJECTED', rejected_reasons: ['HASHTAGS'], rejection_labels: [] })),
    ).toEqual({
      status: 'Rejected',
      reasons: ['HASHTAGS'],
    });
    expect(toReview(ad({ review_status: 'REJECTED', rejected_reasons: null }))).toEqual({
      status: 'Rejected',
      reasons: [],
    });
    expect(toReview(ad({ review_status: 'OTHER' }))).toEqual({ status: 'Pending', reasons: [] });
    expect(toReview(ad({ review_status: undefined }))).toEqual({ status: 'Pending', reasons: [] });
  });

  const imageAd: ImageAd = {
    kind: 'ImageAd',
    media: 'med_1',
    additionalMedia: [],
    headline: 'Velvet armchair',
    text: 'Deep seats.',
    url: 'https://acme-home.example/armchairs',
  };

  it('the Pin carries the image inline, the headline as title, the text as description, the url as link; the ad promotes it paused', () => {
    const file = {
      bytes: Buffer.from('png bytes'),
      contentType: 'image/png',
      width: 2,
      height: 3,
      sha256: '',
      name: 'a.png',
    } as const;
    expect(pinCreate(imageAd, file, '549755900002')).toEqual({
      board_id: '549755900002',
      title: 'Velvet armchair',
      description: 'Deep seats.',
      link: 'https://acme-home.example/armchairs',
      media_source: {
        source_type: 'image_base64',
        content_type: 'image/png',
        data: Buffer.from('png bytes').toString('base64'),
      },
    });
    const newAd = {
      name: 'Armchairs',
      adSetId: '2680060704746',
      status: 'Paused',
      creative: imageAd,
    } as const;
    expect(adCreate(newAd, '813744226001', undefined).item).toEqual({
      ad_group_id: '2680060704746',
      creative_type: 'REGULAR',
      pin_id: '813744226001',
      name: 'Armchairs',
      status: 'PAUSED',
    });
    expect(adUpdate('687195134001', { status: 'Archived' }).item).toEqual({
      id: '687195134001',
      status: 'ARCHIVED',
    });
  });

  it('a call to action only under consideration and conversion campaigns, refused by name elsewhere', () => {
    const withCta = { ...imageAd, callToAction: 'LearnMore' } as const;
    expect(callToActionOf(withCta, 'CONSIDERATION')).toBe('LEARN_MORE');
    expect(callToActionOf(withCta, 'WEB_CONVERSION')).toBe('LEARN_MORE');
    expect(callToActionOf(imageAd, 'AWARENESS')).toBeUndefined();
    for (const objective of ['AWARENESS', 'VIDEO_COMPLETION', undefined]) {
      const refusal = (() => {
        try {
          callToActionOf(withCta, objective);
        } catch (err) {
          return err;
        }
      })();
      expect(refusal).toBeInstanceOf(PlatformInputError);
      expect(refusal).toMatchObject({
        param: 'creative.callToAction',
        message: expect.stringMatching(/CONSIDERATION and WEB_CONVERSION/),
      });
    }
  });
});
