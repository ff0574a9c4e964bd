import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { audienceStatus } from '../../src/platforms/snapchat/audiences.js';
import type { SnapSegment } from '../../src/platforms/snapchat/model.js';
import { audiencesWalk } from '../support/audiences-walk.js';
import type { Company } from '../support/connect-helpers.js';
import { emulatorToken } from '../support/emulator-call.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';
import { snapRecord } from '../support/snapchat-records.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const zips = (...zipcodes: string[]) => ({
  kind: 'GeoTargeting',
  type: 'ZipcodeGeoTargeting',
  zipcodes: zipcodes.map((zipcode) => ({ country: 'US', zipcode })),
});
/** A squad under the seeded awareness campaign (Snap needs a geo on every squad). */
const squad = {
  parentId: SEEDED.usdAwareness,
  channelKind: 'Social',
  settings: [{ kind: 'DailyBudget', budget: 25, currency: 'USD' }],
  targetings: [zips('94304')],
};

/**
 * Snapchat customer lists through adlink's HTTP API against the emulator: the shared audiences walk,
 * the upload bodies Snap takes (one identifier type a call), and Snap's upload and targetable status
 * read as Matching, TooSmall and Ready.
 */
describe('snapchat audiences', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;

  const at = (path: string) => `/v1/snapchat/audiences${path}`;
  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = world.h.http[method](at(path)).query({ customer }).set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const control = async (path: string, method = 'GET') =>
    (await fetch(`${world.emulator.url}/_emulator/segments/${path}`, { method })).json() as Promise<{
      hashes: string[];
      removed: string[];
      batches: number[];
    }>;
  const newAudience = async (name: string) => {
    const res = await send('post', '', { name, advertiser: SEEDED.usdAccount });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; status: string; size: number | null };
  };

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'snapchat', emulator: snapchatEmulator });
    ({ company, customer } = await world.connect());
  });
  afterAll(() => world?.close());

  it('passes the audiences walk, an ad squad targeted', async () => {
    await audiencesWalk(
      {
        batchSize: 100_000,
        phones: 'digits',
        received: (_world, audience) => control(`${audience}/users`),
        adSet: squad,
      },
      { world, h: world.h, company, customer, platform: 'snapchat', advertiser: SEEDED.usdAccount },
    );
  });

  it('uploads each identifier type in its own call, as Snap takes them; a removal names the segment', async () => {
    const audience = await newAudience('Two kinds');
    const before = world.emulator.controls.calls.length;
    const added = await send('post', `/${audience.id}/members`, {
      emails: ['Ada@Example.com'],
      phones: ['+49 30 1234567'],
    });
    expect(added.body).toEqual({ received: 2, accepted: 2, invalid: [] });
    await send('delete', `/${audience.id}/members`, { sha256: { emails: [sha256('ada@example.com')] } });
    const uploads = world.emulator.controls.calls.slice(before).filter((c) => c.path.endsWith('/users'));
    expect(uploads.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        `/v1/segments/${audience.id}/users`,
        { users: [{ schema: ['EMAIL_SHA256'], data: [[sha256('ada@example.com')]] }] },
      ],
      [
        'POST',
        `/v1/segments/${audience.id}/users`,
        { users: [{ schema: ['PHONE_SHA256'], data: [[sha256('49301234567')]] }] },
      ],
      [
        'DELETE',
        `/v1/segments/${audience.id}/users`,
        { users: [{ id: audience.id, schema: ['EMAIL_SHA256'], data: [[sha256('ada@example.com')]] }] },
      ],
    ]);
  });

  it('reads a new list TooSmall (0), Matching while an upload matches, then TooSmall below 1,000', async () => {
    const audience = await newAudience('Few');
    expect(audience).toMatchObject({ status: 'TooSmall', size: 0 });
    await send('post', `/${audience.id}/members`, { emails: ['a@example.com', 'b@example.com'] });
    expect((await send('get', `/${audience.id}`)).body).toMatchObject({ status: 'Matching', size: null });
    await control(`${audience.id}/matched`, 'POST');
    expect((await send('get', `/${audience.id}`)).body).toMatchObject({ status: 'TooSmall', size: 2 });
  });

  it('reads a matched list of 1,500 Ready, listed with the account', async () => {
    const read = await send('get', `/${SEEDED.usdCustomers}`);
    expect(read.body).toMatchObject({
      id: SEEDED.usdCustomers,
      name: 'Newsletter subscribers',
      description: 'Seeded customer list',
      advertiser: SEEDED.usdAccount,
      kind: 'CustomerList',
      status: 'Ready',
      size: 1500,
    });
    const listed = await send('get', '').query({ advertiser: SEEDED.usdAccount });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(SEEDED.usdCustomers);
  });

  it('changes the description alone: Snap gets the whole segment back, the name unchanged', async () => {
    const audience = await newAudience('Keeps its name');
    const before = world.emulator.controls.callsTo('/segments', 'PUT').length;
    const res = await send('put', `/${audience.id}`, { description: 'Bought twice' });
    expect(res.body).toMatchObject({ name: 'Keeps its name', description: 'Bought twice' });
    const [put] = world.emulator.controls.callsTo('/segments', 'PUT').slice(before);
    expect(put!.body).toEqual({
      segments: [
        {
          id: audience.id,
          name: 'Keeps its name',
          description: 'Bought twice',
          source_type: 'FIRST_PARTY',
          retention_in_days: 9999,
          ad_account_id: SEEDED.usdAccount,
        },
      ],
    });
  });

  it('changes the audiences of a squad in its targeting.segments; its postal codes and other targeting stay', async () => {
    const bought = await newAudience('Bought');
    const adSets = (method: 'post' | 'put' | 'get', path = '', body?: object) => {
      const req = world.h.http[method](`/v1/snapchat/adsets${path}`)
        .query({ customer })
        .set('Authorization', company.auth);
      return body === undefined ? req : req.send(body);
    };
    const made = await adSets('post', '', {
      ...squad,
      name: 'Keeps its geo',
      advertiser: SEEDED.usdAccount,
      targetings: [
        zips('94304', '94305'),
        { kind: 'AudienceTargeting', include: [SEEDED.usdCustomers], exclude: [] },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    const stored = async () => (await snapRecord(world.emulator, 'adsquad', id)).targeting;
    // A targeting dimension adlink has no kind for, as if set in Ads Manager: Snap's PUT must get it back.
    const { deleted: _, ...record } = await snapRecord(world.emulator, 'adsquad', id);
    const marked = await fetch(`${world.emulator.url}/v1/campaigns/${SEEDED.usdAwareness}/adsquads`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${emulatorToken(world.emulator)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        adsquads: [{ ...record, targeting: { ...(record.targeting as object), regulated_content: true } }],
      }),
    });
    expect(marked.status).toBe(200);
    const before = (await stored()) as { geos: object[] };
    expect(before).toMatchObject({ segments: [{ segment_id: [SEEDED.usdCustomers], operation: 'INCLUDE' }] });

    const puts = world.emulator.controls.callsTo('/adsquads', 'PUT').length;
    const swapped = await adSets('put', `/${id}`, {
      targetings: [{ kind: 'AudienceTargeting', include: [bought.id], exclude: [SEEDED.usdCustomers] }],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const [put] = world.emulator.controls.callsTo('/adsquads', 'PUT').slice(puts);
    const segments = [
      { segment_id: [bought.id], operation: 'INCLUDE' },
      { segment_id: [SEEDED.usdCustomers], operation: 'EXCLUDE' },
    ];
    expect((put!.body as { adsquads: { targeting: object }[] }).adsquads[0]!.targeting).toEqual({
      geos: before.geos,
      regulated_content: true,
      segments,
    });
    expect(await stored()).toEqual({ geos: before.geos, regulated_content: true, segments });
    const live = await adSets('get', `/${id}`).query({ childResources: 'Targeting', dismissDatabase: true });
    expect(live.body.targetings).toEqual([
      zips('94304', '94305'),
      { kind: 'AudienceTargeting', include: [bought.id], exclude: [SEEDED.usdCustomers] },
    ]);

    const removed = await adSets('put', `/${id}`, {
      targetings: [{ kind: 'AudienceTargeting', include: [], exclude: [] }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await stored()).toEqual({ geos: before.geos, regulated_content: true });
  });

  it('answers 404 for a segment id Snap does not know', async () => {
    const res = await send('get', '/1234567890123456');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'audience_not_found' });
  });
});

describe('snapchat audience status', () => {
  const segment = (fields: Partial<SnapSegment>): SnapSegment => ({
    id: '1',
    ad_account_id: 'a',
    name: 'n',
    source_type: 'FIRST_PARTY',
    retention_in_days: 9999,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

  it.each([
    [
      { upload_status: 'NO_UPLOAD', targetable_status: 'NOT_READY', approximate_number_users: 0 },
      'TooSmall',
      0,
    ],
    [
      { upload_status: 'PROCESSING', targetable_status: 'NOT_READY', approximate_number_users: 40 },
      'Matching',
      null,
    ],
    [
      { upload_status: 'COMPLETE', targetable_status: 'READY', approximate_number_users: 4000 },
      'Ready',
      4000,
    ],
    [
      { upload_status: 'COMPLETE', targetable_status: 'TOO_FEW_USERS', approximate_number_users: 12 },
      'TooSmall',
      12,
    ],
    [
      { upload_status: 'COMPLETE', targetable_status: 'NOT_READY', approximate_number_users: 3 },
      'Matching',
      null,
    ],
  ])('%o → %s (%s)', (fields, status, size) => {
    expect(audienceStatus(segment(fields))).toEqual({ status, size });
  });
});
