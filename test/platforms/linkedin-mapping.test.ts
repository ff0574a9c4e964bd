import { describe, expect, it } from 'vitest';
import { restliDecode, restliParams } from '../../emulators/linkedin/restli.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { postParams } from '../../src/platforms/linkedin/ad-body.js';
import { type CreateContext, createBody, createParams } from '../../src/platforms/linkedin/adset-body.js';
import { groupCreate } from '../../src/platforms/linkedin/campaign-body.js';
import { classifyLinkedIn } from '../../src/platforms/linkedin/errors.js';
import {
  creativeToAd,
  toAdSet,
  toCampaign,
  toCreative,
  toReview,
} from '../../src/platforms/linkedin/mapping.js';
import type { Campaign, Creative, Post } from '../../src/platforms/linkedin/model.js';
import { fromMoneyAmount, toMoneyAmount } from '../../src/platforms/linkedin/money.js';
import { partialUpdate } from '../../src/platforms/linkedin/patch.js';
import { restliEncode, restliQuery, urnId } from '../../src/platforms/linkedin/restli.js';
import { LINKEDIN_STATUS, toAdSetStatus } from '../../src/platforms/linkedin/status.js';
import { PlatformInputError } from '../../src/ports/platform-error.js';

const campaign = (fields: Partial<Campaign>): Campaign => ({
  id: 42,
  account: 'urn:li:sponsoredAccount:7',
  campaignGroup: 'urn:li:sponsoredCampaignGroup:9',
  name: 'c',
  status: 'ACTIVE',
  ...fields,
});
const input = (fields: Partial<NewAdSet>): NewAdSet => ({
  name: 'n',
  advertiser: '7',
  parentId: '9',
  channelKind: 'Social',
  status: 'Paused',
  settings: [{ kind: 'DailyBudget', budget: 50, currency: 'USD' }],
  targetings: [],
  ...fields,
});
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});

describe('LinkedIn status mapping', () => {
  it.each([
    ['ACTIVE', ['RUNNABLE'], 'Running'],
    ['ACTIVE', ['CAMPAIGN_GROUP_STATUS_HOLD'], 'Active'],
    ['ACTIVE', undefined, 'Active'],
    ['DRAFT', undefined, 'Active'],
    ['PAUSED', ['STOPPED'], 'Paused'],
    ['ARCHIVED', undefined, 'Archived'],
    ['COMPLETED', undefined, 'Archived'],
    ['CANCELED', undefined, 'Archived'],
    ['PENDING_DELETION', undefined, 'Deleted'],
    ['REMOVED', undefined, 'Deleted'],
  ] as const)('%s with %j is %s', (status, servingStatuses, expected) => {
    expect(
      toAdSet(campaign({ status, ...(servingStatuses ? { servingStatuses: [...servingStatuses] } : {}) }))
        .status,
    ).toBe(expected);
  });

  it('sets Running and Active as ACTIVE, Paused as PAUSED, Archived as ARCHIVED, and never Deleted', () => {
    expect(LINKEDIN_STATUS).toEqual({
      Running: 'ACTIVE',
      Active: 'ACTIVE',
      Paused: 'PAUSED',
      Archived: 'ARCHIVED',
    });
    expect(toAdSetStatus('ACTIVE', true)).toBe('Running');
  });
});

describe('LinkedIn money amounts', () => {
  it('are decimal strings in the precision of the currency', () => {
    expect(toMoneyAmount(50, 'USD')).toEqual({ amount: '50.00', currencyCode: 'USD' });
    expect(toMoneyAmount(12.5, 'EUR')).toEqual({ amount: '12.50', currencyCode: 'EUR' });
    expect(toMoneyAmount(5000, 'JPY')).toEqual({ amount: '5000', currencyCode: 'JPY' });
    expect(toMoneyAmount(1.234, 'KWD')).toEqual({ amount: '1.234', currencyCode: 'KWD' });
    expect(toMoneyAmount(50.5, 'JPY')).toBeNull();
    expect(toMoneyAmount(1.005, 'USD')).toBeNull();
  });

  it('read back as major units', () => {
    expect(fromMoneyAmount({ amount: '50.00', currencyCode: 'USD' })).toBe(50);
    expect(fromMoneyAmount({ amount: '5000', currencyCode: 'JPY' })).toBe(5000);
    expect(
      toAdSet(
        campaign({ totalBudget: { amount: '1500', currencyCode: 'JPY' }, objectiveType: 'VIDEO_VIEWS' }),
      ).settings,
    ).toEqual([
      { kind: 'TotalBudget', budget: 1500, currency: 'JPY' },
      { kind: 'Objective', objective: 'VIDEO_VIEWS' },
    ]);
  });
});

describe('LinkedIn campaign creation', () => {
  const account = { id: '7', name: 'Acme', currency: 'JPY' };
  const ORGANIZATION = 'urn:li:organization:2414183';
  const context = (fields: Partial<CreateContext> = {}): CreateContext => ({
    objective: 'WEBSITE_VISITS',
    reference: ORGANIZATION,
    ...fields,
  });

  it('sends budgets in the account currency, the group objective and what LinkedIn requires', () => {
    const body = createBody(
      input({ settings: [{ kind: 'DailyBudget', budget: 3000, currency: 'JPY' }], status: 'Running' }),
      account,
      context(),
    );
    expect(body).toMatchObject({
      account: 'urn:li:sponsoredAccount:7',
      campaignGroup: 'urn:li:sponsoredCampaignGroup:9',
      status: 'ACTIVE',
      dailyBudget: { amount: '3000', currencyCode: 'JPY' },
      objectiveType: 'WEBSITE_VISITS',
      type: 'SPONSORED_UPDATES',
      locale: { country: 'US', language: 'en' },
    });
    expect(body.targetingCriteria.include.and[0]!.or).toHaveProperty('urn:li:adTargetingFacet:locations');
  });

  it('declares the political intent and names the account’s organization (required by the schema)', () => {
    const body = createBody(
      input({ settings: [{ kind: 'DailyBudget', budget: 3000, currency: 'JPY' }] }),
      account,
      context(),
    );
    expect(body).toMatchObject({ politicalIntent: 'NOT_POLITICAL', associatedEntity: ORGANIZATION });
    expect(() =>
      createBody(
        input({ settings: [{ kind: 'DailyBudget', budget: 3000, currency: 'JPY' }] }),
        account,
        context({ reference: 'urn:li:person:1' }),
      ),
    ).toThrow(expect.objectContaining({ param: 'advertiser' }));
  });

  it('bids automatically for the objective, with no fixed bid below a currency’s floor', () => {
    const daily = input({ settings: [{ kind: 'DailyBudget', budget: 3000, currency: 'JPY' }] });
    const body = createBody(daily, account, context());
    expect(body).toMatchObject({ optimizationTargetType: 'MAX_CLICK', costType: 'CPM' });
    expect(body).not.toHaveProperty('unitCost');
    expect(createBody(daily, account, context({ objective: 'BRAND_AWARENESS' }))).toMatchObject({
      optimizationTargetType: 'MAX_REACH',
    });
    expect(createBody(daily, account, context({ objective: 'VIDEO_VIEWS' }))).toMatchObject({
      optimizationTargetType: 'MAX_VIDEO_VIEW',
      costType: 'CPV',
    });
    for (const objective of [null, 'JOB_APPLICANTS']) {
      expect(() => createBody(daily, account, context({ objective }))).toThrow(
        expect.objectContaining({ param: 'parentId' }),
      );
    }
  });

  it('paces a TotalBudget over the lifetime, up to its Runtime’s end', () => {
    const start = '2030-01-01T00:00:00+09:00';
    const end = '2030-12-31T00:00:00+09:00';
    const total = input({
      settings: [
        { kind: 'TotalBudget', budget: 90000, currency: 'JPY' },
        { kind: 'Runtime', start, end },
      ],
    });
    expect(createBody(total, account, context())).toMatchObject({
      totalBudget: { amount: '90000', currencyCode: 'JPY' },
      pacingStrategy: 'LIFETIME',
      runSchedule: { start: Date.parse(start), end: Date.parse(end) },
    });
    expect(createBody(input({}), { ...account, currency: 'USD' }, context())).not.toHaveProperty(
      'pacingStrategy',
    );
  });

  it.each([
    [[{ kind: 'DailyBudget', budget: 3000, currency: 'USD' }], 'settings[0].currency'],
    [[{ kind: 'DailyBudget', budget: 30.5, currency: 'JPY' }], 'settings[0].budget'],
    [[{ kind: 'Objective', objective: 'WEBSITE_VISITS' }], 'settings'],
    [
      [
        { kind: 'DailyBudget', budget: 3000, currency: 'JPY' },
        { kind: 'DailyBudget', budget: 4000, currency: 'JPY' },
      ],
      'settings',
    ],
  ] as const)('refuses %j naming %s', (settings, param) => {
    expect(() => createBody(input({ settings: [...settings] }), account, context())).toThrow(
      expect.objectContaining({ param }),
    );
    expect(() => createBody(input({ settings: [...settings] }), account, context())).toThrow(
      PlatformInputError,
    );
  });

  it('sends a Runtime as runSchedule in epoch milliseconds, reads it back in UTC; without one it starts now', () => {
    const runtime = {
      kind: 'Runtime' as const,
      start: '2026-12-01T00:00:00+01:00',
      end: '2026-12-31T00:00:00Z',
    };
    const daily = { kind: 'DailyBudget' as const, budget: 3000, currency: 'JPY' };
    const body = createBody(input({ settings: [daily, runtime] }), account, context());
    expect(body.runSchedule).toEqual({
      start: Date.parse('2026-11-30T23:00:00Z'),
      end: Date.parse('2026-12-31T00:00:00Z'),
    });
    expect(toAdSet(campaign({ runSchedule: body.runSchedule })).settings).toEqual([
      { kind: 'Runtime', start: '2026-11-30T23:00:00Z', end: '2026-12-31T00:00:00Z' },
    ]);
    const before = Date.now();
    const open = createBody(input({ settings: [daily] }), account, context()).runSchedule;
    expect(open.end).toBeUndefined();
    expect(open.start).toBeGreaterThanOrEqual(before);
    expect(open.start).toBeLessThanOrEqual(Date.now());
    const params = createParams(input({ settings: [daily, runtime] }));
    expect(params('runSchedule.end')).toBe('settings[1].end');
    expect(params('runSchedule.start')).toBe('settings[1].start');
  });

  it('names the unified parameter behind the field LinkedIn refused', () => {
    const params = createParams(
      input({
        settings: [
          { kind: 'Objective', objective: 'X' },
          { kind: 'TotalBudget', budget: 500, currency: 'USD' },
          { kind: 'DailyBudget', budget: 5, currency: 'USD' },
        ],
      }),
    );
    expect(params('dailyBudget.amount')).toBe('settings[2].budget');
    expect(params('totalBudget.currencyCode')).toBe('settings[1].budget');
    expect(params('objectiveType')).toBe('settings[0].objective');
    expect(params('name')).toBe('name');
    expect(params('campaignGroup')).toBe('parentId');
    expect(params('associatedEntity')).toBe('advertiser');
    expect(params('locale')).toBeUndefined();
  });
});

describe('LinkedIn errors', () => {
  it('401 (expired or revoked token) asks for a refresh', () => {
    for (const code of ['EXPIRED_ACCESS_TOKEN', 'REVOKED_ACCESS_TOKEN']) {
      expect(
        classifyLinkedIn(answer(401, { status: 401, serviceErrorCode: 65601, code, message: 'm' })),
      ).toMatchObject({
        kind: 'unauthorized',
        code,
      });
    }
  });

  it('429 is throttling, waiting a second when LinkedIn names no time', () => {
    expect(classifyLinkedIn(answer(429, { status: 429, message: 'limit' }))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 1,
    });
    expect(classifyLinkedIn(answer(429, {}, { 'retry-after': '30' }))).toMatchObject({
      retryAfterSeconds: 30,
    });
  });

  it('a validation error with input errors is invalid, about the mapped parameter', () => {
    const body = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed.',
      errorDetails: {
        inputErrors: [
          {
            description: 'dailyBudget must be at least 10 USD.',
            input: { inputPath: { fieldPath: 'dailyBudget.amount' } },
            code: 'FIELD_VALUE_TOO_LOW',
          },
        ],
      },
    };
    const error = classifyLinkedIn(answer(400, body), createParams(input({})));
    expect(error).toMatchObject({ kind: 'invalid', param: 'settings[0].budget', status: 400 });
    expect(error?.message).toContain('at least 10 USD');
  });

  it('other refusals are rejected with their status; successes are not errors', () => {
    expect(classifyLinkedIn(answer(404, { status: 404, message: 'Not Found' }))).toMatchObject({
      kind: 'rejected',
      status: 404,
    });
    expect(
      classifyLinkedIn(answer(426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'x' })),
    ).toMatchObject({
      kind: 'rejected',
      code: 'NONEXISTENT_VERSION',
    });
    expect(classifyLinkedIn(answer(201, undefined))).toBeUndefined();
  });
});

describe('Rest.li encoding', () => {
  it('escapes URN colons so they never read as record separators', () => {
    expect(restliEncode('urn:li:sponsoredCampaign:1')).toBe('urn%3Ali%3AsponsoredCampaign%3A1');
    expect(restliEncode(['urn:li:sponsoredCampaign:1', 'urn:li:sponsoredCampaign:2'])).toBe(
      'List(urn%3Ali%3AsponsoredCampaign%3A1,urn%3Ali%3AsponsoredCampaign%3A2)',
    );
    expect(restliQuery({ q: 'search', search: { status: { values: ['ACTIVE'] } }, skipped: undefined })).toBe(
      'q=search&search=(status:(values:List(ACTIVE)))',
    );
    expect(urnId('urn:li:sponsoredCampaign:123')).toBe('123');
    expect(urnId(123)).toBe('123');
  });

  it('reads back in the emulator to what was encoded', () => {
    const value = {
      campaignGroup: { values: ['urn:li:sponsoredCampaignGroup:9'] },
      name: { values: ["a (b), c's: d", ''] },
    };
    expect(restliDecode(restliEncode(value))).toEqual(value);
    expect(restliParams(restliQuery({ q: 'criteria', campaigns: ['urn:li:sponsoredCampaign:1'] }))).toEqual({
      q: 'criteria',
      campaigns: ['urn:li:sponsoredCampaign:1'],
    });
    expect(() => restliDecode('List(a,b')).toThrow();
  });
});

describe('LinkedIn partial updates (campaigns and campaign groups)', () => {
  const usd = { id: '7', name: 'Acme', currency: 'USD' };
  const jpy = { id: '8', name: 'Acme KK', currency: 'JPY' };
  const schedule = { start: Date.UTC(2026, 0, 5, 9), end: Date.UTC(2027, 5, 30) };
  const thrown = (work: () => unknown) => {
    try {
      work();
    } catch (err) {
      return err;
    }
    throw new Error('not refused');
  };

  it('sets budgets as money strings in the account currency, whole yen in JPY', () => {
    expect(
      partialUpdate({ settings: [{ kind: 'DailyBudget', budget: 40.5, currency: 'USD' }] }, {}, usd).body,
    ).toEqual({ patch: { $set: { dailyBudget: { amount: '40.50', currencyCode: 'USD' } } } });
    expect(
      partialUpdate({ settings: [{ kind: 'TotalBudget', budget: 50000, currency: 'JPY' }] }, {}, jpy).body,
    ).toEqual({ patch: { $set: { totalBudget: { amount: '50000', currencyCode: 'JPY' } } } });
    expect(
      thrown(() =>
        partialUpdate({ settings: [{ kind: 'DailyBudget', budget: 10.5, currency: 'JPY' }] }, {}, jpy),
      ),
    ).toMatchObject({ param: 'settings[0].budget' });
    expect(
      thrown(() =>
        partialUpdate({ settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }] }, {}, usd),
      ),
    ).toBeInstanceOf(PlatformInputError);
  });

  it('patches runSchedule as a nested record: a moved end only, an open end deleted, never the unchanged start', () => {
    const start = new Date(schedule.start).toISOString();
    const moved = partialUpdate(
      { settings: [{ kind: 'Runtime', start, end: '2027-07-31T00:00:00+02:00' }] },
      { runSchedule: schedule },
      usd,
    );
    expect(moved.body).toEqual({
      patch: { $set: {}, runSchedule: { $set: { end: Date.parse('2027-07-30T22:00:00Z') } } },
    });
    const open = partialUpdate({ settings: [{ kind: 'Runtime', start }] }, { runSchedule: schedule }, usd);
    expect(open.body).toEqual({ patch: { $set: {}, runSchedule: { $delete: ['end'] } } });
    const same = partialUpdate(
      { name: 'n', settings: [{ kind: 'Runtime', start, end: new Date(schedule.end).toISOString() }] },
      { runSchedule: schedule },
      usd,
    );
    expect(same.body).toEqual({ patch: { $set: { name: 'n' } } });
    const later = partialUpdate(
      {
        settings: [
          { kind: 'Runtime', start: '2027-01-01T00:00:00Z', end: new Date(schedule.end).toISOString() },
        ],
      },
      { runSchedule: schedule },
      usd,
    );
    expect(later.body.patch.runSchedule).toEqual({ $set: { start: Date.parse('2027-01-01T00:00:00Z') } });
  });

  it("names the unified parameter behind LinkedIn's field paths", () => {
    const { param } = partialUpdate(
      {
        status: 'Paused',
        settings: [
          { kind: 'Runtime', start: '2027-01-01T00:00:00Z', end: '2027-02-01T00:00:00Z' },
          { kind: 'DailyBudget', budget: 20, currency: 'USD' },
        ],
      },
      {},
      usd,
    );
    expect(['status', 'dailyBudget.amount', 'runSchedule.end', 'runSchedule.start'].map(param)).toEqual([
      'status',
      'settings[1].budget',
      'settings[0].end',
      'settings[0].start',
    ]);
  });
});

describe('LinkedIn campaign groups as campaigns', () => {
  const account = { id: '7', name: 'Acme', currency: 'USD' };
  const base = {
    name: 'Q3 launch',
    advertiser: '7',
    objective: 'BRAND_AWARENESS',
    status: 'Paused' as const,
  };

  it('creates with the objective on the group, its schedule and its total budget', () => {
    const { body, param } = groupCreate(
      {
        ...base,
        settings: [
          { kind: 'Runtime', start: '2027-03-01T00:00:00+01:00', end: '2027-04-01T00:00:00+02:00' },
          { kind: 'TotalBudget', budget: 1500, currency: 'USD' },
        ],
      },
      account,
    );
    expect(body).toEqual({
      account: 'urn:li:sponsoredAccount:7',
      name: 'Q3 launch',
      status: 'PAUSED',
      objectiveType: 'BRAND_AWARENESS',
      runSchedule: { start: Date.parse('2027-02-28T23:00:00Z'), end: Date.parse('2027-03-31T22:00:00Z') },
      totalBudget: { amount: '1500.00', currencyCode: 'USD' },
    });
    expect(['objectiveType', 'totalBudget.amount', 'runSchedule.end', 'account'].map(param)).toEqual([
      'objective',
      'settings[1].budget',
      'settings[0].end',
      'advertiser',
    ]);
  });

  it('starts now without a Runtime', () => {
    const before = Date.now();
    const { body } = groupCreate({ ...base, settings: [] }, account) as {
      body: { runSchedule: { start: number } };
    };
    expect(body.runSchedule.start).toBeGreaterThanOrEqual(before);
    expect(body.runSchedule).not.toHaveProperty('end');
  });

  it('reads the total budget and the schedule back as settings', () => {
    expect(
      toCampaign({
        id: 9,
        account: 'urn:li:sponsoredAccount:7',
        name: 'g',
        status: 'ACTIVE',
        servingStatuses: ['RUNNABLE'],
        objectiveType: 'WEBSITE_VISITS',
        runSchedule: { start: Date.UTC(2027, 0, 1), end: Date.UTC(2027, 1, 1) },
        totalBudget: { amount: '250000', currencyCode: 'JPY' },
      }),
    ).toEqual({
      id: '9',
      name: 'g',
      platform: 'linkedin',
      status: 'Running',
      advertiser: '7',
      objective: 'WEBSITE_VISITS',
      channelKind: 'Social',
      settings: [
        { kind: 'TotalBudget', budget: 250000, currency: 'JPY' },
        { kind: 'Runtime', start: '2027-01-01T00:00:00Z', end: '2027-02-01T00:00:00Z' },
      ],
    });
  });
});

describe('creatives as ads', () => {
  const post = (fields: Partial<Post>): Post => ({
    id: 'urn:li:share:1',
    author: 'urn:li:organization:5',
    commentary: 'Intro',
    ...fields,
  });

  it('reads a review: no review (a draft), PENDING and NEEDS_REVIEW are Pending; REJECTED keeps LinkedIn’s reasons', () => {
    expect(toReview(undefined)).toEqual({ status: 'Pending', reasons: [] });
    expect(toReview({ status: 'PENDING' })).toEqual({ status: 'Pending', reasons: [] });
    expect(toReview({ status: 'NEEDS_REVIEW' })).toEqual({ status: 'Pending', reasons: [] });
    expect(toReview({ status: 'APPROVED' })).toEqual({ status: 'Approved', reasons: [] });
    expect(toReview({ status: 'REJECTED', rejectionReasons: ['LANDING_PAGE'] })).toEqual({
      status: 'Rejected',
      reasons: ['LANDING_PAGE'],
    });
  });

  it('reads an image post with a landing page as an ImageAd, the label mapped back; other posts by their format', () => {
    const image = { media: { id: 'urn:li:image:a', title: 'Head' } };
    expect(
      toCreative(
        post({ content: image, contentLandingPage: 'https://e.com', contentCallToActionLabel: 'VIEW_QUOTE' }),
        'urn:li:share:1',
      ),
    ).toEqual({
      kind: 'ImageAd',
      media: 'urn:li:image:a',
      additionalMedia: [],
      headline: 'Head',
      text: 'Intro',
      url: 'https://e.com',
      callToAction: 'GetQuote',
      identity: 'urn:li:organization:5',
    });
    // A label without a unified value is left out rather than guessed.
    expect(
      toCreative(
        post({ content: image, contentLandingPage: 'https://e.com', contentCallToActionLabel: 'JOIN' }),
        '',
      ),
    ).not.toHaveProperty('callToAction');
    const format = (p: Post | null, reference = 'urn:li:share:1') =>
      (toCreative(p, reference) as { format?: string }).format;
    expect(format(post({ content: image }))).toBe('SINGLE_IMAGE');
    expect(format(post({ content: { media: { id: 'urn:li:video:v' } } }))).toBe('SINGLE_VIDEO');
    expect(format(post({ content: { media: { id: 'urn:li:document:d' } } }))).toBe('DOCUMENT');
    expect(format(post({ content: { carousel: {} } }))).toBe('CAROUSEL');
    expect(format(post({ content: { article: {} } }))).toBe('ARTICLE');
    expect(format(post({}))).toBe('TEXT');
    expect(format(null, 'urn:li:adInMailContent:9')).toBe('adInMailContent');
  });

  it('reads an ACTIVE creative as Running only while LinkedIn serves it, else Active', () => {
    const creative = (fields: Partial<Creative>): Creative => ({
      id: 'urn:li:sponsoredCreative:3',
      account: 'urn:li:sponsoredAccount:7',
      campaign: 'urn:li:sponsoredCampaign:42',
      intendedStatus: 'ACTIVE',
      ...fields,
    });
    const status = (fields: Partial<Creative>) =>
      creativeToAd(creative(fields), null, 'urn:li:sponsoredCampaignGroup:9').status;
    expect(status({ isServing: true })).toBe('Running');
    expect(status({ isServing: false })).toBe('Active');
    expect(status({ intendedStatus: 'PAUSED' })).toBe('Paused');
    expect(status({ intendedStatus: 'PENDING_DELETION' })).toBe('Deleted');
    expect(creativeToAd(creative({}), null, 'urn:li:sponsoredCampaignGroup:9')).toMatchObject({
      id: '3',
      advertiser: '7',
      adSetId: '42',
      campaignId: '9',
    });
  });

  it('maps the post LinkedIn refuses a field of to the creative’s parameter', () => {
    expect(
      ['commentary', 'author', 'contentLandingPage', 'content.media.title', 'content.media.id'].map(
        postParams,
      ),
    ).toEqual(['creative.text', 'creative.identity', 'creative.url', 'creative.headline', 'creative.media']);
  });
});
