import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../openapi/document.js';

/** What an agent reads once, on initialize: the conventions every tool shares. */
export const INSTRUCTIONS = `adlink manages the ads of a software vendor's customers on Meta, Google Ads, TikTok, LinkedIn, Microsoft Advertising, Snapchat, Pinterest and a sandbox through one model.
- Tools named after the API's operations; each answer is the API's JSON (structured content) after a one-line summary.
- With a company token, \`customer\` names the customer to act for (left out: the company's own ad accounts); with a customer's access token, leave it out or name that customer.
- Money is in major units of the ad account's currency (12.5 = 12.50), times are ISO 8601 with an offset.
- Lists answer \`has_more\` and \`next_cursor\`: pass it as \`cursor\` for the next page.
- A refusal is a tool error with the API's \`code\`, \`param\` (the argument to correct) and message: \`unsupported_for_platform\` names what a platform cannot take, \`platform_validation_failed\` what the platform itself refused.
- Reports may answer "accepted, still running" (202) with an id: read it again with get_report_run.`;

export interface ToolHandlers {
  list(): Promise<ListToolsResult>;
  /** Undefined: no tool has this name (a protocol error, not a tool's). */
  call(params: CallToolRequest['params']): Promise<CallToolResult | undefined>;
}

/** adlink's MCP server on any transport: its tools are what `handlers` list and call. */
export function mcpServer(handlers: ToolHandlers): Server {
  const server = new Server(
    { name: 'adlink', title: 'adlink', version: API_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => handlers.list());
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const result = await handlers.call(params);
    if (!result) throw new McpError(ErrorCode.InvalidParams, `No tool is named ${params.name}.`);
    return result;
  });
  return server;
}
