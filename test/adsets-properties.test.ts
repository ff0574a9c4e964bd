import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, outcome } from './support/adsets-client.js';
import { campaignOf, ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import {
  bodyOf,
  budget,
  byKind,
  group,
  type Json,
  normalized,
  runtime,
  settingFaults,
  someOf,
} from './support/setting-arbitraries.js';

/**
 * Properties of `PUT /v1/:platform/adsets/:id` with settings and targetings, over generated changes
 * against the sandbox (fixed seed; FUZZ_SEED overrides it): a change broken in one place is a 400
 * naming exactly that place, and a valid change is written and read back, each kind sent replacing
 * its own and the others staying as they were.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

interface Change {
  settings: Json[];
  targetings: Json[];
}

const objective = fc.record({
  kind: fc.constant('Objective'),
  objective: fc.stringMatching(/^[A-Z][A-Z_]{0,29}$/),
});
const keywords = fc.record({
  kind: fc.constant('KeywordTargeting'),
  keywords: fc.array(fc.stringMatching(/^[a-z][a-z ]{0,20}[a-z]$/), { maxLength: 4 }),
});
const zipcodes = fc.record({
  kind: fc.constant('GeoTargeting'),
  type: fc.constant('ZipcodeGeoTargeting'),
  zipcodes: fc.array(
    fc.record({ country: fc.constantFrom('DE', 'US', 'GB', 'FR'), zipcode: fc.stringMatching(/^\d{5}$/) }),
    { maxLength: 3 },
  ),
});

const validChange: fc.Arbitrary<Change> = fc
  .record({ settings: someOf([budget, objective, runtime], 0), targetings: someOf([keywords, zipcodes], 0) })
  .filter((c) => c.settings.length + c.targetings.length > 0);

/** One fault put into a valid change, and the parameter (and code) the 400 must name. */
interface Fault {
  change: Json;
  code: string;
  param: string;
}

const targetingFaults = (t: Json): fc.Arbitrary<[Json, string, string]> => {
  const list = (t.kind === 'KeywordTargeting' ? t.keywords : t.zipcodes) as unknown[];
  const at = fc.integer({ min: 0, max: list.length });
  const insert = (item: unknown) => (k: number) => [...list.slice(0, k), item, ...list.slice(k)];
  if (t.kind === 'KeywordTargeting') {
    return at.chain((k) =>
      fc
        .constantFrom(' ', '', 'rye\u0007bread', 'x'.repeat(81), 42)
        .map((bad): [Json, string, string] => [
          { ...t, keywords: insert(bad)(k) },
          'invalid_request',
          `.keywords[${k}]`,
        ]),
    );
  }
  return at.chain((k) =>
    fc
      .constantFrom('ZZ', 'de', 'DEU', '')
      .map((country): [Json, string, string] => [
        { ...t, zipcodes: insert({ country, zipcode: '10115' })(k) },
        'invalid_request',
        `.zipcodes[${k}].country`,
      ]),
  );
};

/** A valid change broken in exactly one place. */
const brokenChange: fc.Arbitrary<Fault> = validChange.chain((change) => {
  const faults: fc.Arbitrary<Fault>[] = [];
  change.settings.forEach((s, i) => {
    faults.push(
      settingFaults(s).map(([bad, code, suffix]) => ({
        change: { ...change, settings: change.settings.map((x, j) => (j === i ? bad : x)) },
        code,
        param: `settings[${i}]${suffix}`,
      })),
    );
  });
  change.targetings.forEach((t, i) => {
    faults.push(
      targetingFaults(t).map(([bad, code, suffix]) => ({
        change: { ...change, targetings: change.targetings.map((x, j) => (j === i ? bad : x)) },
        code,
        param: `targetings[${i}]${suffix}`,
      })),
    );
  });
  for (const [field, list] of Object.entries(change)) {
    // The same kind twice: the second is at fault (budgets are one kind).
    list.forEach((item: Json) => {
      const twin = item.kind === 'DailyBudget' ? { ...item, kind: 'TotalBudget' } : item;
      faults.push(
        fc.constant({
          change: { ...change, [field]: [...list, twin] },
          code: 'invalid_request',
          param: `${field}[${list.length}]`,
        }),
      );
    });
  }
  return fc.oneof(...faults);
});

describe('properties of settings and targetings changes (sandbox)', () => {
  let h: Harness;
  let company: Company;
  let scenarios: SandboxScenario[];
  let adSets: AdSetBody[];

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Property Vendor');
    // Several customers: each has its own sandbox rate limit (50 calls in 10 s per token).
    scenarios = [];
    adSets = [];
    for (let i = 0; i < 4; i++) {
      const s = await sandboxScenario(h, company, `Property Bakery ${i}`);
      const created = await s.client.create({
        name: `Property ${i}`,
        advertiser: s.eur.id,
        parentId: campaignOf(s, s.eur, 'Search').id,
        channelKind: 'Search',
        settings: [{ kind: 'DailyBudget', budget: 10, currency: 'EUR' }],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }],
      });
      scenarios.push(s);
      adSets.push(ok<AdSetBody>(created, 201));
    }
  }, 120_000);
  afterAll(() => h?.close());

  it('a change broken in one place is a 400 naming that place; nothing reaches the platform', async () => {
    const s = scenarios[0]!;
    const id = adSets[0]!.id;
    const before = await s.direct.api.expect(200, 'GET', `/adsets/${id}`);
    await fc.assert(
      fc.asyncProperty(brokenChange, async ({ change, code, param }) => {
        const res = await s.client.put(id, bodyOf(change));
        expect(outcome(res), JSON.stringify(change)).toEqual({ status: 400, code, param });
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(await s.direct.api.expect(200, 'GET', `/adsets/${id}`)).toEqual(before);
  }, 120_000);

  it('a valid change is written: kinds sent replace their own, the others stay, as read back', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(validChange, async (change) => {
        const turn = run++ % scenarios.length;
        const s = scenarios[turn]!;
        const current = adSets[turn]!;
        const sent = new Set(change.settings.map(group));
        const settings = [...current.settings.filter((x) => !sent.has(group(x))), ...change.settings];
        const runtimeEnd = settings.some((x) => x.kind === 'Runtime' && x.end !== undefined);
        const res = await s.client.put(current.id, bodyOf(change));
        if (settings.some((x) => x.kind === 'TotalBudget') && !runtimeEnd) {
          expect(outcome(res)).toEqual({ status: 400, code: 'invalid_request', param: 'settings' });
          return;
        }
        const answer = ok<AdSetBody>(res);
        expect(answer.settings.map(normalized).sort(byKind)).toEqual(settings.map(normalized).sort(byKind));
        const kinds = new Set(change.targetings.map((t) => t.kind));
        const expected = [
          ...(current.targetings ?? []).filter((t) => !kinds.has(t.kind as string)),
          ...change.targetings.filter((t) => ((t.keywords ?? t.zipcodes) as unknown[]).length > 0),
        ];
        // The cache holds what the platform answered: reading it costs no platform call.
        const read = ok<AdSetBody>(await s.client.get(current.id, { childResources: 'Targeting' }));
        expect([...read.targetings!].sort(byKind)).toEqual(expected.sort(byKind));
        adSets[turn] = read;
      }),
      { seed: SEED, numRuns: 40 },
    );
    // And the platform holds the same as the cache.
    for (const [i, s] of scenarios.entries()) {
      const live = ok<AdSetBody>(
        await s.client.get(adSets[i]!.id, { dismissDatabase: true, childResources: 'Targeting' }),
      );
      expect(live).toEqual(adSets[i]);
    }
  }, 180_000);
});
