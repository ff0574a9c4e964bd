import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, expectError, formFields, type ListBody, outcome } from './support/adsets-client.js';
import {
  campaignOf,
  NEXT_YEAR,
  ok,
  type SandboxScenario,
  sandboxScenario,
} from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import type { SandboxAdSet } from './support/sandbox-direct.js';

/**
 * Managing ad sets after creation, over HTTP against the sandbox: Runtime settings, budget, runtime and
 * targeting changes (kinds sent replace their own, kinds not sent stay), `campaignId` as the other
 * name of `parentId`, and the `adset.updated` event. Each part has its own customer.
 */

/** In Berlin (the EUR account's time zone) January and February are standard time, +01:00. */
const berlin = (day: string) => `${NEXT_YEAR}-${day}T00:00:00+01:00`;
const eurDaily = (budget: number) => ({ kind: 'DailyBudget', budget, currency: 'EUR' });
const keywords = (...words: string[]) => ({ kind: 'KeywordTargeting', keywords: words });
const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'DE', zipcode })),
});

describe('ad sets after creation (sandbox)', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Managing Vendor');
  });
  afterAll(() => h?.close());

  const newAdSet = (s: SandboxScenario, name: string, extra: object = {}) => ({
    name,
    advertiser: s.eur.id,
    parentId: campaignOf(s, s.eur, 'Search').id,
    channelKind: 'Search',
    settings: [
      eurDaily(12.5),
      { kind: 'Objective', objective: 'TRAFFIC' },
      { kind: 'Runtime', start: berlin('01-15'), end: berlin('02-15') },
    ],
    targetings: [keywords('sourdough', 'rye bread')],
    ...extra,
  });
  const atSandbox = (s: SandboxScenario, id: string): Promise<SandboxAdSet> =>
    s.direct.api.expect(200, 'GET', `/adsets/${id}`);

  describe('changing settings and targetings', () => {
    let s: SandboxScenario;
    beforeAll(async () => {
      s = await sandboxScenario(h, company, 'Changing Bakery');
    });

    it('changes the budget (JSON), moves the end (form), adds and removes a targeting kind (multipart); reads back the platform', async () => {
      const created = ok<AdSetBody>(await s.client.create(newAdSet(s, 'Winter bread')), 201);
      const [, objective, runtime] = created.settings;
      expect(runtime).toEqual({ kind: 'Runtime', start: berlin('01-15'), end: berlin('02-15') });

      const raised = ok<AdSetBody>(await s.client.put(created.id, { settings: [eurDaily(20)] }));
      expect(raised.settings).toEqual([eurDaily(20), objective, runtime]);
      expect((await atSandbox(s, created.id)).budget).toEqual({
        type: 'DAILY',
        amount: 2000,
        currency: 'EUR',
      });

      const later = { kind: 'Runtime', start: berlin('01-15'), end: berlin('02-28') };
      const moved = await h.http
        .put(`/v1/sandbox/adsets/${created.id}`)
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .type('form')
        .send(formFields({ settings: [later] }));
      expect(ok<AdSetBody>(moved).settings).toEqual([eurDaily(20), objective, later]);
      expect(await atSandbox(s, created.id)).toMatchObject({
        start_time: berlin('01-15'),
        end_time: berlin('02-28'),
      });

      const added = await h.http
        .put(`/v1/sandbox/adsets/${created.id}`)
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth)
        .field('targetings', JSON.stringify([zips('10115', '10117')]));
      ok(added);
      const live = async () =>
        ok<AdSetBody>(await s.client.get(created.id, { dismissDatabase: true, childResources: 'Targeting' }));
      expect((await live()).targetings).toEqual([keywords('sourdough', 'rye bread'), zips('10115', '10117')]);

      ok(await s.client.put(created.id, { targetings: [keywords()] }));
      const after = await live();
      expect(after.targetings).toEqual([zips('10115', '10117')]);
      expect((await atSandbox(s, created.id)).targeting).toEqual({
        keywords: [],
        zipcodes: [
          { country: 'DE', zip: '10115' },
          { country: 'DE', zip: '10117' },
        ],
        audiences: { include: [], exclude: [] },
      });
      expect(after.settings).toEqual([eurDaily(20), objective, later]);
      // The cache holds what the platform answered.
      expect(ok(await s.client.get(created.id, { childResources: 'Targeting' }))).toEqual(after);
    });

    it('changes the budget kind where the platform allows it; a TotalBudget keeps needing an end', async () => {
      const open = newAdSet(s, 'Open end', {
        settings: [eurDaily(10), { kind: 'Runtime', start: berlin('01-15') }],
      });
      const created = ok<AdSetBody>(await s.client.create(open), 201);
      const total = { kind: 'TotalBudget', budget: 300, currency: 'EUR' };
      expectError(await s.client.put(created.id, { settings: [total] }), 400, 'invalid_request', 'settings');
      const ending = { kind: 'Runtime', start: berlin('01-15'), end: berlin('01-31') };
      const switched = ok<AdSetBody>(await s.client.put(created.id, { settings: [total, ending] }));
      expect(switched.settings).toEqual([total, { kind: 'Objective', objective: 'TRAFFIC' }, ending]);
      expect((await atSandbox(s, created.id)).budget).toEqual({
        type: 'LIFETIME',
        amount: 30_000,
        currency: 'EUR',
      });
      // Taking the end away from a TotalBudget ad set, or the TotalBudget's end with it, is refused.
      const unended = { kind: 'Runtime', start: berlin('01-15') };
      expectError(
        await s.client.put(created.id, { settings: [unended] }),
        400,
        'invalid_request',
        'settings',
      );
      const back = ok<AdSetBody>(await s.client.put(created.id, { settings: [eurDaily(15), unended] }));
      expect(back.settings).toEqual([eurDaily(15), { kind: 'Objective', objective: 'TRAFFIC' }, unended]);
      expect(await atSandbox(s, created.id)).toMatchObject({ budget: { type: 'DAILY' }, end_time: null });
    });

    it('keeps a start in the past as it is, but moves no start into the past and no end behind now', async () => {
      // The sandbox's seeded ad sets started in 2024.
      const [seeded] = (await s.client.all({ status: 'Paused' })).items.filter((a) =>
        a.settings.some((x) => x.kind === 'DailyBudget'),
      );
      const runtime = seeded!.settings.find((x) => x.kind === 'Runtime')!;
      expect(Date.parse(runtime.start as string)).toBeLessThan(Date.now());
      const extended = { kind: 'Runtime', start: runtime.start, end: berlin('03-01') };
      const answer = ok<AdSetBody>(await s.client.put(seeded!.id, { settings: [extended] }));
      expect(answer.settings).toContainEqual(extended);
      const cases: [object, string][] = [
        [{ kind: 'Runtime', start: '2025-01-01T00:00:00Z' }, 'settings[0].start'],
        [{ kind: 'Runtime', start: runtime.start, end: '2025-01-01T00:00:00Z' }, 'settings[0].end'],
      ];
      for (const [setting, param] of cases) {
        expectError(await s.client.put(seeded!.id, { settings: [setting] }), 400, 'invalid_request', param);
      }
      // A TotalBudget ad set that ran in 2024: its Runtime sent back as it is, with a new budget.
      const ended = (await s.client.all()).items.find(
        (a) =>
          ['Running', 'Active', 'Paused'].includes(a.status) &&
          a.settings.some((x) => x.kind === 'TotalBudget' && x.currency === 'EUR'),
      )!;
      const over = ended.settings.find((x) => x.kind === 'Runtime')!;
      expect(Date.parse(over.end as string)).toBeLessThan(Date.now());
      const total = { kind: 'TotalBudget', budget: 999, currency: 'EUR' };
      const rebudgeted = ok<AdSetBody>(await s.client.put(ended.id, { settings: [total, over] }));
      expect(rebudgeted.settings).toEqual(expect.arrayContaining([total, over]));
    });

    it('reports each change as adset.updated: the ad set now and the earlier values of what changed', async () => {
      const created = ok<AdSetBody>(await s.client.create(newAdSet(s, 'Evented')), 201);
      ok(await s.client.put(created.id, { name: 'Evented, renamed', settings: [eurDaily(30)] }));
      const events = ok<{ data: { type: string; customer: string; data: Record<string, unknown> }[] }>(
        await h.http
          .get('/events')
          .query({ type: 'adset.updated', customer: s.client.customer })
          .set('Authorization', company.auth),
      );
      const [event] = events.data;
      const { ads: _ads, targetings: _targetings, ...before } = created;
      expect(event).toMatchObject({ type: 'adset.updated', customer: s.client.customer });
      expect(event!.data).toEqual({
        platform: 'sandbox',
        adset: expect.objectContaining({
          id: created.id,
          name: 'Evented, renamed',
          campaignId: created.parentId,
          settings: [eurDaily(30), ...created.settings.slice(1)],
        }),
        previous_attributes: { name: before.name, settings: before.settings },
      });
      expect(Object.keys(event!.data.adset as object)).not.toContain('created_at');
    });
  });

  describe('refusals, each naming its parameter', () => {
    let s: SandboxScenario;
    let adSet: AdSetBody;
    beforeAll(async () => {
      s = await sandboxScenario(h, company, 'Refusing Bakery');
      adSet = ok<AdSetBody>(await s.client.create(newAdSet(s, 'Unchanged')), 201);
    });

    it('every bad settings or targetings change is a 400 naming the parameter, and changes nothing', async () => {
      const before = await atSandbox(s, adSet.id);
      const runtime = (start: string, end?: string) => ({ kind: 'Runtime', start, ...(end ? { end } : {}) });
      const cases: [string, object, string, string][] = [
        ['settings not a list', { settings: eurDaily(5) }, 'invalid_request', 'settings'],
        ['no settings', { settings: [] }, 'invalid_request', 'settings'],
        [
          'two budgets',
          { settings: [eurDaily(5), { ...eurDaily(6), kind: 'TotalBudget' }] },
          'invalid_request',
          'settings[1]',
        ],
        [
          'Runtime twice',
          { settings: [runtime(berlin('01-20')), runtime(berlin('01-21'))] },
          'invalid_request',
          'settings[1]',
        ],
        [
          'unknown kind',
          { settings: [{ kind: 'BidCap', amount: 1 }] },
          'invalid_request',
          'settings[0].kind',
        ],
        [
          'unknown field',
          { settings: [{ ...eurDaily(5), pacing: 'fast' }] },
          'unknown_parameter',
          'settings[0].pacing',
        ],
        ['budget 0', { settings: [eurDaily(0)] }, 'invalid_request', 'settings[0].budget'],
        ['too many decimals', { settings: [eurDaily(5.001)] }, 'invalid_request', 'settings[0].budget'],
        [
          'another currency',
          { settings: [{ ...eurDaily(5), currency: 'USD' }] },
          'invalid_request',
          'settings[0].currency',
        ],
        [
          'start without offset',
          { settings: [runtime(`${NEXT_YEAR}-01-20T00:00:00`)] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'start with fractions',
          { settings: [runtime(`${NEXT_YEAR}-01-20T00:00:00.5Z`)] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'start a date only',
          { settings: [runtime(`${NEXT_YEAR}-01-20`)] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'no start',
          { settings: [{ kind: 'Runtime', end: berlin('02-01') }] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'end before start',
          { settings: [runtime(berlin('02-01'), berlin('01-20'))] },
          'invalid_request',
          'settings[0].end',
        ],
        [
          'end at start',
          { settings: [runtime(berlin('02-01'), berlin('02-01'))] },
          'invalid_request',
          'settings[0].end',
        ],
        [
          'impossible date',
          { settings: [runtime(`${NEXT_YEAR}-02-30T00:00:00Z`)] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'start moved into the past',
          { settings: [runtime('2020-01-01T00:00:00Z')] },
          'invalid_request',
          'settings[0].start',
        ],
        [
          'empty objective',
          { settings: [{ kind: 'Objective', objective: '' }] },
          'invalid_request',
          'settings[0].objective',
        ],
        ['targetings not a list', { targetings: keywords('x') }, 'invalid_request', 'targetings'],
        ['no targetings', { targetings: [] }, 'invalid_request', 'targetings'],
        ['a kind twice', { targetings: [keywords('a'), keywords('b')] }, 'invalid_request', 'targetings[1]'],
        [
          'blank keyword',
          { targetings: [keywords('ok', ' ')] },
          'invalid_request',
          'targetings[0].keywords[1]',
        ],
        [
          'unknown targeting field',
          { targetings: [{ ...keywords('a'), match: 'exact' }] },
          'unknown_parameter',
          'targetings[0].match',
        ],
        [
          'bad country',
          { targetings: [{ ...zips('10115'), zipcodes: [{ country: 'XX', zipcode: '1' }] }] },
          'invalid_request',
          'targetings[0].zipcodes[0].country',
        ],
        [
          'zipcode the sandbox refuses',
          { targetings: [zips('10115!')] },
          'invalid_request',
          'targetings[0].zipcodes[0].zipcode',
        ],
        ['unknown field', { bid: 1 }, 'unknown_parameter', 'bid'],
      ];
      const seen = [];
      for (const [name, body] of cases) seen.push({ name, ...outcome(await s.client.put(adSet.id, body)) });
      expect(seen).toEqual(cases.map(([name, , code, param]) => ({ name, status: 400, code, param })));
      expect(await atSandbox(s, adSet.id)).toEqual(before);

      const form = (fields: Record<string, string>) =>
        h.http
          .put(`/v1/sandbox/adsets/${adSet.id}`)
          .query({ customer: s.client.customer })
          .set('Authorization', company.auth)
          .type('form')
          .send(fields);
      expectError(await form({ settings: '[{"kind":' }), 400, 'invalid_request', 'settings');
      expectError(await form({ targetings: 'keywords=a' }), 400, 'invalid_request', 'targetings');
      expectError(
        await form({ settings: '{"kind":"Objective","objective":"X"}' }),
        400,
        'invalid_request',
        'settings',
      );
      expect(await atSandbox(s, adSet.id)).toEqual(before);
    });

    it('creates refuse a start in the past, an end before the start, two Runtimes, and a TotalBudget without an end', async () => {
      const base = newAdSet(s, 'Never created');
      const total = { kind: 'TotalBudget', budget: 300, currency: 'EUR' };
      const cases: [object[], string][] = [
        [[eurDaily(5), { kind: 'Runtime', start: '2020-01-01T00:00:00+01:00' }], 'settings[1].start'],
        [[eurDaily(5), { kind: 'Runtime', start: berlin('02-01'), end: berlin('01-01') }], 'settings[1].end'],
        [
          [
            eurDaily(5),
            { kind: 'Runtime', start: berlin('02-01') },
            { kind: 'Runtime', start: berlin('02-02') },
          ],
          'settings[2]',
        ],
        [[total], 'settings'],
        [[total, { kind: 'Runtime', start: berlin('02-01') }], 'settings'],
      ];
      for (const [settings, param] of cases) {
        expectError(await s.client.create({ ...base, settings }), 400, 'invalid_request', param);
      }
      expect((await s.direct.api.allAdSets(s.eur.id)).filter((a) => a.name === 'Never created')).toEqual([]);
    });
  });

  describe('campaignId, the other name of parentId', () => {
    let s: SandboxScenario;
    beforeAll(async () => {
      s = await sandboxScenario(h, company, 'Campaign Bakery');
    });

    it('creates with campaignId, parentId or both alike; answers with both; two values are a 400', async () => {
      const { parentId, ...body } = newAdSet(s, 'By campaignId');
      const byCampaign = ok<AdSetBody>(await s.client.create({ ...body, campaignId: parentId }), 201);
      expect(byCampaign).toMatchObject({ parentId, campaignId: parentId });
      const both = ok<AdSetBody>(await s.client.create({ ...body, parentId, campaignId: parentId }), 201);
      expect(both).toMatchObject({ parentId, campaignId: parentId });
      const other = campaignOf(s, s.eur, 'Social').id;
      expectError(
        await s.client.create({ ...body, parentId, campaignId: other }),
        400,
        'invalid_request',
        'campaignId',
      );
      expectError(await s.client.create(body), 400, 'invalid_request', 'parentId');
      expectError(await s.client.create({ ...body, campaignId: '' }), 400, 'invalid_request', 'campaignId');
      const form = await s.client.createForm({ ...body, campaignId: parentId });
      expect(ok<AdSetBody>(form, 201)).toMatchObject({ parentId, campaignId: parentId });
      expect(ok<AdSetBody>(await s.client.get(byCampaign.id, { dismissDatabase: true })).campaignId).toBe(
        parentId,
      );
    });

    it('filters lists by campaignId (or parentId), paging within the filter', async () => {
      const search = campaignOf(s, s.eur, 'Search').id;
      const all = (await s.client.all()).items;
      const expected = all.filter((a) => a.parentId === search);
      expect(expected.length).toBeGreaterThan(2);
      expect(all.length).toBeGreaterThan(expected.length);
      const filtered = await s.client.all({ campaignId: search }, 2);
      expect(filtered.items).toEqual(expected);
      expect(filtered.pages.length).toBe(Math.ceil(expected.length / 2));
      expect((await s.client.all({ parentId: search }, 1000)).items).toEqual(expected);
      const paused = all.filter((a) => a.parentId === search && a.status === 'Paused');
      expect((await s.client.all({ campaignId: search, status: 'Paused' })).items).toEqual(paused);
      const live = ok<ListBody>(await s.client.list({ campaignId: search, dismissDatabase: true }));
      expect(live.data.map((a) => a.id)).toEqual(expected.map((a) => a.id));
      expect(ok<ListBody>(await s.client.list({ campaignId: 'cmp_nope' })).data).toEqual([]);

      const other = campaignOf(s, s.eur, 'Social').id;
      expectError(
        await s.client.list({ campaignId: search, parentId: other }),
        400,
        'invalid_request',
        'campaignId',
      );
      expectError(await s.client.list({ campaignId: '' }), 400, 'invalid_request', 'campaignId');
      const page = ok<ListBody>(await s.client.list({ campaignId: search, limit: 1 }));
      expectError(
        await s.client.list({ campaignId: other, limit: 1, cursor: page.next_cursor! }),
        400,
        'invalid_request',
        'cursor',
      );
      expectError(
        await s.client.list({ limit: 1, cursor: page.next_cursor! }),
        400,
        'invalid_request',
        'cursor',
      );
    });
  });
});
