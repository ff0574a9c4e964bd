import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import { audienceStatus } from '../../src/platforms/snapchat/audiences.js';
import type { SnapSegment } from '../../src/platforms/snapchat/model.js';
import { audiencesWalk } from '../support/audiences-walk.js';
import type { Company } from '../support/connect-helpers.js';
import { type PlatformWorld, startPlatformWorld } from '../support/platform-suite.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

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

  it('passes the audiences walk', async () => {
    await audiencesWalk(
      {
        batchSize: 100_000,
        phones: 'digits',
        received: (_world, audience) => control(`${audience}/users`),
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
