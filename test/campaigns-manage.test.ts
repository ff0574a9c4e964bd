import { afterAll, beforeAll, describe, it } from 'vitest';
import { NEXT_YEAR, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { CampaignClient } from './support/campaigns-client.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { type ManageSpec, manageWalk } from './support/platform-suite.js';

/**
 * The platform suite's manage walk on the sandbox, which keeps budgets and schedules both on ad sets
 * and on campaigns: once changing the ad set's, once the campaign's. `stored` reads the sandbox's own
 * records (minor units, the account's time zone).
 */

const berlin = (day: string) => `${NEXT_YEAR}-${day}T00:00:00+01:00`;
const keywords = (...words: string[]) => ({ kind: 'KeywordTargeting', keywords: words });

const base = {
  campaign: {
    objective: 'SALES',
    channelKind: 'Search',
    settings: [{ kind: 'Runtime', start: berlin('01-05'), end: berlin('03-31') }],
  },
  adSet: {
    channelKind: 'Search',
    settings: [
      { kind: 'DailyBudget', budget: 12, currency: 'EUR' },
      { kind: 'Runtime', start: berlin('01-10'), end: berlin('02-10') },
    ],
    targetings: [keywords('sourdough')],
  },
  targeting: { add: keywords('sourdough', 'rye bread'), remove: keywords() },
};

const bySandbox = (path: string) => async (s: SandboxScenario) =>
  ((await s.direct.api.expect(200, 'GET', path)) as { budget: unknown }).budget;

const onAdSet: ManageSpec<SandboxScenario> = {
  ...base,
  budget: {
    on: 'adset',
    setting: { kind: 'DailyBudget', budget: 23.45, currency: 'EUR' },
    stored: (s, ids) => bySandbox(`/adsets/${ids.adSet}`)(s),
    expected: { type: 'DAILY', amount: 2345, currency: 'EUR' },
  },
  runtime: { on: 'adset', setting: { kind: 'Runtime', start: berlin('01-10'), end: berlin('02-20') } },
};

const onCampaign: ManageSpec<SandboxScenario> = {
  ...base,
  budget: {
    on: 'campaign',
    setting: { kind: 'TotalBudget', budget: 1500, currency: 'EUR' },
    stored: (s, ids) => bySandbox(`/campaigns/${ids.campaign}`)(s),
    expected: { type: 'LIFETIME', amount: 150_000, currency: 'EUR', shared: false },
  },
  runtime: { on: 'campaign', setting: { kind: 'Runtime', start: berlin('01-05'), end: berlin('04-30') } },
};

describe('sandbox: the manage walk', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Walking Vendor');
  });
  afterAll(() => h?.close());

  /** Each walk has its own customer (and so its own sandbox token and rate limit). */
  const walk = async (manage: ManageSpec<SandboxScenario>) => {
    const s = await sandboxScenario(h, company, `Walking Bakery ${manage.budget.on}`);
    await manageWalk(manage, {
      world: s,
      adSets: s.client,
      campaigns: new CampaignClient(h, company, s.client.customer),
      advertiser: s.eur.id,
      campaign: s.campaigns[0]!.id,
      deletedStatus: 'Deleted',
    });
  };

  it('manages: campaign, ad set with a Runtime, budget, end, targeting, pause, delete — read back live (on the ad set)', () =>
    walk(onAdSet));

  it('manages: campaign, ad set with a Runtime, budget, end, targeting, pause, delete — read back live (on the campaign)', () =>
    walk(onCampaign));
});
