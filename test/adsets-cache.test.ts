import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, AdSetClient, expectError, type ListBody } from './support/adsets-client.js';
import { type Company, keysOf } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxCustomer } from './support/sandbox-customer.js';
import { type DirectGrant, directGrant } from './support/sandbox-direct.js';

/**
 * Reads come from adlink's cache (the first one fills it); `dismissDatabase=true` reads the platform
 * and refreshes the cache. Changes made at the platform directly are proof of which one answered.
 */
describe('ad sets: the cache and live reads', () => {
  let h: Harness;
  let company: Company;
  let client: AdSetClient;
  let direct: DirectGrant;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Cache Vendor');
    const customer = await sandboxCustomer(h, company, 'Cached Bakery');
    client = new AdSetClient(h, company, customer);
    direct = await directGrant(h, customer);
  });

  afterAll(async () => {
    await h?.close();
  });

  const ok = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ListBody & AdSetBody;
  };
  const list = async (query: Record<string, string | number | boolean> = {}) =>
    ok(await client.list({ limit: 1000, ...query })).data;
  const find = (items: AdSetBody[], id: string) => items.find((a) => a.id === id);
  /** adlink's ad-set cache keys (not the sandbox's own data). */
  const cacheKeys = async () => (await keysOf(h)).filter((k) => /\{co:[^}]+\}:adsets?:/.test(k));

  /** Ad sets that can still change at the sandbox; each test takes its own. */
  let changeable: AdSetBody[];
  const taken = new Set<string>();
  const take = (status?: string) => {
    const found = changeable.find((a) => !taken.has(a.id) && (status === undefined || a.status === status))!;
    taken.add(found.id);
    return found;
  };

  it('the first read fills the cache; later default reads never call the platform', async () => {
    expect(await cacheKeys()).toEqual([]);
    const first = await list();
    expect(first.length).toBeGreaterThan(10);
    const keys = await cacheKeys();
    expect(keys.length).toBeGreaterThan(first.length);
    expect(keys.filter((k) => k.endsWith(`:adsets:${client.customer}:sandbox:filled`)).length).toBe(1);
    changeable = first.filter((a) => ['Running', 'Active', 'Paused'].includes(a.status));
    expect(changeable.length).toBeGreaterThanOrEqual(6);

    // Every platform request would fail now; default reads do not notice.
    await direct.api.fault('server_error', 100);
    expect(await list()).toEqual(first);
    expect(ok(await client.get(first[0]!.id, { childResources: 'Ad,Targeting' })).id).toBe(first[0]!.id);
    expect(await list({ status: 'Paused', childResources: 'Ad,Targeting' })).toEqual(
      first.filter((a) => a.status === 'Paused').map((a) => ({ ...a, ads: expect.any(Array) })),
    );
    expect(await direct.api.pendingFaults()).toBe(100);
    // A live read does call it.
    expectError(await client.list({ dismissDatabase: true }), 502, 'platform_error');
    await direct.api.clearFaults();
  });

  it('a rename at the platform: get shows the cached name until a live read, then the new one', async () => {
    const target = take();
    await direct.api.expect(200, 'PATCH', `/adsets/${target.id}`, { name: 'Renamed at the platform' });
    expect(ok(await client.get(target.id)).name).toBe(target.name);
    expect(find(await list(), target.id)!.name).toBe(target.name);

    expect(ok(await client.get(target.id, { dismissDatabase: true })).name).toBe('Renamed at the platform');
    expect(ok(await client.get(target.id)).name).toBe('Renamed at the platform');
    expect(find(await list(), target.id)!.name).toBe('Renamed at the platform');
    expect(find(await list({ status: target.status }), target.id)!.name).toBe('Renamed at the platform');
  });

  it('a rename at the platform: the list shows the cached name until a live list, then the new one', async () => {
    const target = take();
    await direct.api.expect(200, 'PATCH', `/adsets/${target.id}`, { name: 'Listed anew' });
    expect(find(await list(), target.id)!.name).toBe(target.name);
    expect(ok(await client.get(target.id)).name).toBe(target.name);

    expect(find(await list({ dismissDatabase: true }), target.id)!.name).toBe('Listed anew');
    expect(find(await list(), target.id)!.name).toBe('Listed anew');
    expect(ok(await client.get(target.id)).name).toBe('Listed anew');
  });

  it('a status change at the platform moves the ad set between status filters after a live read', async () => {
    const target = take('Paused');
    await direct.api.expect(200, 'PATCH', `/adsets/${target.id}`, { status: 'ARCHIVED' });
    expect(find(await list({ status: 'Paused' }), target.id)).toBeDefined();
    expect(find(await list({ status: 'Archived' }), target.id)).toBeUndefined();

    expect(find(await list({ dismissDatabase: true, status: 'Archived' }), target.id)!.status).toBe(
      'Archived',
    );
    expect(find(await list({ status: 'Paused' }), target.id)).toBeUndefined();
    expect(find(await list({ status: 'Archived' }), target.id)).toBeDefined();
  });

  it('an ad set created at the platform appears only after a live read', async () => {
    const campaign = (await direct.api.campaigns(direct.accounts[0]!)).find((c) => c.status === 'ACTIVE')!;
    const created = await direct.api.expect(201, 'POST', `/ad_accounts/${direct.accounts[0]}/adsets`, {
      name: 'Made at the platform',
      campaign_id: campaign.id,
      channel: campaign.channel,
      budget: { type: 'DAILY', amount: 4_200 },
    });
    expect(find(await list(), created.id)).toBeUndefined();
    expectError(await client.get(created.id), 404, 'adset_not_found', 'id');

    const fresh = find(await list({ dismissDatabase: true }), created.id)!;
    expect(fresh).toMatchObject({ name: 'Made at the platform', status: 'Paused' });
    expect(find(await list(), created.id)).toEqual(fresh);
    expect(ok(await client.get(created.id)).name).toBe('Made at the platform');
  });

  it('a live get of an ad set created at the platform adds just that one to the cache', async () => {
    const campaign = (await direct.api.campaigns(direct.accounts[1]!)).find((c) => c.status === 'ACTIVE')!;
    const created = await direct.api.expect(201, 'POST', `/ad_accounts/${direct.accounts[1]}/adsets`, {
      name: 'Fetched by id',
      campaign_id: campaign.id,
      channel: campaign.channel,
      budget: { type: 'LIFETIME', amount: 99_900 },
      status: 'ACTIVE',
    });
    expectError(await client.get(created.id), 404, 'adset_not_found', 'id');
    expect(ok(await client.get(created.id, { dismissDatabase: true })).status).toBe('Running');
    expect(ok(await client.get(created.id)).name).toBe('Fetched by id');
    expect(find(await list({ status: 'Running' }), created.id)).toBeDefined();
  });

  it('an ad set deleted at the platform shows as Deleted after a live read', async () => {
    const target = take();
    await direct.api.expect(200, 'DELETE', `/adsets/${target.id}`);
    expect(find(await list(), target.id)!.status).toBe(target.status);
    expect(find(await list({ status: 'Deleted' }), target.id)).toBeUndefined();
    expect(ok(await client.get(target.id)).status).toBe(target.status);

    expect(find(await list({ dismissDatabase: true }), target.id)!.status).toBe('Deleted');
    expect(find(await list(), target.id)!.status).toBe('Deleted');
    expect(find(await list({ status: 'Deleted' }), target.id)).toBeDefined();
    expect(find(await list({ status: target.status }), target.id)).toBeUndefined();
    expect(ok(await client.get(target.id)).status).toBe('Deleted');
  });

  it('one deleted at the platform and read by id live shows as Deleted too', async () => {
    const target = take();
    await direct.api.expect(200, 'DELETE', `/adsets/${target.id}`);
    expect(ok(await client.get(target.id)).status).toBe(target.status);
    expect(ok(await client.get(target.id, { dismissDatabase: true })).status).toBe('Deleted');
    expect(find(await list({ status: 'Deleted' }), target.id)).toBeDefined();
  });

  it('writes go to the platform, then to the cache; an update works for an ad set not cached yet', async () => {
    const target = take();
    const renamed = await client.put(target.id, { name: 'Written through' });
    expect(ok(renamed).name).toBe('Written through');
    expect((await direct.api.expect(200, 'GET', `/adsets/${target.id}`)).name).toBe('Written through');
    expect(find(await list(), target.id)!.name).toBe('Written through');

    const campaign = (await direct.api.campaigns(direct.accounts[0]!)).find((c) => c.status === 'ACTIVE')!;
    const uncached = await direct.api.expect(201, 'POST', `/ad_accounts/${direct.accounts[0]}/adsets`, {
      name: 'Not cached yet',
      campaign_id: campaign.id,
      channel: campaign.channel,
      budget: { type: 'DAILY', amount: 1_000 },
    });
    expect(ok(await client.put(uncached.id, { status: 'Running' })).status).toBe('Running');
    expect(find(await list({ status: 'Running' }), uncached.id)!.name).toBe('Not cached yet');
    const deleted = await client.delete(uncached.id);
    expect(deleted.status).toBe(200);
    expect(find(await list({ status: 'Deleted' }), uncached.id)).toBeDefined();
    expect(find(await list({ status: 'Running' }), uncached.id)).toBeUndefined();
  });

  it('a live read replaces the whole cache with what the platform holds', async () => {
    const live = [
      ...(await direct.api.allAdSets(direct.accounts[0]!)),
      ...(await direct.api.allAdSets(direct.accounts[1]!)),
    ];
    const fresh = await list({ dismissDatabase: true });
    expect(fresh.map((a) => a.id).sort()).toEqual(live.map((a) => a.id).sort());
    for (const a of fresh) expect(a.name).toBe(live.find((l) => l.id === a.id)!.name);
    expect(await list()).toEqual(fresh);
  });
});
