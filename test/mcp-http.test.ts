import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolName } from '../src/mcp/tools.js';
import { OPERATIONS } from '../src/openapi/document.js';
import { type Company, newCustomer } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { call, mcpClient, type Structured } from './support/mcp-client.js';
import { sandboxCustomer } from './support/sandbox-customer.js';

/**
 * `/mcp` driven by the protocol SDK's own client over Streamable HTTP against the app on a real port:
 * the tools generated from the API's operations, calls on the sandbox, the tokens' reach and scope.
 */

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const byName = new Map(OPERATIONS.map((op) => [toolName(op.operationId), op]));

interface Issued {
  token: string;
}

describe('MCP over Streamable HTTP', () => {
  let h: Harness;
  let company: Company;
  let customer: string;
  let neighbour: string;
  let vendor: Client;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Agent Vendor');
    customer = await sandboxCustomer(h, company, 'Agent Bakery');
    neighbour = await newCustomer(h, company, 'Neighbour');
    vendor = await mcpClient(h.baseUrl, company.token);
  });
  afterAll(async () => {
    await vendor?.close();
    await h?.close();
  });

  async function accessToken(scope: 'read' | 'write'): Promise<string> {
    const res = await h.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as Issued).token;
  }

  it('initializes: adlink, its tools capability and the conventions an agent needs', () => {
    expect(vendor.getServerVersion()).toMatchObject({ name: 'adlink' });
    expect(vendor.getServerCapabilities()?.tools).toBeDefined();
    expect(vendor.getInstructions()).toMatch(/major units/);
    expect(vendor.getInstructions()).toMatch(/next_cursor/);
  });

  describe('the tool list', () => {
    let tools: Awaited<ReturnType<Client['listTools']>>['tools'];
    beforeAll(async () => {
      tools = (await vendor.listTools()).tools;
    });

    it('has the resources agents work with, and leaves out credentials, settings, webhooks and uploads', () => {
      const names = tools.map((t) => t.name);
      for (const name of [
        'list_customers',
        'create_customer',
        'create_connect_link',
        'list_connections',
        'list_advertisers',
        'list_ad_sets',
        'create_ad_set',
        'get_ad_set',
        'update_ad_set',
        'delete_ad_set',
        'list_platform_campaigns',
        'update_campaign',
        'get_report',
        'get_report_run',
        'list_events',
        'list_ads',
      ]) {
        expect(names).toContain(name);
      }
      for (const name of [
        'create_access_token',
        'put_company_settings',
        'create_signing_secret',
        'create_webhook_endpoint',
        'rotate_webhook_secret',
        'upload_media',
        'introspect_session_token',
        'get_jwks',
        'get_liveness',
      ]) {
        expect(names).not.toContain(name);
      }
      expect(new Set(names).size).toBe(names.length);
    });

    it('gives every tool an input schema that compiles and takes exactly its operation’s parameters', () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      for (const tool of tools) {
        const op = byName.get(tool.name);
        expect(op, tool.name).toBeDefined();
        const validate = ajv.compile(tool.inputSchema);
        const body = op!.body?.content['application/json'];
        const expected = [
          ...Object.keys(op!.pathParams?.shape ?? {}),
          ...Object.keys(op!.query?.shape ?? {}),
          ...Object.keys((body?.schema as { shape?: object } | undefined)?.shape ?? {}),
          ...(op!.idempotent ? ['idempotency_key'] : []),
        ];
        expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual(expected.sort());
        expect(tool.inputSchema.required ?? [], tool.name).toEqual(
          expect.arrayContaining(Object.keys(op!.pathParams?.shape ?? {})),
        );
        // The operation's documented body is a valid set of arguments, with its path parameters
        // (`own`: a customer id, and any other id).
        const path = Object.fromEntries(
          Object.keys(op!.pathParams?.shape ?? {}).map((name) => [
            name,
            name === 'platform' ? 'meta' : 'own',
          ]),
        );
        if (body) expect(validate({ ...path, ...(body.example as object) }), tool.name).toBe(true);
        expect(validate({ ...path, not_a_parameter: 1 }), tool.name).toBe(false);
        expect(tool.description, tool.name).toContain(op!.summary);
      }
    });

    it('annotates what each tool does to the world', () => {
      const hints = (name: string) => tools.find((t) => t.name === name)!.annotations;
      expect(hints('list_ad_sets')).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(hints('list_events')).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(hints('create_ad_set')).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
      });
      for (const name of ['update_ad_set', 'update_campaign', 'update_ad']) {
        expect(hints(name)).toMatchObject({
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
        });
      }
      for (const name of ['delete_ad_set', 'delete_customer', 'disconnect_platform']) {
        expect(hints(name)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      }
      // A GET that creates a link is not read-only.
      expect(hints('create_connect_link')).toMatchObject({ readOnlyHint: false });
    });
  });

  describe('calls on the sandbox with the company token', () => {
    let advertiser: string;
    let campaign: string;
    let adSet: string;

    beforeAll(async () => {
      const advertisers = await call(vendor, 'list_advertisers', { platform: 'sandbox', customer });
      expect(advertisers.isError, JSON.stringify(advertisers)).toBeFalsy();
      advertiser = advertisers.structured.data.find((a: Structured) => a.currency === 'EUR').id;
      const campaigns = await call(vendor, 'list_platform_campaigns', { platform: 'sandbox', customer });
      campaign = campaigns.structured.data.find(
        (c: Structured) =>
          c.advertiser === advertiser && c.channelKind === 'Search' && c.status === 'Running',
      ).id;
    });

    const newAdSet = (name: string) => ({
      platform: 'sandbox',
      customer,
      name,
      advertiser,
      parentId: campaign,
      channelKind: 'Search',
      status: 'Active',
      settings: [
        { kind: 'DailyBudget', budget: 12.5, currency: 'EUR' },
        { kind: 'Objective', objective: 'TRAFFIC' },
        {
          kind: 'Runtime',
          start: `${NEXT_YEAR}-01-15T00:00:00+01:00`,
          end: `${NEXT_YEAR}-02-15T00:00:00+01:00`,
        },
      ],
      targetings: [{ kind: 'KeywordTargeting', keywords: ['sourdough'] }],
    });

    it('creates an ad set, once per idempotency key, and reads it back', async () => {
      const args = { ...newAdSet('Agent — spring'), idempotency_key: 'agent-spring-1' };
      const created = await call(vendor, 'create_ad_set', args);
      expect(created.isError, JSON.stringify(created)).toBeFalsy();
      expect(created.structured).toMatchObject({ name: 'Agent — spring', platform: 'sandbox', advertiser });
      adSet = created.structured.id;
      expect(created.content[0]).toEqual({
        type: 'text',
        text: expect.stringContaining(`id ${adSet}`),
      });
      expect(JSON.parse((created.content[1] as { text: string }).text)).toEqual(created.structured);
      const again = await call(vendor, 'create_ad_set', args);
      expect(again.structured.id).toBe(adSet);
      const reused = await call(vendor, 'create_ad_set', { ...args, name: 'Another' });
      expect(reused.structured.error).toMatchObject({ code: 'idempotency_key_reused' });
      const read = await call(vendor, 'get_ad_set', { platform: 'sandbox', customer, id: adSet });
      expect(read.structured).toMatchObject({ id: adSet, status: created.structured.status });
    });

    it('pauses it (an update), which the events record as the API’s would', async () => {
      const before = await call(vendor, 'get_ad_set', { platform: 'sandbox', customer, id: adSet });
      expect(before.structured.status).not.toBe('Paused');
      const paused = await call(vendor, 'update_ad_set', {
        platform: 'sandbox',
        customer,
        id: adSet,
        status: 'Paused',
      });
      expect(paused.isError, JSON.stringify(paused)).toBeFalsy();
      expect(paused.structured).toMatchObject({ id: adSet, status: 'Paused' });
      const events = await call(vendor, 'list_events', { type: 'adset.updated', customer });
      expect(events.structured.data[0]).toMatchObject({
        type: 'adset.updated',
        customer,
        // The audit names the token the agent used, as for the API's own requests.
        actor: { type: 'company_token', id: company.tokenId },
        data: {
          adset: { id: adSet, status: 'Paused' },
          previous_attributes: { status: before.structured.status },
        },
      });
    });

    it('pages a list with the API’s cursor', async () => {
      const first = await call(vendor, 'list_ad_sets', { platform: 'sandbox', customer, limit: '1' });
      expect(first.structured.data).toHaveLength(1);
      expect(first.structured.has_more).toBe(true);
      expect(first.content[0]).toMatchObject({ text: expect.stringContaining(first.structured.next_cursor) });
      const second = await call(vendor, 'list_ad_sets', {
        platform: 'sandbox',
        customer,
        limit: 1,
        cursor: first.structured.next_cursor,
      });
      expect(second.structured.data).toHaveLength(1);
      expect(second.structured.data[0].id).not.toBe(first.structured.data[0].id);
    });

    it('reports on the customer’s ad sets', async () => {
      const report = await call(vendor, 'get_report', {
        customer,
        platform: 'sandbox',
        level: 'adset',
        from: day(-9),
        to: day(-3),
      });
      expect(report.isError, JSON.stringify(report)).toBeFalsy();
      expect(report.structured.data.length).toBeGreaterThan(0);
      for (const row of report.structured.data) {
        expect(row).toMatchObject({ platform: 'sandbox', level: 'adset', currency: expect.any(String) });
        expect(typeof row.spend).toBe('number');
      }
    });

    it('answers the API’s errors as tool errors with code, param and message', async () => {
      const unknown = await call(vendor, 'get_ad_set', {
        platform: 'sandbox',
        customer,
        id: adSet,
        colour: 'red',
      });
      expect(unknown.isError).toBe(true);
      expect(unknown.structured).toMatchObject({
        status: 400,
        error: { code: 'unknown_parameter', param: 'colour', message: expect.any(String) },
      });
      expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/unknown_parameter.*colour/) });
      const missing = await call(vendor, 'get_ad_set', { platform: 'sandbox', customer });
      expect(missing.structured).toMatchObject({
        status: 400,
        error: { code: 'invalid_request', param: 'id' },
      });
      const badBudget = await call(vendor, 'create_ad_set', {
        ...newAdSet('Bad budget'),
        settings: [{ kind: 'DailyBudget', budget: 'a lot', currency: 'EUR' }],
      });
      expect(badBudget.structured).toMatchObject({ status: 400, error: { code: 'invalid_request' } });
      expect(badBudget.structured.error.param).toMatch(/^settings/);
      const platform = await call(vendor, 'list_ad_sets', { platform: 'myspace', customer });
      expect(platform.structured).toMatchObject({ status: 404, error: { code: 'platform_not_found' } });
    });

    it('refuses an unknown tool as a protocol error', async () => {
      await expect(vendor.callTool({ name: 'drop_everything', arguments: {} })).rejects.toThrow(
        /drop_everything/,
      );
    });
  });

  describe('a customer’s access tokens', () => {
    it('with the read scope: no write tool is listed, and a write call is refused as the API refuses it', async () => {
      const reader = await mcpClient(h.baseUrl, await accessToken('read'));
      try {
        const { tools } = await reader.listTools();
        expect(tools.length).toBeGreaterThan(0);
        for (const tool of tools) {
          expect(byName.get(tool.name)?.access, tool.name).toBe('read');
          expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
        }
        expect(tools.map((t) => t.name)).not.toContain('list_customers');
        const listed = await call(reader, 'list_ad_sets', { platform: 'sandbox' });
        expect(listed.isError, JSON.stringify(listed)).toBeFalsy();
        const refused = await call(reader, 'update_ad_set', {
          platform: 'sandbox',
          id: 'as_1',
          status: 'Paused',
        });
        expect(refused.isError).toBe(true);
        expect(refused.structured).toMatchObject({ status: 403, error: { code: 'insufficient_scope' } });
      } finally {
        await reader.close();
      }
    });

    it('with the write scope: its customer’s tools, no other customer and no company tool', async () => {
      const writer = await mcpClient(h.baseUrl, await accessToken('write'));
      try {
        const names = (await writer.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['create_ad_set', 'update_ad_set', 'get_customer']));
        expect(names).not.toContain('list_customers');
        expect(names).not.toContain('list_events');
        const other = await call(writer, 'list_ad_sets', { platform: 'sandbox', customer: neighbour });
        expect(other.structured).toMatchObject({
          status: 403,
          error: { code: 'customer_not_allowed', param: 'customer' },
        });
        const otherCustomer = await call(writer, 'get_customer', { id: neighbour });
        expect(otherCustomer.structured.error).toMatchObject({ code: 'customer_not_allowed', param: 'id' });
        const company = await call(writer, 'list_customers');
        expect(company.structured).toMatchObject({ status: 403, error: { code: 'company_token_required' } });
        const own = await call(writer, 'get_customer', { id: customer });
        expect(own.structured).toMatchObject({ id: customer });
      } finally {
        await writer.close();
      }
    });
  });

  describe('HTTP', () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${h.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const metadataUrl = () => `${h.baseUrl}/.well-known/oauth-protected-resource/mcp`;

    it('refuses a call without a token with 401 and a challenge naming the resource metadata', async () => {
      const res = await post({});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer realm="adlink", resource_metadata="${metadataUrl()}"`,
      );
      expect(((await res.json()) as Structured).error.code).toBe('missing_token');
      const wrong = await post({ Authorization: `Bearer adl_live_${'x'.repeat(43)}` });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe(
        `Bearer realm="adlink", error="invalid_token", resource_metadata="${metadataUrl()}"`,
      );
    });

    it('publishes the protected-resource metadata of /mcp and of the API, with no authorization server', async () => {
      const mcp = await fetch(metadataUrl());
      expect(mcp.status).toBe(200);
      expect(await mcp.json()).toEqual({
        resource: `${h.baseUrl}/mcp`,
        resource_name: 'adlink',
        bearer_methods_supported: ['header'],
        resource_documentation: `${h.baseUrl}/docs`,
      });
      const api = (await (
        await fetch(`${h.baseUrl}/.well-known/oauth-protected-resource`)
      ).json()) as Structured;
      expect(api.resource).toBe(h.baseUrl);
      expect(api.authorization_servers).toBeUndefined();
    });

    it('is stateless: no session id, GET and DELETE are 405, a page of another origin is refused', async () => {
      const listed = await post({ Authorization: company.auth });
      expect(listed.status).toBe(200);
      expect(listed.headers.get('mcp-session-id')).toBeNull();
      expect(((await listed.json()) as Structured).result.tools.length).toBeGreaterThan(0);
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(`${h.baseUrl}/mcp`, { method, headers: { Authorization: company.auth } });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
      }
      expect((await post({ Authorization: company.auth, Origin: 'https://elsewhere.example' })).status).toBe(
        403,
      );
      expect((await post({ Authorization: company.auth, Origin: h.baseUrl })).status).toBe(200);
    });

    it('counts each message and each tool call against the token’s rate limit, as API requests', async () => {
      // A company of its own: its minute starts here.
      const counted = await h.company('Counted Vendor');
      const before = await post({ Authorization: counted.auth });
      const left = Number(/r=(\d+)/.exec(before.headers.get('ratelimit') ?? '')?.[1]);
      const agent = await mcpClient(h.baseUrl, counted.token);
      await call(agent, 'list_customers');
      await agent.close();
      const after = await post({ Authorization: counted.auth });
      // initialize, its notification, then the call's message and its API request.
      expect(Number(/r=(\d+)/.exec(after.headers.get('ratelimit') ?? '')?.[1])).toBe(left - 5);
    });
  });

  describe('limits', () => {
    let tight: Harness;
    beforeAll(async () => {
      tight = await startHarness({ env: { API_RATE_LIMIT: '5', CUSTOMER_QUOTA: '1' } });
    });
    afterAll(() => tight?.close());

    it('spends the token’s rate limit: a call past it is the tool error rate_limited, a message past it 429', async () => {
      const company = await tight.company('Busy Vendor');
      // initialize and its notification: two requests; each call: the message and its API request.
      const agent = await mcpClient(tight.baseUrl, company.token);
      try {
        expect((await call(agent, 'list_customers')).isError).toBeFalsy();
        const throttled = await call(agent, 'list_customers');
        expect(throttled.structured).toMatchObject({ status: 429, error: { code: 'rate_limited' } });
        await expect(agent.listTools()).rejects.toThrow(/rate_limited|429/);
      } finally {
        await agent.close();
      }
    });

    it('spends the company’s quotas: a create past one is the tool error quota_exceeded', async () => {
      const company = await tight.company('Growing Vendor');
      // Stateless: a call needs no initialize first (two requests of the budget each).
      const create = async (name: string) => {
        const res = await fetch(`${tight.baseUrl}/mcp`, {
          method: 'POST',
          headers: {
            Authorization: company.auth,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'create_customer', arguments: { name } },
          }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as Structured).result;
      };
      expect((await create('First')).isError).toBeUndefined();
      expect(await create('Second')).toMatchObject({
        isError: true,
        structuredContent: { status: 409, error: { code: 'quota_exceeded' } },
      });
    });
  });
});
