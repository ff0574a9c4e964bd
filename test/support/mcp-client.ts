import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A parsed tool answer; the assertions that read it are its type check. */
// biome-ignore lint/suspicious/noExplicitAny: structured content of tool results under test
export type Structured = any;

/** The SDK's own client on adlink's `/mcp`, with a Bearer token. */
export async function mcpClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'adlink-tests', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool's result, typed as the protocol's. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ...result, structured: result.structuredContent as Structured };
}
