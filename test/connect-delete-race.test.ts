import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Company, enter, newCustomer, newLink, reachCallback } from './support/connect-helpers.js';
import { FlowClient } from './support/flow-client.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * A customer deleted while its OAuth callback runs must not keep a connection: whatever the
 * interleaving, once both requests are answered nothing of the customer is left in the store.
 */
describe('deleting a customer during its OAuth callback', () => {
  let h: Harness;
  let company: Company;
  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Race Co');
  });
  afterAll(() => h.close());

  it('never leaves a connection behind, over many interleavings', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const customer = await newCustomer(h, company, `Racer ${round}`);
      const browser = new FlowClient(h.baseUrl);
      await enter(browser, (await newLink(h, company, customer)).connect_url);
      const pending = await reachCallback(h, browser);
      // Stagger the delete a little differently each round to hit different points of the callback.
      const [callback, deleted] = await Promise.all([
        browser.get(pending.url.href),
        new Promise((r) => setTimeout(r, round % 4)).then(() =>
          h.http.delete(`/customers/${customer}`).set('Authorization', company.auth),
        ),
      ]);
      expect(deleted.status).toBe(200);
      expect([303, 401]).toContain(callback.status);
      outcomes.add(String(callback.status));
      const left: string[] = [];
      for await (const key of h.store.kv.scan(h.prefix)) if (key.includes(customer)) left.push(key);
      expect(left, `round ${round}`).toEqual([]);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
