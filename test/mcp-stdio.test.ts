import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { mcpClient, type Structured } from './support/mcp-client.js';
import { sandboxCustomer } from './support/sandbox-customer.js';

/**
 * `adlink mcp` as a desktop agent starts it (`node bin/adlink.js mcp`, the token and server in its
 * environment), driven by the SDK's stdio client: the same tools as `/mcp` gives the token, and calls
 * that reach the server's API.
 */

const BIN = fileURLToPath(new URL('../bin/adlink.js', import.meta.url));
const BASE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };

async function stdioClient(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'adlink-tests', version: '1' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { ...BASE_ENV, ...env } }),
  );
  return client;
}

function adlinkMcp(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'mcp'],
      { env: { ...BASE_ENV, ...env }, timeout: 30_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tool's structured answer, which must not be an error. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Structured> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
  return result.structuredContent;
}

describe('adlink mcp (stdio)', () => {
  let h: Harness;
  let company: Company;
  let customer: string;

  beforeAll(async () => {
    h = await startHarness();
    company = await h.company('Desktop Vendor');
    customer = await sandboxCustomer(h, company, 'Desktop Bakery');
  });
  afterAll(() => h?.close());

  it('serves the tools /mcp gives the token, and calls them on the server', async () => {
    const client = await stdioClient({ ADLINK_URL: h.baseUrl, ADLINK_TOKEN: company.token });
    const remote = await mcpClient(h.baseUrl, company.token);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'adlink' });
      const tools = (await client.listTools()).tools;
      expect(tools).toEqual((await remote.listTools()).tools);
      const listed = (await client.callTool({
        name: 'list_advertisers',
        arguments: { platform: 'sandbox', customer },
      })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect((listed.structuredContent as Structured).data.map((a: Structured) => a.currency).sort()).toEqual(
        ['EUR', 'USD'],
      );
      const eur = (listed.structuredContent as Structured).data.find(
        (a: Structured) => a.currency === 'EUR',
      ).id;
      const campaigns = await call(client, 'list_platform_campaigns', { platform: 'sandbox', customer });
      const campaign = campaigns.data.find(
        (c: Structured) => c.advertiser === eur && c.channelKind === 'Search' && c.status === 'Running',
      ).id;
      const created = await call(client, 'create_ad_set', {
        platform: 'sandbox',
        customer,
        name: 'Desktop — winter',
        advertiser: eur,
        parentId: campaign,
        channelKind: 'Search',
        settings: [
          { kind: 'DailyBudget', budget: 9.5, currency: 'EUR' },
          { kind: 'Objective', objective: 'TRAFFIC' },
          {
            kind: 'Runtime',
            start: `${NEXT_YEAR}-01-15T00:00:00+01:00`,
            end: `${NEXT_YEAR}-02-15T00:00:00+01:00`,
          },
        ],
        targetings: [{ kind: 'KeywordTargeting', keywords: ['rye bread'] }],
      });
      const paused = await call(client, 'update_ad_set', {
        platform: 'sandbox',
        customer,
        id: created.id,
        status: 'Paused',
      });
      expect(paused).toMatchObject({ id: created.id, name: 'Desktop — winter', status: 'Paused' });
      const report = await call(client, 'get_report', {
        customer,
        platform: 'sandbox',
        level: 'campaign',
        from: day(-9),
        to: day(-3),
      });
      expect(report.data.length).toBeGreaterThan(0);
      const refused = (await client.callTool({
        name: 'get_ad_set',
        arguments: { platform: 'sandbox', customer, id: 'as_missing', colour: 'red' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        error: { code: 'unknown_parameter', param: 'colour' },
      });
    } finally {
      await client.close();
      await remote.close();
    }
  });

  it('lists no write tool for a read access token', async () => {
    const issued = await h.http
      .post(`/customers/${customer}/access_tokens`)
      .set('Authorization', company.auth)
      .send({ scope: 'read' });
    expect(issued.status).toBe(201);
    const client = await stdioClient({ ADLINK_URL: `${h.baseUrl}/`, ADLINK_TOKEN: issued.body.token });
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      const refused = (await client.callTool({
        name: 'delete_ad_set',
        arguments: { platform: 'sandbox', id: 'as_1' },
      })) as CallToolResult;
      expect(refused.structuredContent).toMatchObject({ status: 403, error: { code: 'insufficient_scope' } });
    } finally {
      await client.close();
    }
  });

  it('exits 2 naming what is missing, and 1 when the server refuses the token', async () => {
    const none = await adlinkMcp({});
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('ADLINK_URL: is required');
    expect(none.stderr).toContain('ADLINK_TOKEN: is required');
    const badUrl = await adlinkMcp({ ADLINK_URL: 'ftp://adlink.example', ADLINK_TOKEN: company.token });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('ADLINK_URL: must be an http:// or https:// URL');
    const wrong = await adlinkMcp({ ADLINK_URL: h.baseUrl, ADLINK_TOKEN: `adl_live_${'x'.repeat(43)}` });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/could not connect to .*\/mcp: .*invalid_token/);
  });
});
