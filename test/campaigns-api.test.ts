import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdSetBody, expectError, formFields } from './support/adsets-client.js';
import { NEXT_YEAR, ok, type SandboxScenario, sandboxScenario } from './support/adsets-scenario.js';
import { type CampaignBody, CampaignClient } from './support/campaigns-client.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';

/**
 * Campaigns through adlink's API against the sandbox: create (JSON, form, multipart, idempotent),
 * read from the cache and live, change budget, runtime, name and status, delete; the refusals, each
 * naming its parameter; shared budgets; the campaign events; ad sets under a new campaign.
 */

/** In Berlin (the EUR account's time zone) January and February are standard time, +01:00. */
const berlin = (day: string) => `${NEXT_YEAR}-${day}T00:00:00+01:00`;
const eurDaily = (budget: number) => ({ kind: 'DailyBudget', budget, currency: 'EUR' });
const runtime = (start: string, end?: string) => ({ kind: 'Runtime', start, ...(end ? { end } : {}) });

interface SandboxCampaign {
  id: string;
  status: string;
  objective: string;
  budget: { type: string; amount: number; currency: string; shared: boolean } | null;
  start_time?: string;
  end_time?: string | null;
}

describe('campaigns (sandbox)', () => {
  let h: Harness;
  let company: Company;
  let s: SandboxScenario;
  let campaigns: CampaignClient;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Campaign Vendor');
    s = await sandboxScenario(h, company, 'Campaign Bakery');
    campaigns = new CampaignClient(h, company, s.client.customer);
  });
  afterAll(() => h?.close());

  const newCampaign = (name: string, extra: object = {}) => ({
    name,
    advertiser: s.eur.id,
    objective: 'TRAFFIC',
    channelKind: 'Search',
    settings: [eurDaily(40), runtime(berlin('01-10'), berlin('03-01'))],
    ...extra,
  });
  const atSandbox = (id: string): Promise<SandboxCampaign> =>
    s.direct.api.expect(200, 'GET', `/campaigns/${id}`) as Promise<SandboxCampaign>;
  const eventsOf = async (type: string) =>
    ok<{ data: { data: Record<string, unknown> }[] }>(
      await h.http
        .get('/events')
        .query({ type, customer: s.client.customer })
        .set('Authorization', company.auth),
    ).data.map((e) => e.data);

  it('creates a campaign with a budget and a Runtime, held at the platform in minor units and its time zone', async () => {
    const created = ok<CampaignBody>(await campaigns.create(newCampaign('Winter rye')), 201);
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Winter rye',
      platform: 'sandbox',
      status: 'Paused',
      advertiser: s.eur.id,
      objective: 'TRAFFIC',
      channelKind: 'Search',
      settings: [eurDaily(40), runtime(berlin('01-10'), berlin('03-01'))],
    });
    expect(await atSandbox(created.id)).toMatchObject({
      status: 'PAUSED',
      budget: { type: 'DAILY', amount: 4000, currency: 'EUR', shared: false },
      start_time: berlin('01-10'),
      end_time: berlin('03-01'),
    });
    expect(ok(await campaigns.get(created.id, { dismissDatabase: true }))).toEqual(created);
    expect(ok(await campaigns.get(created.id))).toEqual(created);
    const listed = ok<{ data: CampaignBody[] }>(await campaigns.list({ limit: 1000 })).data;
    expect(listed).toContainEqual(created);
    // The cross-platform list shows the same record.
    const across = ok<{ data: CampaignBody[] }>(await s.client.campaigns({ platform: 'sandbox' })).data;
    expect(across).toContainEqual(created);
    expect(await eventsOf('campaign.created')).toContainEqual({ platform: 'sandbox', campaign: created });
  });

  it('takes form-encoded and multipart bodies, settings JSON-encoded; replays an Idempotency-Key', async () => {
    const form = await h.http
      .post('/v1/sandbox/campaigns')
      .query({ customer: s.client.customer })
      .set('Authorization', company.auth)
      .type('form')
      .send(formFields(newCampaign('Form campaign')));
    expect(ok<CampaignBody>(form, 201).settings).toEqual(newCampaign('').settings);
    let multipart = h.http
      .post('/v1/sandbox/campaigns')
      .query({ customer: s.client.customer })
      .set('Authorization', company.auth);
    for (const [name, value] of Object.entries(formFields(newCampaign('Multipart campaign')))) {
      multipart = multipart.field(name, value);
    }
    expect(ok<CampaignBody>(await multipart, 201).name).toBe('Multipart campaign');

    const key = { 'Idempotency-Key': `campaign-${Date.now()}` };
    const first = ok<CampaignBody>(await campaigns.create(newCampaign('Once'), key), 201);
    const again = ok<CampaignBody>(await campaigns.create(newCampaign('Once'), key), 201);
    expect(again).toEqual(first);
    expectError(await campaigns.create(newCampaign('Twice'), key), 422, 'idempotency_key_reused');
    const named = ok<{ data: CampaignBody[] }>(
      await campaigns.list({ dismissDatabase: true, limit: 1000 }),
    ).data.filter((c) => c.name === 'Once');
    expect(named).toHaveLength(1);
  });

  it('changes the budget, moves the end, renames and pauses; reads back live; reports campaign.updated', async () => {
    const created = ok<CampaignBody>(
      await campaigns.create(newCampaign('Changing', { status: 'Active' })),
      201,
    );
    const raised = ok<CampaignBody>(await campaigns.put(created.id, { settings: [eurDaily(55.5)] }));
    expect(raised.settings).toEqual([eurDaily(55.5), runtime(berlin('01-10'), berlin('03-01'))]);
    expect((await atSandbox(created.id)).budget).toMatchObject({ type: 'DAILY', amount: 5550 });

    const later = runtime(berlin('01-10'), berlin('03-15'));
    const moved = ok<CampaignBody>(await campaigns.put(created.id, { settings: [later] }));
    expect(moved.settings).toEqual([eurDaily(55.5), later]);
    expect((await atSandbox(created.id)).end_time).toBe(berlin('03-15'));

    const total = { kind: 'TotalBudget', budget: 900, currency: 'EUR' };
    const switched = ok<CampaignBody>(await campaigns.put(created.id, { settings: [total] }));
    expect(switched.settings).toEqual([total, later]);
    expect((await atSandbox(created.id)).budget).toMatchObject({ type: 'LIFETIME', amount: 90_000 });
    expectError(
      await campaigns.put(created.id, { settings: [runtime(berlin('01-10'))] }),
      400,
      'invalid_request',
      'settings',
    );

    const paused = ok<CampaignBody>(await campaigns.put(created.id, { name: 'Changed', status: 'Paused' }));
    expect(paused).toMatchObject({ name: 'Changed', status: 'Paused' });
    expect(ok(await campaigns.get(created.id, { dismissDatabase: true }))).toEqual(paused);
    expect(ok(await campaigns.get(created.id))).toEqual(paused);

    const updates = (await eventsOf('campaign.updated')).filter(
      (e) => (e.campaign as CampaignBody).id === created.id,
    );
    expect(updates[0]).toEqual({
      platform: 'sandbox',
      campaign: paused,
      previous_attributes: { name: 'Changing', status: 'Running' },
    });
    expect(updates.at(-1)).toEqual({
      platform: 'sandbox',
      campaign: raised,
      previous_attributes: { settings: created.settings },
    });
  });

  it('refuses what the platform cannot do or the account does not hold, naming the parameter', async () => {
    const before = ok<{ data: unknown[] }>(await campaigns.list({ dismissDatabase: true, limit: 1000 })).data
      .length;
    const cases: [object, number, string, string][] = [
      [{ objective: 'OUTCOME_SALES' }, 400, 'unsupported_for_platform', 'objective'],
      [{ channelKind: undefined }, 400, 'invalid_request', 'channelKind'],
      [{ channelKind: 'Mixed' }, 400, 'unsupported_for_platform', 'channelKind'],
      [{ status: 'Archived' }, 400, 'unsupported_for_platform', 'status'],
      [
        { settings: [{ kind: 'Objective', objective: 'TRAFFIC' }] },
        400,
        'unsupported_for_platform',
        'settings[0]',
      ],
      [
        { settings: [{ kind: 'DailyBudget', budget: 5, currency: 'USD' }] },
        400,
        'invalid_request',
        'settings[0].currency',
      ],
      [{ settings: [eurDaily(5.123)] }, 400, 'invalid_request', 'settings[0].budget'],
      [{ settings: [eurDaily(5), eurDaily(6)] }, 400, 'invalid_request', 'settings[1]'],
      [{ settings: [runtime('2024-01-01T00:00:00Z')] }, 400, 'invalid_request', 'settings[0].start'],
      [{ settings: [runtime(berlin('02-01'), berlin('01-01'))] }, 400, 'invalid_request', 'settings[0].end'],
      [
        { settings: [{ kind: 'TotalBudget', budget: 100, currency: 'EUR' }] },
        400,
        'invalid_request',
        'settings',
      ],
      [{ advertiser: 'act_not_mine' }, 400, 'invalid_request', 'advertiser'],
      [{ name: '' }, 400, 'invalid_request', 'name'],
      [{ colour: 'red' }, 400, 'unknown_parameter', 'colour'],
    ];
    for (const [change, status, code, param] of cases) {
      expectError(await campaigns.create(newCampaign('Refused', change)), status, code, param);
    }
    expect(
      ok<{ data: unknown[] }>(await campaigns.list({ dismissDatabase: true, limit: 1000 })).data.length,
    ).toBe(before);

    const [campaign] = s.campaigns;
    expectError(
      await campaigns.put(campaign!.id, { status: 'Deleted' }),
      400,
      'unsupported_for_platform',
      'status',
    );
    expectError(await campaigns.put(campaign!.id, {}), 400, 'invalid_request', 'name');
    expectError(await campaigns.get('cmp_nope'), 404, 'campaign_not_found', 'id');
    expectError(await campaigns.put('cmp_nope', { name: 'x' }), 404, 'campaign_not_found', 'id');
    expectError(
      await h.http
        .get('/v1/nope/campaigns')
        .query({ customer: s.client.customer })
        .set('Authorization', company.auth),
      404,
      'platform_not_found',
      'platform',
    );
  });

  it('shows a shared budget as shared and refuses to change it; the rest of the campaign still changes', async () => {
    const shared = ok<{ data: CampaignBody[] }>(await campaigns.list({ limit: 1000 })).data.find((c) =>
      c.settings.some((x) => x.shared === true),
    )!;
    expect(shared.settings).toEqual([{ kind: 'DailyBudget', budget: 40, currency: 'USD', shared: true }]);
    const refused = expectError(
      await campaigns.put(shared.id, { settings: [{ kind: 'DailyBudget', budget: 50, currency: 'USD' }] }),
      400,
      'unsupported_for_platform',
      'settings[0]',
    );
    expect(refused.message).toContain('shared by other campaigns');
    expect((await atSandbox(shared.id)).budget).toMatchObject({ amount: 4000, shared: true });
    const renamed = ok<CampaignBody>(await campaigns.put(shared.id, { name: 'Subway screens (shared)' }));
    expect(renamed.settings).toEqual(shared.settings);
  });

  it('creates ad sets under a new campaign; deletes the campaign once its ad sets are gone', async () => {
    const campaign = ok<CampaignBody>(await campaigns.create(newCampaign('Parent')), 201);
    const adSet = ok<AdSetBody>(
      await s.client.create({
        name: 'Child',
        advertiser: s.eur.id,
        campaignId: campaign.id,
        channelKind: 'Search',
        settings: [eurDaily(10), runtime(berlin('01-15'), berlin('02-15'))],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye'] }],
      }),
      201,
    );
    expect(adSet).toMatchObject({ parentId: campaign.id, campaignId: campaign.id });
    expectError(await campaigns.delete(campaign.id), 400, 'platform_validation_failed', 'id');
    ok(await s.client.delete(adSet.id));
    const deleted = ok<{ deletions: number; data: CampaignBody[] }>(await campaigns.delete(campaign.id));
    expect(deleted).toEqual({ deletions: 1, data: [{ ...campaign, status: 'Deleted' }] });
    expect(ok(await campaigns.get(campaign.id, { dismissDatabase: true }))).toMatchObject({
      status: 'Deleted',
    });
    expect(await eventsOf('campaign.deleted')).toContainEqual({
      platform: 'sandbox',
      campaign: deleted.data[0],
    });
    // Nothing new goes under a deleted campaign.
    expectError(
      await s.client.create({
        name: 'Orphan',
        advertiser: s.eur.id,
        parentId: campaign.id,
        channelKind: 'Search',
        settings: [eurDaily(10)],
        targetings: [],
      }),
      400,
      'platform_validation_failed',
      'parentId',
    );
  });

  it("acts for an access token's own customer: read tokens read, write tokens write", async () => {
    const token = async (scope: 'read' | 'write') =>
      `Bearer ${
        ok<{ token: string }>(
          await h.http
            .post(`/customers/${s.client.customer}/access_tokens`)
            .set('Authorization', company.auth)
            .send({ scope }),
          201,
        ).token
      }`;
    const [read, write] = [await token('read'), await token('write')];
    const listed = await h.http.get('/v1/sandbox/campaigns').set('Authorization', read);
    expect(ok<{ data: CampaignBody[] }>(listed).data.length).toBeGreaterThan(0);
    const [first] = ok<{ data: CampaignBody[] }>(listed).data;
    expect(ok(await h.http.get(`/v1/sandbox/campaigns/${first!.id}`).set('Authorization', read))).toEqual(
      first,
    );
    const create = (auth: string) =>
      h.http.post('/v1/sandbox/campaigns').set('Authorization', auth).send(newCampaign('By token'));
    expectError(await create(read), 403, 'insufficient_scope');
    expectError(
      await h.http.put(`/v1/sandbox/campaigns/${first!.id}`).set('Authorization', read).send({ name: 'x' }),
      403,
      'insufficient_scope',
    );
    expect(ok<CampaignBody>(await create(write), 201).name).toBe('By token');
    const other = await sandboxScenario(h, company, 'Other Bakery');
    expectError(
      await h.http
        .get('/v1/sandbox/campaigns')
        .query({ customer: other.client.customer })
        .set('Authorization', read),
      403,
      'customer_not_allowed',
      'customer',
    );
  });

  it('pages the cache with a status filter; the cursor keeps the filter', async () => {
    const all = ok<{ data: CampaignBody[] }>(await campaigns.list({ limit: 1000 })).data;
    const paused = all.filter((c) => c.status === 'Paused');
    const seen: CampaignBody[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = ok<{ has_more: boolean; next_cursor?: string; data: CampaignBody[] }>(
        await campaigns.list({ status: 'Paused', limit: 1, ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...page.data);
      if (!page.has_more) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(paused);
    const first = ok<{ next_cursor: string }>(await campaigns.list({ status: 'Paused', limit: 1 }));
    expectError(await campaigns.list({ cursor: first.next_cursor }), 400, 'invalid_request', 'cursor');
  });
});
