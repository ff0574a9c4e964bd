import { afterAll, beforeAll, describe, it } from 'vitest';
import { sandboxScenario } from './support/adsets-scenario.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { reportWalk } from './support/report-walk.js';

/**
 * The platform suite's report walk on the sandbox. Its demo accounts bill in EUR, USD and GBP, so it
 * has no zero-decimal advertiser: the emulators' suites cover JPY and CLP.
 */
describe('sandbox: the report walk', () => {
  let h: Harness;
  let company: Company;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Reporting Vendor');
  });
  afterAll(() => h?.close());

  it('reports: 7 days daily at each level, sums agree, major units, CSV equals JSON', async () => {
    const s = await sandboxScenario(h, company, 'Walking Bakery');
    await reportWalk({
      h,
      company,
      customer: s.client.customer,
      platform: 'sandbox',
      zeroDecimalAdvertiser: null,
    });
  });
});
