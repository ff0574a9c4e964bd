import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinterestEmulator } from '../../emulators/pinterest/index.js';
import { SEED } from '../../emulators/pinterest/seed.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { PlatformError } from '../../src/ports/platform-error.js';
import { audienceTargetingStep, expectedHashes, walkMembers } from '../support/audiences-walk.js';
import type { Company } from '../support/connect-helpers.js';
import { refusal } from '../support/emulator-call.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { adapterAgainstEmulator, storedAt } from './pinterest-access.js';

/**
 * Pinterest customer-list audiences through adlink's API, against the emulator. The shared
 * `audiencesWalk` sends phone numbers, which Pinterest's customer lists do not take, so this walk is
 * its steps with emails only, plus Pinterest's matching (Matching, then Ready or TooSmall at 100) and
 * the refusal of phones.
 */
let world: PlatformWorld;
let company: Company;
let customer: string;
const advertiser = SEED.usdAccount;

beforeAll(async () => {
  world = await startPlatformWorld({ platform: 'pinterest', emulator: pinterestEmulator });
  ({ company, customer } = await world.connect());
});
afterAll(() => world?.close());

const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
  const req = world.h.http[method](`/v1/pinterest/audiences${path}`)
    .query({ customer })
    .set('Authorization', company.auth);
  return body === undefined ? req : req.send(body);
};
const ok = <T>(res: { status: number; body: unknown }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};
/** What the audience's customer list received at the emulator. */
const received = async (audience: string) =>
  (await (await fetch(`${world.emulator.url}/_emulator/audiences/${audience}/records`)).json()) as {
    added: string[];
    removed: string[];
    batches: number[];
  };
const match = () => fetch(`${world.emulator.url}/_emulator/match`, { method: 'POST' });

interface AudienceBody {
  id: string;
  name: string;
  description: string | null;
  status: string;
  size: number | null;
}

describe('pinterest: customer-list audiences end to end against the emulator', () => {
  it('create, add emails (SHA-256 of the normalized values), match, remove, rename, list, delete', async () => {
    const created = ok<AudienceBody>(
      await send('post', '', { name: 'Existing customers', advertiser, description: 'From the shop' }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Existing customers',
      description: 'From the shop',
      platform: 'pinterest',
      advertiser,
      kind: 'CustomerList',
      status: 'Matching',
      size: null,
    });

    const { emails } = walkMembers(2000, 'pinterest');
    const outcome = ok<{ received: number; accepted: number; invalid: unknown[] }>(
      await send('post', `/${created.id}/members`, { emails: [...emails, 'not an email', 'x@'] }),
    );
    expect(outcome).toEqual({
      received: 2002,
      accepted: 2000,
      invalid: [
        { index: 2000, field: 'emails', reason: expect.any(String) },
        { index: 2001, field: 'emails', reason: expect.any(String) },
      ],
    });
    const expected = expectedHashes({ emails, phones: [] }).emails;
    const held = await received(created.id);
    expect(new Set(held.added)).toEqual(new Set(expected));
    expect(held.added).toHaveLength(2000);
    // The empty list of the create, then one call of 2,000 hashes.
    expect(held.batches).toEqual([0, 2000]);

    expect(ok<AudienceBody>(await send('get', `/${created.id}`))).toMatchObject({
      status: 'Matching',
      size: null,
    });
    await match();
    expect(ok<AudienceBody>(await send('get', `/${created.id}`))).toMatchObject({
      status: 'Ready',
      size: 2000,
    });

    const removed = ok<{ accepted: number }>(
      await send('delete', `/${created.id}/members`, { sha256: { emails: expected.slice(0, 100) } }),
    );
    expect(removed.accepted).toBe(100);
    expect(new Set((await received(created.id)).removed)).toEqual(new Set(expected.slice(0, 100)));
    await match();
    expect(ok<AudienceBody>(await send('get', `/${created.id}`))).toMatchObject({ size: 1900 });

    const renamed = ok<AudienceBody>(
      await send('put', `/${created.id}`, { name: 'Past customers', description: 'Bought before' }),
    );
    expect(renamed).toMatchObject({ name: 'Past customers', description: 'Bought before' });
    const listed = ok<{ data: { id: string }[] }>(
      await world.h.http
        .get('/v1/pinterest/audiences')
        .query({ customer, advertiser })
        .set('Authorization', company.auth),
    );
    expect(listed.data.map((a) => a.id)).toContain(created.id);
    ok(await send('delete', `/${created.id}`));
    expect((await send('get', `/${created.id}`)).status).toBe(404);
  });

  it('an audience under 100 matched people is TooSmall', async () => {
    const created = ok<AudienceBody>(await send('post', '', { name: 'Few', advertiser }), 201);
    ok(await send('post', `/${created.id}/members`, { emails: walkMembers(50, 'few').emails }));
    await match();
    expect(ok<AudienceBody>(await send('get', `/${created.id}`))).toMatchObject({
      status: 'TooSmall',
      size: 50,
    });
  });

  it("sends 10,000 members in the adapter's batches of 5,000", async () => {
    const created = ok<AudienceBody>(await send('post', '', { name: 'Many', advertiser }), 201);
    const { emails } = expectedHashes({ emails: walkMembers(10_000, 'many').emails, phones: [] });
    const outcome = ok<{ accepted: number }>(
      await send('post', `/${created.id}/members`, { sha256: { emails } }),
    );
    expect(outcome.accepted).toBe(10_000);
    const held = await received(created.id);
    expect(held.batches).toEqual([0, 5000, 5000]);
    expect(held.added).toEqual(emails);
  });

  it('lists phone numbers as invalid entries (Pinterest lists take none) and sends only the emails', async () => {
    const created = ok<AudienceBody>(await send('post', '', { name: 'Phones', advertiser }), 201);
    const res = await send('post', `/${created.id}/members`, {
      emails: ['someone@example.com'],
      phones: ['+49 30 1234567'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 2, accepted: 1, invalid: [{ index: 0, field: 'phones' }] });
    expect((await received(created.id)).batches).toEqual([0, 1]);
  });
});

const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting' as const,
  type: 'ZipcodeGeoTargeting' as const,
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const keywords = { kind: 'KeywordTargeting', keywords: ['home decor ideas'] };
const audiences = (include: string[], exclude: string[]) => ({
  kind: 'AudienceTargeting' as const,
  include,
  exclude,
});
/** An ad group under the seeded AWARENESS campaign, as pinterest.test.ts's suite creates them. */
const adSet = {
  parentId: SEED.awareness,
  channelKind: 'Social',
  settings: [
    { kind: 'DailyBudget', budget: 25, currency: 'USD' },
    { kind: 'Objective', objective: 'AWARENESS' },
  ],
  targetings: [zips('94107'), keywords],
};
const adSets = (method: 'get' | 'post' | 'put', path: string, body?: object, query = {}) => {
  const req = world.h.http[method](`/v1/pinterest/adsets${path}`)
    .query({ customer, ...query })
    .set('Authorization', company.auth);
  return body === undefined ? req : req.send(body);
};
/** The ad group's targeting spec as the emulator stores it. */
const storedSpec = async (id: string) =>
  (await storedAt(world.emulator, `/ad_accounts/${advertiser}/ad_groups/${id}`)).targeting_spec;

describe('pinterest: AudienceTargeting as AUDIENCE_INCLUDE and AUDIENCE_EXCLUDE of the targeting spec', () => {
  it('the audiences walk: include and exclude, read back live, swapped, refused, removed', async () => {
    const included = ok<AudienceBody>(await send('post', '', { name: 'Walk customers', advertiser }), 201);
    await audienceTargetingStep(
      adSet,
      { world, h: world.h, company, customer, platform: 'pinterest', advertiser },
      included.id,
    );
  });

  it('an audience change keeps GEO and the keywords; removing them leaves the audience keys out', async () => {
    const a = ok<AudienceBody>(await send('post', '', { name: 'Keeps A', advertiser }), 201).id;
    const b = ok<AudienceBody>(await send('post', '', { name: 'Keeps B', advertiser }), 201).id;
    const created = ok<{ id: string }>(
      await adSets('post', '', {
        ...adSet,
        name: 'Keeps targeting',
        advertiser,
        targetings: [zips('94107', '10001'), keywords, audiences([a], [])],
      }),
      201,
    );
    expect(await storedSpec(created.id)).toEqual({ GEO: ['US-94107', 'US-10001'], AUDIENCE_INCLUDE: [a] });

    ok(await adSets('put', `/${created.id}`, { targetings: [audiences([b], [a])] }));
    expect(await storedSpec(created.id)).toEqual({
      GEO: ['US-94107', 'US-10001'],
      AUDIENCE_INCLUDE: [b],
      AUDIENCE_EXCLUDE: [a],
    });
    const live = ok<{ targetings: object[] }>(
      await adSets('get', `/${created.id}`, undefined, {
        childResources: 'Targeting',
        dismissDatabase: true,
      }),
    );
    expect(live.targetings).toEqual(
      expect.arrayContaining([
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: expect.arrayContaining([
            { country: 'US', zipcode: '94107' },
            { country: 'US', zipcode: '10001' },
          ]),
        },
        keywords,
        audiences([b], [a]),
      ]),
    );
    expect(live.targetings).toHaveLength(3);

    // Both changed in one update: the zip codes and the audiences, each from the other's result.
    ok(await adSets('put', `/${created.id}`, { targetings: [audiences([], []), zips('60601')] }));
    expect(await storedSpec(created.id)).toEqual({ GEO: ['US-60601'] });
  });

  it("names the AudienceTargeting's list when Pinterest refuses an audience (one gone since adlink checked)", async () => {
    const account = { id: advertiser, name: 'Acme', currency: 'USD' };
    const { emulator, adapter, call } = await adapterAgainstEmulator(account);
    try {
      const gone = '9999999999999';
      const input: NewAdSet = {
        name: 'refused audience',
        advertiser,
        parentId: SEED.awareness,
        channelKind: 'Social',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
        targetings: [zips('94107'), audiences([gone], [])],
      };
      const created = await refusal(adapter.adSets.create(call, input, account));
      expect(created).toBeInstanceOf(PlatformError);
      expect(created).toMatchObject({ kind: 'invalid', param: 'targetings[1].include' });

      const adSet = await adapter.adSets.create(call, { ...input, targetings: [zips('94107')] }, account);
      const updated = await refusal(
        adapter.adSets.update(call, adSet.id, { targetings: [zips('10001'), audiences([], [gone])] }),
      );
      expect(updated).toMatchObject({ kind: 'invalid', param: 'targetings[1].exclude' });
    } finally {
      await emulator.close();
    }
  });
});
