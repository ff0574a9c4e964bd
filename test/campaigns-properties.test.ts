import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome } from './support/adsets-client.js';
import { NEXT_YEAR, ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { type CampaignBody, CampaignClient } from './support/campaigns-client.js';
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
 * Properties of campaign settings over generated input against the sandbox (fixed seed; FUZZ_SEED
 * overrides it): a create or change broken in one place is a 400 naming exactly that place and
 * reaches no platform, and a valid change is written and read back, each kind sent replacing its own.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** Campaign settings are a budget and a Runtime; a currency other than the account's is a fault too. */
const campaignFaults = (s: Json): fc.Arbitrary<[Json, string, string]> =>
  s.kind === 'Runtime'
    ? settingFaults(s)
    : fc.oneof(
        settingFaults(s),
        fc.constant<[Json, string, string]>([{ ...s, currency: 'USD' }, 'invalid_request', '.currency']),
        fc.constant<[Json, string, string]>([{ ...s, budget: 10.005 }, 'invalid_request', '.budget']),
      );

const validSettings = someOf([budget, runtime], 1);

const brokenSettings = validSettings.chain((settings) =>
  fc.oneof(
    ...settings.map((s, i) =>
      campaignFaults(s).map(([bad, code, suffix]) => ({
        settings: settings.map((x, j) => (j === i ? bad : x)),
        code,
        param: `settings[${i}]${suffix}`,
      })),
    ),
    // The same kind twice: the second is at fault (budgets are one kind).
    ...settings.map((s) =>
      fc.constant({
        settings: [...settings, s.kind === 'DailyBudget' ? { ...s, kind: 'TotalBudget' } : s],
        code: 'invalid_request',
        param: `settings[${settings.length}]`,
      }),
    ),
  ),
);

describe('properties of campaign settings (sandbox)', () => {
  let h: Harness;
  let company: Company;
  let scenarios: SandboxScenario[];
  let clients: CampaignClient[];
  let campaigns: CampaignBody[];

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Campaign Property Vendor');
    // Several customers: each has its own sandbox rate limit (50 calls in 10 s per token).
    scenarios = [];
    clients = [];
    campaigns = [];
    for (let i = 0; i < 4; i++) {
      const s = await sandboxScenario(h, company, `Campaign Property Bakery ${i}`);
      const client = new CampaignClient(h, company, s.client.customer);
      const created = await client.create({
        name: `Property ${i}`,
        advertiser: s.eur.id,
        objective: 'LEADS',
        channelKind: 'Social',
        settings: [
          { kind: 'DailyBudget', budget: 10, currency: 'EUR' },
          { kind: 'Runtime', start: `${NEXT_YEAR}-01-01T00:00:00Z` },
        ],
      });
      scenarios.push(s);
      clients.push(client);
      campaigns.push(ok<CampaignBody>(created, 201));
    }
  }, 120_000);
  afterAll(() => h?.close());

  it('a create or change broken in one place is a 400 naming that place; nothing reaches the platform', async () => {
    const s = scenarios[0]!;
    const client = clients[0]!;
    const id = campaigns[0]!.id;
    const before = await s.direct.api.expect(200, 'GET', `/campaigns/${id}`);
    const listed = async () => (await s.direct.api.campaigns(s.eur.id)).length;
    const count = await listed();
    await fc.assert(
      fc.asyncProperty(brokenSettings, fc.boolean(), async ({ settings, code, param }, create) => {
        const res = create
          ? await client.create({
              name: 'Broken',
              advertiser: s.eur.id,
              objective: 'LEADS',
              channelKind: 'Social',
              settings,
            })
          : await client.put(id, { settings });
        expect(outcome(res), JSON.stringify(settings)).toEqual({ status: 400, code, param });
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(await s.direct.api.expect(200, 'GET', `/campaigns/${id}`)).toEqual(before);
    expect(await listed()).toBe(count);
  }, 120_000);

  it('a valid change is written: kinds sent replace their own, the others stay, as read back', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(validSettings, async (sentSettings) => {
        const turn = run++ % scenarios.length;
        const current = campaigns[turn]!;
        const sent = new Set(sentSettings.map(group));
        const settings = [...current.settings.filter((x) => !sent.has(group(x))), ...sentSettings];
        const res = await clients[turn]!.put(current.id, bodyOf({ settings: sentSettings }));
        const runtimeEnd = settings.some((x) => x.kind === 'Runtime' && x.end !== undefined);
        if (settings.some((x) => x.kind === 'TotalBudget') && !runtimeEnd) {
          expect(outcome(res)).toEqual({ status: 400, code: 'invalid_request', param: 'settings' });
          return;
        }
        const answer = ok<CampaignBody>(res);
        expect(answer.settings.map(normalized).sort(byKind)).toEqual(settings.map(normalized).sort(byKind));
        // The cache holds what the platform answered.
        expect(ok<CampaignBody>(await clients[turn]!.get(current.id))).toEqual(answer);
        campaigns[turn] = answer;
      }),
      { seed: SEED, numRuns: 40 },
    );
    for (const [i, client] of clients.entries()) {
      expect(ok(await client.get(campaigns[i]!.id, { dismissDatabase: true }))).toEqual(campaigns[i]);
    }
  }, 180_000);
});
