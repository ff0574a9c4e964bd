import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, AdSetClient, expectError, type ListBody } from './support/adsets-client.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { type DirectGrant, directGrant, type SandboxAdSet, unifiedStatus } from './support/sandbox-direct.js';

/**
 * Paging through a customer with hundreds of ad sets: every page size gives the same sequence, with
 * no duplicates and no gaps, equal to what the platform holds; the status filter pages through exactly
 * the ad sets of that status.
 */
describe('ad sets: pagination over ≥ 250 ad sets', () => {
  let h: Harness;
  let company: Company;
  let client: AdSetClient;
  /** What the sandbox holds for the customer's two ad accounts, deleted ones included. */
  let live: SandboxAdSet[];
  const TOTAL = 262;
  const STATUSES = ['Running', 'Active', 'Paused', 'Archived', 'Deleted'];

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Paging Vendor');
    const customer = await sandboxCustomer(h, company, 'Big Bakery');
    client = new AdSetClient(h, company, customer);

    // Several grants of the same sandbox user: each access token may make 50 requests per 10 s.
    const grants: DirectGrant[] = [];
    for (let i = 0; i < 7; i++) grants.push(await directGrant(h, customer));
    const accounts = grants[0]!.accounts;
    const campaigns = (
      await Promise.all(accounts.map((account) => grants[0]!.api.campaigns(account)))
    ).flat();
    expect(campaigns.every((c) => c.status !== 'ARCHIVED')).toBe(true);
    const seeded = (await Promise.all(accounts.map((a) => grants[0]!.api.allAdSets(a)))).flat().length;
    const toCreate = TOTAL - seeded;
    expect(toCreate).toBeGreaterThan(200);

    const created: SandboxAdSet[] = [];
    await Promise.all(
      grants.map(async (grant, g) => {
        for (let i = g; i < toCreate; i += grants.length) {
          const campaign = campaigns[i % campaigns.length]!;
          const adset = await grant.api.expect(201, 'POST', `/ad_accounts/${campaign.account_id}/adsets`, {
            name: `Bulk ${String(i).padStart(3, '0')}`,
            campaign_id: campaign.id,
            channel: campaign.channel,
            status: i % 3 === 0 ? 'ACTIVE' : 'PAUSED',
            budget: { type: i % 2 ? 'DAILY' : 'LIFETIME', amount: 1_000 + i },
          });
          created.push(adset);
        }
      }),
    );
    expect(created.length).toBe(toCreate);
    // Some of every status: archive ten and delete ten of the new ones.
    await Promise.all(
      created.slice(0, 20).map((adset, i) => {
        const grant = grants[i % grants.length]!;
        return i < 10
          ? grant.api.expect(200, 'PATCH', `/adsets/${adset.id}`, { status: 'ARCHIVED' })
          : grant.api.expect(200, 'DELETE', `/adsets/${adset.id}`);
      }),
    );
    const reader = await directGrant(h, customer);
    live = (await Promise.all(accounts.map((a) => reader.api.allAdSets(a)))).flat();
    expect(live.length).toBe(TOTAL);

    // One live read fills adlink's cache with all of them.
    const first = await client.list({ dismissDatabase: true, limit: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const ids = (items: AdSetBody[]) => items.map((a) => a.id);

  function expectExactly(items: AdSetBody[], expected: SandboxAdSet[]) {
    const seen = ids(items);
    expect(new Set(seen).size, 'no duplicates').toBe(seen.length);
    expect([...seen].sort()).toEqual(expected.map((a) => a.id).sort());
  }

  it('default limit is 100', async () => {
    const res = await client.list();
    expect(res.status).toBe(200);
    const body = res.body as ListBody;
    expect(body.data.length).toBe(100);
    expect(body.has_more).toBe(true);
    expect(typeof body.next_cursor).toBe('string');
  });

  it('limit 7, 100 and 1000: the same sequence, no duplicates, no gaps, equal to the live set', async () => {
    const by7 = await client.all({}, 7);
    expect(by7.pages.length).toBe(Math.ceil(TOTAL / 7));
    expectExactly(by7.items, live);

    const by100 = await client.all({}, 100);
    expect(by100.pages.map((p) => p.data.length)).toEqual([100, 100, TOTAL - 200]);
    expect(ids(by100.items)).toEqual(ids(by7.items));

    const at1000 = await client.all({}, 1000);
    expect(at1000.pages.length).toBe(1);
    expect(at1000.items).toEqual(by100.items);

    // Every item is the platform's ad set, mapped.
    for (const item of by100.items) {
      const at = live.find((a) => a.id === item.id)!;
      expect(item.name).toBe(at.name);
      expect(item.status).toBe(unifiedStatus(at));
      expect(item.advertiser).toBe(at.account_id);
    }
  });

  it('the status filter pages through exactly the ad sets of that status', async () => {
    const full = ids((await client.all({}, 1000)).items);
    let total = 0;
    for (const status of STATUSES) {
      const expected = live.filter((a) => unifiedStatus(a) === status);
      expect(expected.length, status).toBeGreaterThan(status === 'Active' ? 0 : 10);
      for (const limit of [7, 100]) {
        const { items, pages } = await client.all({ status }, limit);
        expectExactly(items, expected);
        expect(items.every((a) => a.status === status)).toBe(true);
        expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / limit)));
        // In the same order as the unfiltered list.
        expect(ids(items)).toEqual(full.filter((id) => ids(items).includes(id)));
      }
      total += expected.length;
    }
    expect(total).toBe(TOTAL);
  });

  it('a page that ends exactly at the end has has_more false and no next_cursor', async () => {
    const last = await client.list({ limit: TOTAL });
    expect(last.body.has_more).toBe(false);
    expect('next_cursor' in last.body).toBe(false);
    expect(last.body.data.length).toBe(TOTAL);
    const one = await client.list({ limit: TOTAL - 1 });
    expect(one.body.has_more).toBe(true);
    const rest = await client.list({ limit: TOTAL, cursor: one.body.next_cursor });
    expect(rest.body.data.length).toBe(1);
    expect(rest.body.has_more).toBe(false);
    expect('next_cursor' in rest.body).toBe(false);
  });

  it('cursors survive a live refresh in between and keep their status filter', async () => {
    const page1 = await client.list({ status: 'Paused', limit: 7 });
    const refreshed = await client.list({ dismissDatabase: true, status: 'Paused', limit: 7 });
    expect(refreshed.body.data).toEqual(page1.body.data);
    const page2 = await client.list({ status: 'Paused', limit: 7, cursor: page1.body.next_cursor });
    expect(page2.status).toBe(200);
    expect(ids(page2.body.data).some((id) => ids(page1.body.data).includes(id))).toBe(false);
    expectError(
      await client.list({ status: 'Running', limit: 7, cursor: page1.body.next_cursor }),
      400,
      'invalid_request',
      'cursor',
    );
  });
});
