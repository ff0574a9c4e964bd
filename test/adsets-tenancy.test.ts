import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, AdSetClient, expectError, type ListBody } from './support/adsets-client.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { type DirectGrant, directGrant, type SandboxAdSet } from './support/sandbox-direct.js';

/**
 * Ad sets belong to one customer of one company: another company cannot name the customer, and a
 * customer cannot read or change another customer's ad sets, nor ad sets of an ad account it did not
 * connect, by id, whatever the id.
 */
describe('ad sets: tenancy', () => {
  let h: Harness;
  let companyA: Company;
  let companyB: Company;
  /** Customers X and Y of company A, Z of company B: each connected to its own sandbox data. */
  let x: AdSetClient;
  let y: AdSetClient;
  let z: AdSetClient;
  let yDirect: DirectGrant;
  let xDirect: DirectGrant;
  let xAdSets: AdSetBody[];
  let yAdSet: AdSetBody;

  beforeAll(async () => {
    h = await startHarness();
    companyA = await h.company('Vendor A');
    companyB = await h.company('Vendor B');
    x = new AdSetClient(h, companyA, await sandboxCustomer(h, companyA, 'X Bakery'));
    y = new AdSetClient(h, companyA, await sandboxCustomer(h, companyA, 'Y Bakery'));
    z = new AdSetClient(h, companyB, await sandboxCustomer(h, companyB, 'Z Bakery'));
    xDirect = await directGrant(h, x.customer, [0, 1, 2]);
    yDirect = await directGrant(h, y.customer);
    const xList = await x.list({ limit: 1000 });
    expect(xList.status).toBe(200);
    xAdSets = (xList.body as ListBody).data;
    const yList = await y.list({ limit: 1000 });
    yAdSet = (yList.body as ListBody).data.find((a) => a.status === 'Running')!;
    expect(yAdSet).toBeDefined();
    // Different sandbox data: no id in common.
    const yIds = new Set((yList.body as ListBody).data.map((a) => a.id));
    expect(xAdSets.some((a) => yIds.has(a.id))).toBe(false);
  });

  afterAll(async () => {
    await h?.close();
  });

  const yAtSandbox = () =>
    yDirect.api.expect(200, 'GET', `/adsets/${yAdSet.id}?expand=ads`) as Promise<SandboxAdSet>;

  it("company B's token with company A's customer: 404 customer_not_found on every ad-set endpoint", async () => {
    // Z's client object, pointed at A's customer X with B's token.
    const intruder = new AdSetClient(h, companyB, x.customer);
    const target = xAdSets.find((a) => a.status === 'Running')!;
    const before = await x.get(target.id, { childResources: 'Ad,Targeting' });
    const answers = [
      await intruder.list(),
      await intruder.list({ dismissDatabase: true, status: 'Running', childResources: 'Ad' }),
      await intruder.get(target.id),
      await intruder.get(target.id, { dismissDatabase: true }),
      await intruder.create(
        {
          name: 'Intruder',
          advertiser: target.advertiser,
          parentId: target.parentId,
          channelKind: 'Search',
          settings: [{ kind: 'DailyBudget', budget: 1, currency: 'EUR' }],
          targetings: [],
        },
        { 'Idempotency-Key': 'intruder-create' },
      ),
      await intruder.put(target.id, { name: 'Intruded', status: 'Paused' }),
      await intruder.delete(target.id),
      await intruder.advertisers(),
      await intruder.campaigns(),
      await intruder.campaigns({ platform: 'sandbox' }),
    ];
    for (const res of answers) {
      expectError(res, 404, 'customer_not_found', 'customer');
      expect(JSON.stringify(res.body)).not.toContain(target.id);
    }
    // Even for an unknown platform, the customer is checked first.
    expectError(await new AdSetClient(h, companyB, x.customer, 'nope').list(), 404, 'customer_not_found');
    // Nothing changed for X, at the platform or in adlink.
    const at = await xDirect.api.expect(200, 'GET', `/adsets/${target.id}`);
    expect(at).toMatchObject({ name: target.name, status: 'ACTIVE' });
    expect((await x.get(target.id, { childResources: 'Ad,Targeting' })).body).toEqual(before.body);
    expect((await xDirect.api.allAdSets(target.advertiser)).filter((a) => a.name === 'Intruder')).toEqual([]);
  });

  it("customer X with customer Y's ad set id: 404 adset_not_found on get, put and delete", async () => {
    const before = await yAtSandbox();
    for (const res of [
      await x.get(yAdSet.id),
      await x.get(yAdSet.id, { dismissDatabase: true }),
      await x.get(yAdSet.id, { childResources: 'Ad,Targeting' }),
      await x.put(yAdSet.id, { name: 'Taken over' }),
      await x.put(yAdSet.id, { status: 'Archived' }),
      await x.delete(yAdSet.id),
    ]) {
      expectError(res, 404, 'adset_not_found', 'id');
    }
    // Y's ad set is untouched at the sandbox and in Y's view; X's cache did not pick it up.
    expect(await yAtSandbox()).toEqual(before);
    expect((await y.get(yAdSet.id)).body).toMatchObject({ name: yAdSet.name, status: 'Running' });
    for (const query of [{}, { dismissDatabase: true }] as Record<string, boolean>[]) {
      const xList = (await x.list({ limit: 1000, ...query })).body as ListBody;
      expect(xList.data.map((a) => a.id)).not.toContain(yAdSet.id);
    }
  });

  it("a customer of company B with company A's ad set ids: 404 adset_not_found", async () => {
    const xTarget = xAdSets.find((a) => a.status === 'Paused')!;
    const xBefore = await xDirect.api.expect(200, 'GET', `/adsets/${xTarget.id}`);
    const yBefore = await yAtSandbox();
    for (const id of [xTarget.id, yAdSet.id]) {
      for (const res of [
        await z.get(id),
        await z.get(id, { dismissDatabase: true }),
        await z.put(id, { name: 'Cross-company', status: 'Running' }),
        await z.delete(id),
      ]) {
        expectError(res, 404, 'adset_not_found', 'id');
      }
    }
    expect(await xDirect.api.expect(200, 'GET', `/adsets/${xTarget.id}`)).toEqual(xBefore);
    expect(await yAtSandbox()).toEqual(yBefore);
  });

  it('an ad set of an ad account the customer did not connect: 404 adset_not_found', async () => {
    // Same sandbox user as X, but in the third ad account, which X did not share with adlink.
    const unshared = xDirect.accounts[2]!;
    const [hidden] = await xDirect.api.allAdSets(unshared);
    expect(hidden).toBeDefined();
    for (const res of [
      await x.get(hidden!.id),
      await x.get(hidden!.id, { dismissDatabase: true }),
      await x.put(hidden!.id, { name: 'Not yours' }),
      await x.delete(hidden!.id),
    ]) {
      expectError(res, 404, 'adset_not_found', 'id');
    }
    expect(await xDirect.api.expect(200, 'GET', `/adsets/${hidden!.id}`)).toMatchObject({
      name: hidden!.name,
      status: hidden!.status,
    });
    const xList = (await x.list({ limit: 1000 })).body as ListBody;
    expect(xList.data.map((a) => a.id)).not.toContain(hidden!.id);
    expect(xList.data.every((a) => a.advertiser !== unshared)).toBe(true);
  });

  it('idempotency keys are per company: the same key in company B is another request', async () => {
    const body = (c: AdSetClient, advertiser: string, parentId: string) =>
      c.create(
        {
          name: 'Keyed',
          advertiser,
          parentId,
          channelKind: 'Search',
          settings: [{ kind: 'DailyBudget', budget: 3, currency: 'EUR' }],
          targetings: [],
        },
        { 'Idempotency-Key': 'shared-key' },
      );
    const xCampaign = (await x.campaigns()).body.data.find(
      (c: { channelKind: string; status: string }) => c.channelKind === 'Search' && c.status === 'Running',
    );
    const zCampaign = (await z.campaigns()).body.data.find(
      (c: { channelKind: string; status: string }) => c.channelKind === 'Search' && c.status === 'Running',
    );
    const inA = await body(x, xCampaign.advertiser, xCampaign.id);
    expect(inA.status, JSON.stringify(inA.body)).toBe(201);
    const inB = await body(z, zCampaign.advertiser, zCampaign.id);
    expect(inB.status, JSON.stringify(inB.body)).toBe(201);
    expect(inB.headers['idempotent-replayed']).toBeUndefined();
    expect(inB.body.id).not.toBe(inA.body.id);
    expect(inB.body.advertiser).toBe(zCampaign.advertiser);
  });
});
