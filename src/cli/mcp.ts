import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ConfigError, type RemoteSettings, remoteSettings } from '../config.js';
import { API_VERSION } from '../openapi/document.js';
import { CommandError, type LocalCommand, UsageError } from './command.js';

const SETUP =
  'Set ADLINK_URL to the adlink server and ADLINK_TOKEN to a company token or an access token (docs/mcp.md).\n';

function settings(): RemoteSettings {
  try {
    return remoteSettings();
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message, undefined, SETUP);
    throw err;
  }
}

/** The server's `/mcp` with the token: the tools it lists are the ones this token may call. */
async function remote({ url, token }: RemoteSettings): Promise<Client> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const client = new Client({ name: 'adlink-mcp-stdio', version: API_VERSION });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  try {
    await client.connect(transport);
  } catch (err) {
    throw new CommandError(
      `could not connect to ${url}/mcp: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return client;
}

/**
 * adlink's tools over stdio for desktop agents. It relays each message to the server's `/mcp` with
 * ADLINK_TOKEN, so the tools, their arguments and their checks are the server's own, for this token
 * (a read token lists no write tool), whatever version of adlink runs here.
 */
export const mcp: LocalCommand = {
  name: 'mcp',
  summary: 'Serve adlink’s tools to an AI agent over stdio (Model Context Protocol)',
  details: [
    'Reads ADLINK_URL (the adlink server) and ADLINK_TOKEN (a company token or an access token).',
    'stdout carries the protocol; it runs until the agent closes stdin. See docs/mcp.md.',
  ],
  store: false,
  // The protocol's modules are loaded here, not by every command of the CLI.
  async run() {
    const client = await remote(settings());
    const [{ mcpServer }, { StdioServerTransport }] = await Promise.all([
      import('../mcp/server.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
    ]);
    const server = mcpServer({
      list: () => client.listTools(),
      call: async (params) => (await client.callTool(params)) as CallToolResult,
    });
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve;
      process.stdin.once('end', resolve);
    });
    await server.connect(new StdioServerTransport());
    await closed;
    await server.close();
    await client.close();
  },
};
