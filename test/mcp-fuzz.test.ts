import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.js';
import type { Company } from './support/connect-helpers.js';
import { type Harness, startHarness } from './support/harness.js';
import { call, mcpClient } from './support/mcp-client.js';
import { sandboxCustomer } from './support/sandbox-customer.js';

/**
 * Every tool called with generated arguments, on a customer connected to the sandbox: its own
 * parameters with wrong types, unknown fields, huge strings, hostile keys. Each answer is a result or
 * a tool error with one of the API's codes, never a 5xx or a failed request; the server stays up.
 * The cases come from a fixed seed (FUZZ_SEED overrides it), printed with any failure to replay it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = 400;

const huge = fc.integer({ min: 8_000, max: 400_000 }).map((n) => 'x'.repeat(n));
const value = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.constantFrom('sandbox', 'meta', 'own', '../customers', '%00', '__proto__') },
);

describe('MCP tools under generated arguments', () => {
  let h: Harness;
  let company: Company;
  let customer: string;
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    h = await startHarness({ env: { API_RATE_LIMIT: '100000' } });
    company = await h.company('Fuzz Vendor');
    customer = await sandboxCustomer(h, company, 'Fuzz Bakery');
    client = await mcpClient(h.baseUrl, company.token);
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
    await h?.close();
  });

  const argumentsFor = (tool: Tool) => {
    const own = Object.keys(tool.inputSchema.properties ?? {});
    const key = fc.oneof(
      { weight: 4, arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.string() },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor')),
      },
    );
    // Often aimed at the connected customer on the sandbox, so calls get past the first checks.
    const base = fc.constantFrom(
      {},
      { platform: 'sandbox', customer },
      { platform: 'sandbox', id: customer },
    );
    return fc
      .tuple(base, fc.array(fc.tuple(key, value), { maxLength: 5 }))
      .map(([start, pairs]) => Object.fromEntries([...Object.entries(start), ...pairs]));
  };

  it('answers a result or one of the API’s errors below 500, for every tool', async () => {
    const codes = new Set(Object.keys(ERROR_CODES));
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: tools.length - 1 })
          .chain((i) => argumentsFor(tools[i]!).map((args) => ({ tool: tools[i]!.name, args }))),
        async ({ tool, args }) => {
          const result = await call(client, tool, args);
          if (!result.isError) return;
          const { status, error } = result.structured;
          expect(status, `${tool} ${JSON.stringify(error)}`).toBeLessThan(500);
          expect(codes.has(error.code), `${tool}: ${error.code}`).toBe(true);
          seen.set(error.code, (seen.get(error.code) ?? 0) + 1);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // The arguments reached the API's checks, not only a few of them.
    expect(seen.get('unknown_parameter')).toBeGreaterThan(0);
    expect(seen.get('invalid_request')).toBeGreaterThan(0);
    expect((await fetch(`${h.baseUrl}/healthz`)).status).toBe(200);
  });

  it('answers malformed protocol messages below 500', async () => {
    const post = (body: string) =>
      fetch(`${h.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: company.auth,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
    const messages = [
      '{',
      '[]',
      '"tools/list"',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_customers', arguments: 'all' },
      }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 42 } }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such/method' }),
      JSON.stringify({ jsonrpc: '1.0', id: {}, method: 'tools/list' }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_customer', arguments: { id: 'x'.repeat(1_000_000) } },
      }),
    ];
    for (const message of messages) {
      const res = await post(message);
      expect(res.status, message.slice(0, 80)).toBeLessThan(500);
    }
    expect((await fetch(`${h.baseUrl}/healthz`)).status).toBe(200);
  });
});
