import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../emulators/meta/index.js';
import { CAMPAIGNS } from '../emulators/meta/seed.js';
import type { Company } from './support/connect-helpers.js';
import { call, mcpClient, type Structured } from './support/mcp-client.js';
import { type PlatformWorld, startPlatformWorld } from './support/platform-suite.js';

/**
 * The tools on a real platform's emulator (Meta's): an agent lists, creates, changes and reports
 * through `/mcp`, and every answer is what the API answers the same request.
 */

const USD = 'act_1000000001';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('MCP on the Meta emulator', () => {
  let world: PlatformWorld;
  let company: Company;
  let customer: string;
  let agent: Client;

  beforeAll(async () => {
    world = await startPlatformWorld({ platform: 'meta', emulator: metaEmulator });
    ({ company, customer } = await world.connect());
    agent = await mcpClient(world.h.baseUrl, company.token);
  });
  afterAll(async () => {
    await agent?.close();
    await world?.close();
  });

  const api = async (path: string, query: Record<string, string> = {}) => {
    const res = await world.h.http
      .get(path)
      .query({ customer, ...query })
      .set('Authorization', company.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Structured;
  };

  it('tells the agent what this deployment’s platforms take, as their adapters declare', async () => {
    const { tools } = await agent.listTools();
    const create = tools.find((t) => t.name === 'create_ad_set')!.description!;
    const meta = create.split('\n').find((line) => line.startsWith('- meta: '));
    expect(meta).toMatch(/targetings [^;]*GeoTargeting/);
    // Keywords are refused on Meta (below): the description does not offer them.
    expect(meta).not.toContain('KeywordTargeting');
    expect(create).not.toContain('- sandbox:');
    const update = tools.find((t) => t.name === 'update_ad_set')!.description!;
    expect(update.split('\n').find((line) => line.startsWith('- meta: '))).toMatch(/statuses [^;]*Paused/);
  });

  it('lists the customer’s ad accounts and campaigns as the API does', async () => {
    const advertisers = await call(agent, 'list_advertisers', { platform: 'meta', customer });
    expect(advertisers.structured).toEqual(await api('/v1/meta/advertisers'));
    expect(advertisers.structured.data.map((a: Structured) => a.id)).toContain(USD);
    const campaigns = await call(agent, 'list_platform_campaigns', { platform: 'meta', customer });
    expect(campaigns.structured).toEqual(await api('/v1/meta/campaigns'));
  });

  it('creates an ad set, changes its budget and pauses it, as the platform then holds it', async () => {
    const created = await call(agent, 'create_ad_set', {
      platform: 'meta',
      customer,
      name: 'Agent — Palo Alto',
      advertiser: USD,
      parentId: CAMPAIGNS.usdTraffic,
      channelKind: 'Social',
      status: 'Paused',
      settings: [
        { kind: 'DailyBudget', budget: 25, currency: 'USD' },
        { kind: 'Objective', objective: 'OUTCOME_TRAFFIC' },
      ],
      targetings: [
        {
          kind: 'GeoTargeting',
          type: 'ZipcodeGeoTargeting',
          zipcodes: [{ country: 'US', zipcode: '94304' }],
        },
      ],
    });
    expect(created.isError, JSON.stringify(created.structured)).toBeFalsy();
    const id = created.structured.id as string;
    const changed = await call(agent, 'update_ad_set', {
      platform: 'meta',
      customer,
      id,
      settings: [{ kind: 'DailyBudget', budget: 40.5, currency: 'USD' }],
    });
    expect(changed.isError, JSON.stringify(changed.structured)).toBeFalsy();
    const live = await api(`/v1/meta/adsets/${id}`, { dismissDatabase: 'true' });
    expect(live.settings).toContainEqual({ kind: 'DailyBudget', budget: 40.5, currency: 'USD' });
    const refused = await call(agent, 'update_ad_set', {
      platform: 'meta',
      customer,
      id,
      targetings: [{ kind: 'KeywordTargeting', keywords: ['sourdough'] }],
    });
    expect(refused.structured).toMatchObject({
      status: 400,
      error: { code: 'unsupported_for_platform', param: expect.stringMatching(/^targetings/) },
    });
    const deleted = await call(agent, 'delete_ad_set', { platform: 'meta', customer, id });
    expect(deleted.structured).toMatchObject({ deletions: 1, data: [{ id, status: 'Deleted' }] });
  });

  it('reports, following a report that is still running to its rows', async () => {
    const query = { customer, platform: 'meta', level: 'adset', from: day(-9), to: day(-3) };
    let report = await call(agent, 'get_report', query);
    for (let polls = 0; !report.isError && report.structured.status === 'running' && polls < 50; polls++) {
      report = await call(agent, 'get_report_run', { id: report.structured.id });
    }
    expect(report.isError, JSON.stringify(report.structured)).toBeFalsy();
    expect(report.structured.data.length).toBeGreaterThan(0);
    expect(report.structured.data).toEqual((await api('/reports', query)).data);
  });
});
