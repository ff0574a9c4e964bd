import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignOf, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { audiencesWalk, walkMembers } from './support/audiences-walk.js';
import { type Company, dumpValues } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { sandboxAccessToken } from './support/sandbox-customer.js';
import { SandboxApi } from './support/sandbox-direct.js';

describe('audiences on the sandbox', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;
  let sandbox: SandboxApi;
  const at = (path: string) => `/v1/sandbox/audiences${path}`;
  const send = (
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    body?: object,
    customer?: string,
  ) => {
    const req = h.http[method](at(path))
      .query({ customer: customer ?? s.client.customer })
      .set('Authorization', company.auth);
    return body === undefined ? req : req.send(body);
  };
  const newAudience = async (name = 'Customers') => {
    const res = await send('post', '', { name, advertiser: s.eur.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Audiences');
    s = await sandboxScenario(h, company, 'Bakery');
    sandbox = new SandboxApi(h, await sandboxAccessToken(h, company, s.client.customer));
    await sandbox.expect(200, 'PUT', '/_test/review_delay', { delay_ms: 200 });
  });
  afterAll(() => h?.close());

  it('passes the audiences walk: 2,400 members hashed as normalized, in batches of at most 1,000, an ad set targeted', async () => {
    // A customer of its own: the walk's calls would use up the sandbox's rate limit of the others.
    const walker = await sandboxScenario(h, company, 'Walker');
    const direct = new SandboxApi(h, await sandboxAccessToken(h, company, walker.client.customer));
    await audiencesWalk(
      {
        batchSize: 1000,
        received: async (_world, audience) => direct.expect(200, 'GET', `/_test/audiences/${audience}/users`),
        adSet: {
          parentId: campaignOf(walker, walker.eur, 'Search').id,
          channelKind: 'Search',
          settings: [{ kind: 'DailyBudget', budget: 12.5, currency: 'EUR' }],
          targetings: [{ kind: 'KeywordTargeting', keywords: ['bread'] }],
        },
      },
      {
        world: undefined,
        h,
        company,
        customer: walker.client.customer,
        platform: 'sandbox',
        advertiser: walker.eur.id,
      },
    );
  });

  it('keeps no member: not in Redis, the logs, the events or any answer', async () => {
    const audience = await newAudience('Privacy');
    const members = walkMembers(50, 'secret');
    const answers: string[] = [];
    const res = await send('post', `/${audience.id}/members`, {
      ...members,
      emails: [...members.emails, 'nope'],
    });
    answers.push(res.text);
    answers.push(
      (await send('post', `/${audience.id}/members`, { emails: 'x'.repeat(400) as unknown as [] })).text,
    );
    answers.push((await send('post', `/${audience.id}/members`, { emails: [members.emails[0], 7] })).text);
    expect(res.status).toBe(200);
    const events = await h.http.get('/events').query({ limit: 100 }).set('Authorization', company.auth);
    const values = [...(await dumpValues(h)).entries()].map(([k, v]) => `${k}\n${v}`).join('\n');
    const haystacks = {
      redis: values,
      logs: h.logs.join(''),
      events: events.text,
      answers: answers.join('\n'),
    };
    for (const value of [...members.emails, ...members.phones]) {
      for (const needle of [value.trim(), value.trim().toLowerCase(), value.replace(/[\s()]/g, '')]) {
        for (const [where, text] of Object.entries(haystacks)) {
          expect(text.includes(needle), `${needle} in ${where}`).toBe(false);
        }
      }
    }
  });

  it('answers bad members input with 400 or an invalid entry, and never sends a value it cannot read', async () => {
    const audience = await newAudience('Bad input');
    const tooMany = await send('post', `/${audience.id}/members`, {
      emails: Array.from({ length: 10_001 }, (_, i) => `p${i}@example.com`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ code: 'invalid_request', param: 'emails' });
    expect(tooMany.body.error.message).toMatch(/10000/);
    const empty = await send('post', `/${audience.id}/members`, {});
    expect(empty.body.error).toMatchObject({ param: 'emails' });
    const unknown = await send('post', `/${audience.id}/members`, { emails: ['a@b.co'], names: ['Ann'] });
    expect(unknown.body.error.param).toBe('names');
    const mixed = await send('post', `/${audience.id}/members`, {
      emails: ['ok@example.com', 'no-at-sign', ''],
      phones: ['+49 30 1234567', '030 1234567', '+0 123'],
      sha256: { emails: ['A'.repeat(64), 'f'.repeat(63), `${'0'.repeat(63)}g`] },
    });
    expect(mixed.status, mixed.text).toBe(200);
    expect(mixed.body).toEqual({
      received: 9,
      accepted: 3,
      invalid: [
        { index: 1, field: 'emails', reason: expect.any(String) },
        { index: 2, field: 'emails', reason: expect.any(String) },
        { index: 1, field: 'phones', reason: expect.stringMatching(/international/) },
        { index: 2, field: 'phones', reason: expect.any(String) },
        { index: 1, field: 'sha256.emails', reason: expect.stringMatching(/64 hexadecimal/) },
        { index: 2, field: 'sha256.emails', reason: expect.any(String) },
      ],
    });
    const held = await sandbox.expect(200, 'GET', `/_test/audiences/${audience.id}/users`);
    expect(held.hashes).toHaveLength(3);
    expect(held.hashes).toContain('a'.repeat(64));
  });

  it('refuses another customer’s audience, and one of an ad account not chosen', async () => {
    const audience = await newAudience('Ours');
    const other = await sandboxScenario(h, company, 'Other bakery');
    for (const [method, path, body] of [
      ['get', `/${audience.id}`, undefined],
      ['put', `/${audience.id}`, { name: 'Theirs' }],
      ['post', `/${audience.id}/members`, { emails: ['a@example.com'] }],
      ['delete', `/${audience.id}`, undefined],
    ] as const) {
      const res = await send(method, path, body, other.client.customer);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('audience_not_found');
    }
    const elsewhere = await send('post', '', { name: 'x', advertiser: 'act_not_ours' });
    expect(elsewhere.body.error).toMatchObject({ code: 'invalid_request', param: 'advertiser' });
    expect((await send('get', `/${audience.id}`)).status).toBe(200);
  });

  it('targets an ad set only with customer lists of its own ad account: others are refused by name, nothing made', async () => {
    const ours = await newAudience('Targeted');
    const other = await sandboxScenario(h, company, 'Third bakery');
    const adSet = (scenario: SandboxScenario, account: SandboxScenario['eur'], targeting: object) => ({
      name: 'Audience check',
      advertiser: account.id,
      // The USD account runs video campaigns.
      ...(account.currency === 'USD'
        ? { parentId: campaignOf(scenario, account, 'Video').id, channelKind: 'Video' }
        : { parentId: campaignOf(scenario, account, 'Search').id, channelKind: 'Search' }),
      settings: [{ kind: 'DailyBudget', budget: 5, currency: account.currency }],
      targetings: [
        { kind: 'KeywordTargeting', keywords: ['rye'] },
        { kind: 'AudienceTargeting', ...targeting },
      ],
    });
    const attempts: [SandboxScenario, SandboxScenario['eur'], object, string, string][] = [
      [other, other.eur, { include: [ours.id] }, 'targetings[1].include[0]', 'invalid_request'],
      [s, s.usd, { exclude: [ours.id] }, 'targetings[1].exclude[0]', 'invalid_request'],
      [s, s.eur, { include: [ours.id], exclude: [ours.id] }, 'targetings[1].exclude[0]', 'invalid_request'],
      [s, s.eur, { include: ['aud/../x'] }, 'targetings[1].include[0]', 'invalid_request'],
      [s, s.eur, { include: [], exclude: [] }, 'targetings[1].include', 'invalid_request'],
    ];
    for (const [scenario, account, targeting, param, code] of attempts) {
      const res = await scenario.client.create(adSet(scenario, account, targeting));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
    const made = await s.client.create(adSet(s, s.eur, { include: [ours.id] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (const [scenario, count] of [
      [s, 1],
      [other, 0],
    ] as const) {
      const live = await scenario.client.list({ dismissDatabase: 'true', limit: 1000 });
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      const named = live.body.data.filter((a: { name: string }) => a.name === 'Audience check');
      expect(named).toHaveLength(count);
    }
  });

  it('an upload too large for one request answers 202 with a job, read until it is done', async () => {
    const audience = await newAudience('Big');
    const res = await send('post', `/${audience.id}/members`, walkMembers(3000, 'big'));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'Running', received: 3600, accepted: 3600, invalid: [] });
    let job = res.body;
    for (let i = 0; i < 100 && job.status === 'Running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await send('get', `/${audience.id}/jobs/${res.body.id}`)).body;
    }
    expect(job).toMatchObject({ status: 'Succeeded', sent: 3600 });
    const missing = await send('get', `/${audience.id}/jobs/job_nope`);
    expect(missing.body.error).toMatchObject({ code: 'audience_job_not_found', param: 'job' });
  });

  it('a job outlives its request in the process, which waits for it when it stops (nothing cut off)', async () => {
    const audience = await newAudience('Shutdown');
    const res = await send('post', `/${audience.id}/members`, walkMembers(3000, 'shutdown'));
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('Running');
    // What server.ts awaits on SIGTERM before it closes the store.
    await h.inFlight.settled();
    const job = await send('get', `/${audience.id}/jobs/${res.body.id}`);
    expect(job.body).toMatchObject({ status: 'Succeeded', sent: 3600 });
  });
});
