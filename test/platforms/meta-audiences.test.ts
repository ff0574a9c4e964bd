import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../emulators/meta/index.js';
import { CAMPAIGNS } from '../../emulators/meta/seed.js';
import type { AdSetClient } from '../support/adsets-client.js';
import { audiencesWalk, expectedHashes, walkMembers } from '../support/audiences-walk.js';
import type { Company } from '../support/connect-helpers.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';

const USD = 'act_1000000001';
const zips = (...codes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: codes.map((zipcode) => ({ country: 'US', zipcode })),
});
const audiences = (include: string[], exclude: string[]) => ({ kind: 'AudienceTargeting', include, exclude });

/** What the emulator holds of a custom audience (its test control). */
async function held(world: PlatformWorld, audience: string) {
  const res = await fetch(`${world.emulator.url}/_emulator/custom-audiences/${audience}`);
  return (await res.json()) as { added: string[]; removed: string[]; batches: number[] };
}

const control = (world: PlatformWorld, path: string, body: object) =>
  fetch(`${world.emulator.url}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('meta: customer-file custom audiences', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;
  let api: AdSetClient;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'meta', emulator: metaEmulator });
    const connected = await world.connect();
    ({ customer, api } = connected);
    company = connected.api.company;
  });
  afterAll(() => world?.close());

  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = world.h.http[method](`/v1/meta/audiences${path}`)
      .query({ customer })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };

  it('walks the audience: create, 2,400 members in one call of at most 10,000, remove, target an ad set, read, rename, delete', async () => {
    await audiencesWalk(
      {
        batchSize: 10_000,
        phones: 'digits',
        adSet: {
          parentId: CAMPAIGNS.usdTraffic,
          channelKind: 'Social',
          settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
          targetings: [zips('94304')],
        },
        async received(w, audience) {
          const { added, removed, batches } = await held(w, audience);
          return { hashes: added, removed, batches };
        },
      },
      { world, h: world.h, company, customer, platform: 'meta', advertiser: USD },
    );
  });

  it("changes an ad set's audiences in Meta's whole targeting, keeping its locations and ages as they are", async () => {
    const create = async (name: string) =>
      (await send('post', '', { name, advertiser: USD })).body.id as string;
    const [buyers, churned] = [await create('Buyers'), await create('Churned')];
    const sent = (id: string) =>
      JSON.parse(
        (world.emulator.controls.callsTo(`/${id}`, 'POST').at(-1)!.body as { targeting: string }).targeting,
      );
    const live = async (id: string) => {
      const res = await api.get(id, { dismissDatabase: true, childResources: 'Targeting' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.targetings;
    };
    const put = async (id: string, targetings: object[]) => {
      const res = await api.put(id, { targetings });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    // Countries and ages adlink has no kind for stay as Meta holds them.
    const bayArea = (await api.all()).items.find((a) => a.name === 'Bay Area reach')!.id;
    const seeded = { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 };
    await put(bayArea, [audiences([buyers], [churned])]);
    expect(sent(bayArea)).toEqual({
      ...seeded,
      custom_audiences: [{ id: buyers }],
      excluded_custom_audiences: [{ id: churned }],
    });
    expect(await live(bayArea)).toEqual([audiences([buyers], [churned])]);
    await put(bayArea, [audiences([], [])]);
    expect(sent(bayArea)).toEqual(seeded);
    expect(await live(bayArea)).toEqual([]);

    // A zip code change keeps the audiences; an audience change keeps the zip codes.
    const created = await api.create({
      name: 'Audiences and zip codes',
      advertiser: USD,
      campaignId: CAMPAIGNS.usdTraffic,
      channelKind: 'Social',
      settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
      targetings: [zips('94304'), audiences([buyers], [churned])],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body;
    await put(id, [zips('94301')]);
    expect(sent(id)).toMatchObject({
      geo_locations: { zips: [{ key: 'US:94301' }] },
      custom_audiences: [{ id: buyers }],
      excluded_custom_audiences: [{ id: churned }],
    });
    expect(await live(id)).toEqual([zips('94301'), audiences([buyers], [churned])]);
    await put(id, [audiences([], [buyers])]);
    expect(sent(id)).toEqual({
      geo_locations: { zips: [{ key: 'US:94301' }] },
      excluded_custom_audiences: [{ id: buyers }],
    });
    expect(await live(id)).toEqual([zips('94301'), audiences([], [buyers])]);
  });

  it('reads Matching while Meta matches, then Ready from 100 people or TooSmall below, with its size', async () => {
    const create = async (name: string) =>
      (await send('post', '', { name, advertiser: USD })).body.id as string;
    const big = await create('Big list');
    const small = await create('Small list');
    expect((await send('post', `/${big}/members`, walkMembers(150, 'big'))).body).toMatchObject({
      accepted: 180,
    });
    expect(
      (await send('post', `/${small}/members`, { emails: walkMembers(10, 'small').emails })).status,
    ).toBe(200);
    expect((await send('get', `/${big}`)).body).toMatchObject({ status: 'Matching', size: null });
    for (const audience of [big, small]) await control(world, 'custom-audience-match', { audience });
    expect((await send('get', `/${big}`)).body).toMatchObject({ status: 'Ready', size: 180 });
    expect((await send('get', `/${small}`)).body).toMatchObject({ status: 'TooSmall', size: 10 });
    const { added } = await held(world, big);
    const expected = expectedHashes(walkMembers(150, 'big'), 'digits');
    expect(added).toEqual([...expected.emails, ...expected.phones]);
  });

  it("answers 404 for an id that is no audience of the customer's accounts: unknown, a campaign's, malformed", async () => {
    for (const id of ['23850999999999999', CAMPAIGNS.usdTraffic, 'act_1000000001']) {
      const res = await send('get', `/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'audience_not_found', param: 'id' });
    }
  });

  it("reports Meta's terms refusal with the page where the customer accepts them, and creates once accepted", async () => {
    await control(world, 'custom-audience-tos', { account: '1000000001', accepted: false });
    const refused = await send('post', '', { name: 'Before the terms', advertiser: USD });
    await control(world, 'custom-audience-tos', { account: '1000000001', accepted: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'platform_terms_required', param: 'advertiser' });
    expect(refused.body.error.message).toContain(
      'https://www.facebook.com/customaudiences/app/tos/?act=1000000001',
    );
    expect((await send('post', '', { name: 'After the terms', advertiser: USD })).status).toBe(201);
  });
});
