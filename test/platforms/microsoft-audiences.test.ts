import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftEmulator } from '../../emulators/microsoft/index.js';
import { SEED } from '../../emulators/microsoft/seed.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import { audienceTargetingStep, expectedHashes, walkMembers } from '../support/audiences-walk.js';
import { apiError, type Company } from '../support/connect-helpers.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { adapterOn, storedAdGroup } from './microsoft-emulator.js';

/**
 * Customer lists on Microsoft through adlink's API against the emulator. Microsoft matches emails
 * only (Phone is "Not currently supported"), so the suite's walk, which uploads phones too, is run
 * here with emails: the hashes the emulator received are checked against SHA-256 of each normalized
 * email, and each upload call against ApplyCustomerListUserData's 1,000 items. Its targeting step
 * runs on its own: ad groups of a Search campaign include and exclude the lists.
 */

const env = { MICROSOFT_DEVELOPER_TOKEN: 'msads-dev-token-for-tests' };
type Json = Record<string, unknown>;

describe('microsoft customer lists through the API', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;
  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = world.h.http[method](`/v1/microsoft/audiences${path}`)
      .query({ customer })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const control = async (path: string, body?: object) => {
    const res = await fetch(`${world.emulator.url}/_emulator/${path}`, {
      method: body ? 'POST' : 'GET',
      ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Json;
  };
  const received = (id: string) =>
    control(`customer-lists/${id}`) as Promise<{ hashes: string[]; removed: string[]; batches: number[] }>;
  const create = async (name: string, description?: string) => {
    const res = await send('post', '', { name, advertiser: SEED.usAccount, description });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string } & Json;
  };

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'microsoft', emulator: microsoftEmulator, env });
    ({ company, customer } = await world.connect());
  });
  afterAll(() => world?.close());

  it('creates a list, adds 2,000 emails as SHA-256 of each normalized value in calls of at most 1,000, removes some, is matched, renamed, listed and deleted', async () => {
    const created = await create('Existing customers', 'From the shop');
    expect(created).toMatchObject({
      name: 'Existing customers',
      description: 'From the shop',
      platform: 'microsoft',
      advertiser: SEED.usAccount,
      kind: 'CustomerList',
      size: null,
      status: 'Matching',
    });

    const { emails } = walkMembers(2000, 'microsoft');
    const added = await send('post', `/${created.id}/members`, { emails: [...emails, 'not an email', 'x@'] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({
      received: 2002,
      accepted: 2000,
      invalid: [
        { index: 2000, field: 'emails', reason: expect.any(String) },
        { index: 2001, field: 'emails', reason: expect.any(String) },
      ],
    });
    const expected = expectedHashes({ emails, phones: [] }).emails;
    const held = await received(created.id);
    expect(new Set(held.hashes)).toEqual(new Set(expected));
    expect(held.batches).toEqual([1000, 1000]);

    const removed = await send('delete', `/${created.id}/members`, {
      sha256: { emails: expected.slice(0, 100) },
    });
    expect(removed.body).toMatchObject({ received: 100, accepted: 100 });
    expect((await received(created.id)).removed).toEqual(expected.slice(0, 100));

    expect((await send('get', `/${created.id}`)).body).toMatchObject({ status: 'Matching', size: null });
    await control('customer-list-match', { audienceId: created.id });
    expect((await send('get', `/${created.id}`)).body).toMatchObject({ status: 'Ready', size: 1900 });

    const renamed = await send('put', `/${created.id}`, { name: 'Past customers' });
    expect(renamed.body).toMatchObject({ name: 'Past customers', description: 'From the shop' });
    const listed = await world.h.http
      .get('/v1/microsoft/audiences')
      .query({ customer, advertiser: SEED.usAccount })
      .set('Authorization', company.auth);
    expect((listed.body as { data: Json[] }).data).toContainEqual(
      expect.objectContaining({ id: created.id, name: 'Past customers' }),
    );
    expect((await send('delete', `/${created.id}`)).status).toBe(200);
    expect((await send('get', `/${created.id}`)).status).toBe(404);
  });

  const adSet = {
    parentId: SEED.searchCampaign,
    channelKind: 'Search',
    settings: [{ kind: 'Objective', objective: 'Search' }],
    targetings: [{ kind: 'KeywordTargeting', keywords: ['city bike'] }],
  };
  const adSets = (method: 'get' | 'post' | 'put', path: string, body?: object) => {
    const live = method === 'get' ? { childResources: 'Targeting', dismissDatabase: true } : {};
    const req = world.h.http[method](`/v1/microsoft/adsets${path}`)
      .query({ customer, ...live })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };

  it('targets an ad group with included and excluded lists, read back from Microsoft; swaps and removes them', async () => {
    const { id } = await create('Walk customers');
    await audienceTargetingStep(
      adSet,
      { world, h: world.h, company, customer, platform: 'microsoft', advertiser: SEED.usAccount },
      id,
    );
  });

  it('an audience change keeps the ad group’s keywords, and a keyword change keeps its lists', async () => {
    const { id: included } = await create('Keep keywords');
    const { id: excluded } = await create('Keep keywords, excluded');
    const audiences = { kind: 'AudienceTargeting', include: [included], exclude: [excluded] };
    const created = await adSets('post', '', {
      ...adSet,
      name: 'Keeps its keywords',
      advertiser: SEED.usAccount,
      targetings: [{ kind: 'KeywordTargeting', keywords: ['city bike', 'bike repair'] }, audiences],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const live = async () => (await adSets('get', `/${created.body.id}`)).body.targetings;
    const keywords = { kind: 'KeywordTargeting', keywords: ['city bike', 'bike repair'] };
    expect(await live()).toEqual([keywords, audiences]);
    // Microsoft's audiences only adjust bids unless the ad group targets and bids on them.
    const targetAndBid = async () =>
      ((await storedAdGroup(world.emulator, SEED.searchCampaign, created.body.id))?.Settings as Json[])?.[0];
    expect(await targetAndBid()).toEqual({
      Type: 'TargetSetting',
      Details: [{ CriterionTypeGroup: 'Audience', TargetAndBid: true }],
    });

    const swapped = { kind: 'AudienceTargeting', include: [excluded], exclude: [included] };
    expect((await adSets('put', `/${created.body.id}`, { targetings: [swapped] })).status).toBe(200);
    expect(await live()).toEqual([keywords, swapped]);

    const removed = { kind: 'AudienceTargeting', include: [], exclude: [] };
    expect((await adSets('put', `/${created.body.id}`, { targetings: [removed] })).status).toBe(200);
    expect(await live()).toEqual([keywords]);
    expect(await targetAndBid()).toMatchObject({
      Details: [{ CriterionTypeGroup: 'Audience', TargetAndBid: false }],
    });
    expect((await adSets('put', `/${created.body.id}`, { targetings: [swapped] })).status).toBe(200);
    expect(await targetAndBid()).toMatchObject({
      Details: [{ CriterionTypeGroup: 'Audience', TargetAndBid: true }],
    });

    const changed = await adSets('put', `/${created.body.id}`, {
      targetings: [{ kind: 'KeywordTargeting', keywords: ['gravel bike'] }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await live()).toEqual([{ kind: 'KeywordTargeting', keywords: ['gravel bike'] }, swapped]);
  });

  it('a list of another account is refused by name, and no ad group is made', async () => {
    const other = await send('post', '', { name: 'Other shop', advertiser: SEED.euAccount });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const refused = await adSets('post', '', {
      ...adSet,
      name: 'Foreign list',
      advertiser: SEED.usAccount,
      targetings: [{ kind: 'AudienceTargeting', include: [], exclude: [other.body.id] }],
    });
    expect(refused.status).toBe(400);
    expect(apiError(refused)).toMatchObject({ code: 'invalid_request', param: 'targetings[0].exclude[0]' });
    const listed = await world.h.http
      .get('/v1/microsoft/adsets')
      .query({ customer, dismissDatabase: true, limit: 500 })
      .set('Authorization', company.auth);
    expect((listed.body as { data: Json[] }).data.map((a) => a.name)).not.toContain('Foreign list');
  });

  it('the adapter names a list Microsoft refuses (4835) by its parameter and leaves no new ad group', async () => {
    const { adapter, call } = adapterOn(world.emulator);
    const account = { id: SEED.usAccount, name: 'Trail Bikes US', currency: 'USD' };
    const { id } = await create('Known list');
    const before = (await adapter.adSets.list(call, account)).length;
    const err = await adapter.adSets
      .create(
        call,
        {
          ...adSet,
          channelKind: 'Search',
          name: 'Unknown list',
          advertiser: SEED.usAccount,
          status: 'Paused',
          settings: [],
          targetings: [{ kind: 'AudienceTargeting', include: [id], exclude: ['999'] }],
        },
        account,
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ param: 'targetings[0].exclude[0]' });
    expect((err as Error).message).toContain('audience ID is invalid');
    expect((await adapter.adSets.list(call, account)).length).toBe(before);
  });

  it('a list matched with fewer than 300 people is TooSmall', async () => {
    const { id } = await create('Few buyers');
    await send('post', `/${id}/members`, { emails: walkMembers(10, 'few').emails });
    await control('customer-list-match', { audienceId: id });
    expect((await send('get', `/${id}`)).body).toMatchObject({ status: 'TooSmall', size: 10 });
  });

  it('lists phones as invalid entries (Microsoft matches emails only) and sends only the emails', async () => {
    const { id } = await create('With phones');
    const res = await send('post', `/${id}/members`, {
      emails: ['rider@bikes.example'],
      phones: ['+49 30 1234567'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 2, accepted: 1, invalid: [{ index: 0, field: 'phones' }] });
    expect((await received(id)).hashes).toEqual(
      expectedHashes({ emails: ['rider@bikes.example'], phones: [] }).emails,
    );
  });

  it('tells the vendor where the customer accepts the Customer Match terms when Microsoft answers 8003', async () => {
    const { id } = await create('Terms pending');
    await control('customer-match-terms', { accountId: SEED.usAccount, accepted: false });
    try {
      const res = await send('post', `/${id}/members`, { emails: ['rider@bikes.example'] });
      expect(res.status).toBe(409);
      expect(apiError(res)).toMatchObject({ code: 'platform_terms_required', param: 'advertiser' });
      expect(apiError(res).message).toContain('help.ads.microsoft.com');
      expect(apiError(res).message).not.toContain('rider@bikes.example');
      expect((await received(id)).hashes).toEqual([]);
    } finally {
      await control('customer-match-terms', { accountId: SEED.usAccount, accepted: true });
    }
  });

  it('a name Microsoft refuses is a 400 naming it; an id not in the connected accounts is 404', async () => {
    await create('Loyal riders');
    const duplicate = await send('post', '', { name: 'Loyal riders', advertiser: SEED.usAccount });
    expect(duplicate.status).toBe(400);
    expect(apiError(duplicate)).toMatchObject({ code: 'platform_validation_failed', param: 'name' });
    const long = await send('post', '', { name: 'n'.repeat(129), advertiser: SEED.usAccount });
    expect(apiError(long)).toMatchObject({ code: 'platform_validation_failed', param: 'name' });
    for (const id of ['999999', 'not-an-id']) {
      const res = await send('get', `/${id}`);
      expect(res.status).toBe(404);
      expect(apiError(res).code).toBe('audience_not_found');
    }
  });
});
