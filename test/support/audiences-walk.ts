import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Company } from './connect-helpers.js';
import type { Harness } from './harness.js';

/** The members the walk uploads: `count` emails and a phone for every fifth, all distinct. */
export function walkMembers(count: number, tag: string) {
  const emails = Array.from({ length: count }, (_, i) => `  Walker.${tag}.${i}@Example.COM `);
  const phones = Array.from({ length: Math.floor(count / 5) }, (_, i) => `+49 (30) ${String(1_000_000 + i)}`);
  return { emails, phones };
}

/**
 * SHA-256 of each value as adlink must normalize it first: trimmed and lower-cased emails; phones in
 * E.164, with the `+` or (`digits`) without it.
 */
export const expectedHashes = (
  members: { emails: string[]; phones: string[] },
  phones: 'e164' | 'digits' = 'e164',
) => ({
  emails: members.emails.map((e) => createHash('sha256').update(e.trim().toLowerCase()).digest('hex')),
  phones: members.phones.map((p) =>
    createHash('sha256')
      .update(p.replace(/[\s\-.()]/g, '').slice(phones === 'digits' ? 1 : 0))
      .digest('hex'),
  ),
});

/**
 * The audiences walk (issue: audiences): create, add 2,500 members (the platform received the
 * SHA-256 of each normalized value, in batches within its size), remove some, target an ad set with
 * include/exclude and read it back, read, rename, delete.
 */
export interface AudiencesSpec<World = unknown> {
  /** The platform's batch size (members a call). */
  batchSize: number;
  /** How the platform hashes phones (its adapter's `phones`); E.164 with the `+` unless it says `digits`. */
  phones?: 'e164' | 'digits';
  /**
   * What the platform holds for the audience: the hashes it received (of every kind), and the size of
   * each upload call it answered (emails and phones together), in order.
   */
  received(
    world: World,
    audience: string,
  ): Promise<{ hashes: string[]; removed: string[]; batches: number[] }>;
  /**
   * An ad set the platform creates on the walk's advertiser (everything but the name; its targetings
   * are kept): the walk targets it with include/exclude and reads the audiences back.
   */
  adSet: { parentId: string; channelKind: string; settings: object[]; targetings: object[] };
}

export interface AudiencesWalkContext<World> {
  world: World;
  h: Harness;
  company: Company;
  customer: string;
  platform: string;
  advertiser: string;
}

const ok = <T>(res: { status: number; body: unknown }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};

export async function audiencesWalk<World>(spec: AudiencesSpec<World>, ctx: AudiencesWalkContext<World>) {
  const { h, company, customer, platform, advertiser } = ctx;
  const at = (path: string) => `/v1/${platform}/audiences${path}`;
  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = h.http[method](at(path)).query({ customer }).set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const created = ok<{ id: string; name: string }>(
    await send('post', '', { name: 'Existing customers', advertiser, description: 'From the shop' }),
    201,
  );
  expect(created).toMatchObject({ name: 'Existing customers', platform, advertiser, kind: 'CustomerList' });

  const members = walkMembers(2000, platform);
  const extra = ['not an email', 'x@'];
  const res = await send('post', `/${created.id}/members`, {
    emails: [...members.emails, ...extra],
    phones: members.phones,
  });
  expect([200, 202]).toContain(res.status);
  if (res.status === 202) {
    const job = res.body as { id: string };
    for (let i = 0; i < 200; i++) {
      const state = ok<{ status: string }>(await send('get', `/${created.id}/jobs/${job.id}`));
      if (state.status !== 'Running') {
        expect(state.status).toBe('Succeeded');
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const outcome = (
    res.status === 202 ? ok(await send('get', `/${created.id}/jobs/${res.body.id}`)) : res.body
  ) as { received: number; accepted: number; invalid: unknown[] };
  expect(outcome).toMatchObject({ received: 2402, accepted: 2400 });
  expect(outcome.invalid).toEqual([
    { index: 2000, field: 'emails', reason: expect.any(String) },
    { index: 2001, field: 'emails', reason: expect.any(String) },
  ]);
  const expected = expectedHashes(members, spec.phones);
  const held = await spec.received(ctx.world, created.id);
  expect(new Set(held.hashes)).toEqual(new Set([...expected.emails, ...expected.phones]));
  for (const size of held.batches) expect(size).toBeLessThanOrEqual(spec.batchSize);

  const removed = ok<{ accepted: number }>(
    await send('delete', `/${created.id}/members`, { sha256: { emails: expected.emails.slice(0, 100) } }),
  );
  expect(removed.accepted).toBe(100);
  expect(new Set((await spec.received(ctx.world, created.id)).removed)).toEqual(
    new Set(expected.emails.slice(0, 100)),
  );

  await audienceTargetingStep(spec.adSet, ctx, created.id);

  const read = ok<{ id: string; status: string }>(await send('get', `/${created.id}`));
  expect(['Matching', 'Ready', 'TooSmall']).toContain(read.status);
  const renamed = ok<{ name: string }>(await send('put', `/${created.id}`, { name: 'Past customers' }));
  expect(renamed.name).toBe('Past customers');
  const listed = ok<{ data: { id: string }[] }>(
    await h.http.get(at('')).query({ customer, advertiser }).set('Authorization', company.auth),
  );
  expect(listed.data.map((a) => a.id)).toContain(created.id);
  ok(await send('delete', `/${created.id}`));
  expect((await send('get', `/${created.id}`)).status).toBe(404);
}

/**
 * Targets an ad set with the walk's audience included and a second one excluded, reads the audiences
 * back from the platform, swaps them, refuses an id that is no customer list, removes them.
 */
export async function audienceTargetingStep<World>(
  adSet: AudiencesSpec['adSet'],
  { h, company, customer, platform, advertiser }: AudiencesWalkContext<World>,
  included: string,
) {
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object, query = {}) => {
    const req = h.http[method](`/v1/${platform}${path}`)
      .query({ customer, ...query })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const excluded = ok<{ id: string }>(
    await call('post', '/audiences', { name: 'Recent buyers', advertiser }),
    201,
  ).id;
  const audiences = (include: string[], exclude: string[]) => ({
    kind: 'AudienceTargeting',
    include,
    exclude,
  });
  const created = ok<{ id: string }>(
    await call('post', '/adsets', {
      ...adSet,
      name: 'Audience walk',
      advertiser,
      targetings: [...adSet.targetings, audiences([included], [excluded])],
    }),
    201,
  );
  const live = async () =>
    ok<{ targetings: { kind: string }[] }>(
      await call('get', `/adsets/${created.id}`, undefined, {
        childResources: 'Targeting',
        dismissDatabase: true,
      }),
    ).targetings.filter((t) => t.kind === 'AudienceTargeting');
  expect(await live()).toEqual([audiences([included], [excluded])]);

  const swapped = await call('put', `/adsets/${created.id}`, { targetings: [audiences([excluded], [])] });
  ok(swapped);
  expect(await live()).toEqual([audiences([excluded], [])]);

  // An ad set's id is an object of the platform, but no customer list: refused by name, nothing sent.
  const refused = await call('put', `/adsets/${created.id}`, {
    targetings: [audiences([excluded], [created.id])],
  });
  expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'targetings[0].exclude[0]' });
  expect(await live()).toEqual([audiences([excluded], [])]);

  ok(await call('put', `/adsets/${created.id}`, { targetings: [audiences([], [])] }));
  expect(await live()).toEqual([]);
  ok(await call('delete', `/adsets/${created.id}`));
  ok(await call('delete', `/audiences/${excluded}`));
}
