import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokEmulator } from '../../emulators/tiktok/index.js';
import { SEEDED } from '../../emulators/tiktok/seed.js';
import type { NewAdSet } from '../../src/adsets/model.js';
import { toAudience } from '../../src/platforms/tiktok/mapping.js';
import { audiencesWalk } from '../support/audiences-walk.js';
import type { Company } from '../support/connect-helpers.js';
import { adapterAtEmulator, refusal } from '../support/emulator-call.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { tiktokPost, tiktokRecord } from '../support/tiktok-records.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The seeded TRAFFIC campaign of the USD advertiser. */
const TRAFFIC_CAMPAIGN = '1800000000000000001';
const nyc = {
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: [{ country: 'US', zipcode: '10001' }],
};
/** An ad group TikTok creates under that campaign: one daily budget, one zip code. */
const AD_SET = {
  parentId: TRAFFIC_CAMPAIGN,
  channelKind: 'Social',
  settings: [{ kind: 'DailyBudget', budget: 50, currency: 'USD' }],
  targetings: [nyc],
};

/** TikTok's customer-list audiences through adlink's API, against the emulator's Streaming and DMP routes. */
describe('tiktok: audiences', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'tiktok', emulator: tiktokEmulator });
    ({ company, customer } = await world.connect());
  });
  afterAll(() => world?.close());

  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = world.h.http[method](`/v1/tiktok/audiences${path}`)
      .query({ customer })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const sent = async (id: string) => {
    const res = await fetch(new URL(`/_emulator/audiences/${id}`, world.emulator.url));
    return (await res.json()) as { hashes: string[]; removed: string[]; batches: number[] };
  };

  it('walks an audience: create, 2,400 members in batches of at most 1,000, remove 100, rename, delete', async () => {
    await audiencesWalk(
      { batchSize: 1000, received: (_world, id) => sent(id), adSet: AD_SET },
      { world, h: world.h, company, customer, platform: 'tiktok', advertiser: SEEDED.usAdvertiser },
    );
  });

  it('sends emails and phones as separate EMAIL_SHA256 and PHONE_SHA256 mappings; matching, then TooSmall', async () => {
    const created = await send('post', '', { name: 'Few', advertiser: SEEDED.usAdvertiser });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'Matching', size: null, description: null });
    const before = world.emulator.controls.calls.length;
    const res = await send('post', `/${created.body.id}/members`, {
      emails: ['A@Example.com'],
      phones: ['+1 (415) 555-0100'],
    });
    expect(res.status).toBe(200);
    const mappings = world.emulator.controls.calls
      .slice(before)
      .filter((c) => c.path.endsWith('/segment/mapping/'));
    expect(mappings).toHaveLength(2);
    expect((await sent(created.body.id)).hashes).toEqual([sha256('a@example.com'), sha256('+14155550100')]);
    expect((await send('get', `/${created.body.id}`)).body).toMatchObject({ status: 'Matching', size: null });
    expect((await send('get', `/${created.body.id}`)).body).toMatchObject({ status: 'TooSmall', size: 2 });
  });

  it('keeps a name over 70 characters whole (renamed after the Streaming API cut it) and refuses one over 128', async () => {
    const long = 'N'.repeat(100);
    const created = await send('post', '', { name: long, advertiser: SEEDED.usAdvertiser });
    expect(created.body.name).toBe(long);
    const tooLong = await send('post', '', { name: 'N'.repeat(129), advertiser: SEEDED.usAdvertiser });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ param: 'name' });
  });

  it('refuses a description change: TikTok audiences have none', async () => {
    const created = await send('post', '', { name: 'Described', advertiser: SEEDED.usAdvertiser });
    const res = await send('put', `/${created.body.id}`, { description: 'Shop' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'description' });
  });

  it('answers 404 for an audience deleted in TikTok itself (TikTok refuses its id in every advertiser)', async () => {
    const created = await send('post', '', { name: 'Gone', advertiser: SEEDED.usAdvertiser });
    const deleted = await tiktokPost(world.emulator, '/segment/audience/', {
      advertiser_id: SEEDED.usAdvertiser,
      action: 'delete',
      delete_audience_id: created.body.id,
    });
    expect(deleted.code).toBe(0);
    const res = await send('get', `/${created.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'audience_not_found' });
  });

  const adSets = (method: 'get' | 'post' | 'put', path: string, body?: object, query = {}) => {
    const req = world.h.http[method](`/v1/tiktok/adsets${path}`)
      .query({ customer, ...query })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const audience = async (name: string, advertiser: string = SEEDED.usAdvertiser) => {
    const res = await send('post', '', { name, advertiser });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const targeted = async (name: string, include: string[], exclude: string[]) => {
    const res = await adSets('post', '', {
      ...AD_SET,
      name,
      advertiser: SEEDED.usAdvertiser,
      targetings: [nyc, { kind: 'AudienceTargeting', include, exclude }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };

  it('keeps the zip codes when the audiences change: the update sends only audience_ids and excluded_audience_ids', async () => {
    const [regulars, lapsed] = [await audience('Regulars'), await audience('Lapsed')];
    const id = await targeted('Audience swap', [regulars], []);
    const before = await tiktokRecord(world.emulator, 'adgroup', SEEDED.usAdvertiser, id);
    expect(before).toMatchObject({ audience_ids: [regulars], excluded_audience_ids: [] });

    const res = await adSets('put', `/${id}`, {
      targetings: [{ kind: 'AudienceTargeting', include: [], exclude: [lapsed] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = world.emulator.controls.callsTo('/adgroup/update/', 'POST').at(-1)!.body;
    expect(update).toEqual({
      advertiser_id: SEEDED.usAdvertiser,
      adgroup_id: id,
      audience_ids: [],
      excluded_audience_ids: [lapsed],
    });
    const after = await tiktokRecord(world.emulator, 'adgroup', SEEDED.usAdvertiser, id);
    expect(after).toMatchObject({ audience_ids: [], excluded_audience_ids: [lapsed] });
    expect(after.zipcode_ids).toEqual(before.zipcode_ids);
    const live = await adSets('get', `/${id}`, undefined, {
      childResources: 'Targeting',
      dismissDatabase: true,
    });
    expect(live.body.targetings).toEqual([
      nyc,
      { kind: 'AudienceTargeting', include: [], exclude: [lapsed] },
    ]);
  });

  it('refuses an audience of another of the customer’s ad accounts by name, before TikTok is called', async () => {
    const japanese = await audience('Tokyo regulars', SEEDED.jpAdvertiser);
    const creates = world.emulator.controls.callsTo('/adgroup/create/', 'POST').length;
    const res = await adSets('post', '', {
      ...AD_SET,
      name: 'Wrong account',
      advertiser: SEEDED.usAdvertiser,
      targetings: [nyc, { kind: 'AudienceTargeting', include: [japanese], exclude: [] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'targetings[1].include[0]' });
    expect(world.emulator.controls.callsTo('/adgroup/create/', 'POST')).toHaveLength(creates);
  });

  it('the emulator refuses what TikTok does: another advertiser’s audience, malformed ids, a list that is no list, one id both ways', async () => {
    const [ours, theirs] = [await audience('Ours'), await audience('Theirs', SEEDED.jpAdvertiser)];
    const id = await targeted('Refusals', [ours], []);
    const update = (fields: object) =>
      tiktokPost(world.emulator, '/adgroup/update/', {
        advertiser_id: SEEDED.usAdvertiser,
        adgroup_id: id,
        ...fields,
      });
    const refusals: [object, RegExp][] = [
      [{ audience_ids: [theirs] }, /^audience_ids: Audience \d+ does not exist in advertiser/],
      [{ excluded_audience_ids: ['no-audience'] }, /^excluded_audience_ids\.0: Must be a numeric id string/],
      [{ audience_ids: ours }, /^audience_ids: /],
      [{ excluded_audience_ids: [ours] }, /^excluded_audience_ids: Audience \d+ cannot be both/],
      [{ audience_ids: Array.from({ length: 101 }, () => ours) }, /^audience_ids: At most 100/],
    ];
    for (const [fields, message] of refusals) {
      const answer = await update(fields);
      expect(answer.code, JSON.stringify(fields)).toBe(40002);
      expect(answer.message).toMatch(message);
    }
    const held = await tiktokRecord(world.emulator, 'adgroup', SEEDED.usAdvertiser, id);
    expect(held).toMatchObject({ audience_ids: [ours], excluded_audience_ids: [] });
  });

  it('names the unified field when TikTok itself refuses an audience (the adapter, past adlink’s own check)', async () => {
    const theirs = await audience('Osaka regulars', SEEDED.jpAdvertiser);
    const account = { id: SEEDED.usAdvertiser, name: 'Acme Bakery US', currency: 'USD' };
    const { adapter, call } = adapterAtEmulator('tiktok', world.emulator, [account]);
    const input = {
      ...AD_SET,
      name: 'Refused by TikTok',
      advertiser: account.id,
      status: 'Paused',
      targetings: [nyc, { kind: 'AudienceTargeting', include: [], exclude: [theirs] }],
    } as NewAdSet;
    expect(await refusal(adapter.adSets.create(call, input, account))).toMatchObject({
      kind: 'invalid',
      code: '40002',
      param: 'targetings[1].exclude',
    });
  });

  it('maps is_valid, cover_num and the expiry to the status', () => {
    const a = {
      audience_id: '1',
      name: 'x',
      create_time: '2026-01-05 09:00:00',
      expired_time: '2027-01-05 09:00:00',
    };
    const now = new Date('2026-06-01T00:00:00Z');
    expect(toAudience({ ...a, is_valid: false, cover_num: 0 }, 'adv', now)).toMatchObject({
      status: 'Matching',
      size: null,
      updatedAt: '2026-01-05T09:00:00Z',
    });
    expect(toAudience({ ...a, is_valid: true, cover_num: 999 }, 'adv', now)).toMatchObject({
      status: 'TooSmall',
      size: 999,
    });
    expect(toAudience({ ...a, is_valid: true, cover_num: 1000 }, 'adv', now)).toMatchObject({
      status: 'Ready',
      size: 1000,
    });
    expect(
      toAudience({ ...a, is_valid: false, cover_num: 0 }, 'adv', new Date('2027-02-01T00:00:00Z')),
    ).toMatchObject({ status: 'Error', size: null });
  });
});
