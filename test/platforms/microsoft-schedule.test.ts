import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/adsets/model.js';
import { keywordChanges } from '../../src/platforms/microsoft/adset-body.js';
import {
  adGroupDateChanges,
  adGroupDates,
  adGroupRuntime,
  NO_END_DATE,
} from '../../src/platforms/microsoft/adset-schedule.js';
import { addCampaignsBody, updateCampaignsBody } from '../../src/platforms/microsoft/campaign-body.js';
import { toCampaign } from '../../src/platforms/microsoft/mapping.js';
import { MICROSOFT_TIME_ZONES } from '../../src/platforms/microsoft/time-zones.js';
import { PlatformInputError } from '../../src/ports/platform-error.js';

/** Mapping unit tests: ad-group dates in the campaign's time zone, keyword replacement, campaign bodies. */

const LA = 'America/Los_Angeles';
const day = (Year: number, Month: number, Day: number) => ({ Day, Month, Year });
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err as PlatformInputError;
  }
  throw new Error('expected a refusal');
};

describe('microsoft ad-group dates', () => {
  it('writes whole days of the zone: the start day, and the day before the end midnight (inclusive)', () => {
    const runtime: Runtime = { kind: 'Runtime', start: '2027-03-01T08:00:00Z', end: '2027-04-01T07:00:00Z' };
    expect(adGroupDates(runtime, 0, LA, 'PacificTimeUSCanadaTijuana')).toEqual({
      StartDate: day(2027, 3, 1),
      EndDate: day(2027, 3, 31),
    });
    expect(
      adGroupDates(
        { kind: 'Runtime', start: '2027-06-01T00:00:00+09:00' },
        2,
        'Asia/Tokyo',
        'OsakaSapporoTokyo',
      ),
    ).toEqual({
      StartDate: day(2027, 6, 1),
      EndDate: null,
    });
  });

  it('reads them back as midnights with the offset of each date (daylight saving time)', () => {
    expect(adGroupRuntime({ StartDate: day(2027, 3, 1), EndDate: day(2027, 3, 31) }, LA)).toEqual({
      kind: 'Runtime',
      start: '2027-03-01T00:00:00-08:00',
      end: '2027-04-01T00:00:00-07:00',
    });
    expect(adGroupRuntime({ StartDate: day(2027, 10, 31), EndDate: null }, 'Europe/Berlin')).toEqual({
      kind: 'Runtime',
      start: '2027-10-31T00:00:00+02:00',
    });
    expect(adGroupRuntime({ StartDate: null, EndDate: null }, LA)).toBeUndefined();
  });

  it('reads a day whose midnight the clock skips as starting when the day does, not the day before', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    expect(adGroupRuntime({ StartDate: day(2027, 9, 5), EndDate: null }, 'America/Santiago')).toEqual({
      kind: 'Runtime',
      start: '2027-09-05T01:00:00-03:00',
    });
  });

  it('refuses a time that is not a midnight of the zone, naming start or end', () => {
    const start = thrown(() =>
      adGroupDates({ kind: 'Runtime', start: '2027-03-01T00:00:00Z' }, 1, LA, 'PacificTimeUSCanadaTijuana'),
    );
    expect(start).toBeInstanceOf(PlatformInputError);
    expect(start.param).toBe('settings[1].start');
    expect(start.message).toContain('2027-02-28T00:00:00-08:00');
    const end = thrown(() =>
      adGroupDates(
        { kind: 'Runtime', start: '2027-03-01T00:00:00-08:00', end: '2027-03-05T12:00:00-08:00' },
        0,
        LA,
        'PacificTimeUSCanadaTijuana',
      ),
    );
    expect(end.param).toBe('settings[0].end');
    expect(
      thrown(() => adGroupDates({ kind: 'Runtime', start: '2027-03-01T00:00:00Z' }, 0, undefined, 'Mars'))
        .param,
    ).toBe('settings[0]');
  });

  it('sends only what moved; an open end where there was one is 2 January 2050', () => {
    const current = { StartDate: day(2025, 1, 15), EndDate: day(2027, 1, 31) };
    const start = '2025-01-15T00:00:00-08:00';
    expect(
      adGroupDateChanges({ kind: 'Runtime', start, end: '2027-02-01T00:00:00-08:00' }, 0, current, LA, 'x'),
    ).toEqual({});
    expect(adGroupDateChanges({ kind: 'Runtime', start }, 0, current, LA, 'x')).toEqual({
      EndDate: NO_END_DATE,
    });
    expect(adGroupDateChanges({ kind: 'Runtime', start }, 0, { ...current, EndDate: null }, LA, 'x')).toEqual(
      {},
    );
    expect(
      adGroupDateChanges(
        { kind: 'Runtime', start: '2027-05-02T00:00:00-07:00' },
        0,
        { StartDate: null, EndDate: null },
        LA,
        'x',
      ),
    ).toEqual({ StartDate: day(2027, 5, 2) });
  });

  it('knows every value of the Time Zones guide as an IANA zone the runtime has', () => {
    expect(Object.keys(MICROSOFT_TIME_ZONES)).toHaveLength(75);
    for (const zone of Object.values(MICROSOFT_TIME_ZONES)) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
  });
});

describe('microsoft keyword replacement', () => {
  const current = [
    { Id: '1', Text: 'city bike', Status: 'Active' },
    { Id: '2', Text: 'cargo bike', Status: 'Active' },
    { Id: '3', Text: 'old bike', Status: 'Paused' },
  ];
  it('adds texts not served yet, deletes Active ones left out, leaves paused ones, compares without case', () => {
    expect(
      keywordChanges(
        current,
        { kind: 'KeywordTargeting', keywords: ['Cargo Bike', 'e-bike', 'E-Bike', 'old bike'] },
        2,
      ),
    ).toEqual({
      add: [
        { Text: 'e-bike', param: 'targetings[2].keywords[1]' },
        { Text: 'old bike', param: 'targetings[2].keywords[3]' },
      ],
      remove: ['1'],
    });
    expect(keywordChanges(current, { kind: 'KeywordTargeting', keywords: [] }, 0)).toEqual({
      add: [],
      remove: ['1', '2'],
    });
  });
});

describe('microsoft campaign bodies', () => {
  const account = { id: '180000111', name: 'US', currency: 'USD' };
  const campaign = (settings: object[], more = {}) => ({
    name: 'Road bikes',
    advertiser: account.id,
    objective: 'Search',
    status: 'Running' as const,
    settings: settings as never,
    ...more,
  });

  it('AddCampaigns: type, status, a standard daily budget in major units, the account time zone, all languages', () => {
    expect(
      addCampaignsBody(
        campaign([{ kind: 'DailyBudget', budget: 12.5, currency: 'USD' }]),
        account,
        'PacificTimeUSCanadaTijuana',
      ),
    ).toEqual({
      AccountId: account.id,
      Campaigns: [
        {
          Name: 'Road bikes',
          CampaignType: 'Search',
          Status: 'Active',
          BudgetType: 'DailyBudgetStandard',
          DailyBudget: 12.5,
          TimeZone: 'PacificTimeUSCanadaTijuana',
          Languages: ['All'],
        },
      ],
    });
  });

  it('a zero-decimal currency (CLP) takes whole amounts only', () => {
    const clp = { ...account, currency: 'CLP' };
    const whole = addCampaignsBody(
      campaign([{ kind: 'DailyBudget', budget: 6, currency: 'CLP' }]),
      clp,
      'Santiago',
    );
    expect(whole.Campaigns[0]!.DailyBudget).toBe(6);
    const fraction = thrown(() =>
      addCampaignsBody(campaign([{ kind: 'DailyBudget', budget: 5.5, currency: 'CLP' }]), clp, 'Santiago'),
    );
    expect(fraction.param).toBe('settings[0].budget');
  });

  it('UpdateCampaigns: only what changed; a shared or lifetime budget is refused by name', () => {
    const own = { Id: '9', BudgetType: 'DailyBudgetStandard', DailyBudget: 10 };
    expect(
      updateCampaignsBody(
        { status: 'Paused', settings: [{ kind: 'DailyBudget', budget: 20, currency: 'USD' }] },
        own,
        account,
      ),
    ).toEqual({
      AccountId: account.id,
      Campaigns: [{ Id: '9', Status: 'Paused', DailyBudget: 20 }],
    });
    const budget = { kind: 'DailyBudget' as const, budget: 20, currency: 'USD' };
    expect(
      thrown(() => updateCampaignsBody({ settings: [budget] }, { ...own, BudgetId: '77' }, account)).param,
    ).toBe('settings[0]');
    expect(
      thrown(() =>
        updateCampaignsBody(
          { settings: [budget] },
          { ...own, BudgetType: 'LifetimeBudgetStandard' },
          account,
        ),
      ).param,
    ).toBe('settings[0]');
  });

  it('reads budgets: daily, shared, and a lifetime budget as TotalBudget', () => {
    const read = (c: object) =>
      toCampaign(account, { Id: '9', CampaignType: 'Audience', DailyBudget: 300, ...c }).settings;
    expect(read({ BudgetType: 'DailyBudgetAccelerated' })).toEqual([
      { kind: 'DailyBudget', budget: 300, currency: 'USD' },
    ]);
    expect(read({ BudgetType: 'DailyBudgetStandard', BudgetId: '77' })).toEqual([
      { kind: 'DailyBudget', budget: 300, currency: 'USD', shared: true },
    ]);
    expect(read({ BudgetType: 'LifetimeBudgetStandard' })).toEqual([
      { kind: 'TotalBudget', budget: 300, currency: 'USD' },
    ]);
  });
});
