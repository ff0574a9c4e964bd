import { isIPv6 } from 'node:net';
import { type Request, type RequestHandler, Router } from 'express';
import { AppError } from '../errors.js';
import { resource } from '../http/routes.js';
import { noQuery, parseQuery } from '../http/validate.js';
import { largeJsonBody } from '../http/vendor-body.js';
import type { Platforms } from '../ports/platforms.js';
import { type Api, callTool } from './call.js';
import { platformNotes } from './platform-notes.js';
import { type Tool, toolNamed, toolsFor } from './tools.js';

const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * The protected-resource metadata of RFC 9728 for `resource`: Bearer tokens in the header, and no
 * authorization server, since adlink issues its tokens itself (docs/mcp.md).
 */
const metadata =
  (resourceUrl: string, documentation: string): RequestHandler =>
  (req, res) => {
    parseQuery(noQuery, req);
    res.json({
      resource: resourceUrl,
      resource_name: 'adlink',
      bearer_methods_supported: ['header'],
      resource_documentation: documentation,
    });
  };

/** A refused token's challenge names where the metadata is, as the protocol's authorization asks. */
const challenging =
  (authenticated: RequestHandler, metadataUrl: string): RequestHandler =>
  async (req, res, next) => {
    try {
      await authenticated(req, res, next);
    } catch (err) {
      const challenge = err instanceof AppError ? err.headers['WWW-Authenticate'] : undefined;
      if (challenge) {
        (err as AppError).headers['WWW-Authenticate'] = `${challenge}, resource_metadata="${metadataUrl}"`;
      }
      throw err;
    }
  };

/**
 * The API, reached over this server's own socket with the caller's token: a tool call is an API
 * request like any other (authentication, rate limit, validation, idempotency, scope, audit).
 */
function loopback(req: Request): Api {
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  const base = `http://${isIPv6(localAddress) ? `[${localAddress}]` : localAddress}:${localPort}`;
  const headers = {
    Authorization: req.get('authorization')!,
    'X-Request-Id': req.id,
    ...(req.ip ? { 'X-Forwarded-For': req.ip } : {}),
  };
  return async ({ method, target, headers: own, body }) => {
    const res = await fetch(`${base}${target}`, {
      method,
      headers: { ...headers, ...own },
      body,
      redirect: 'manual',
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  };
}

/** The protocol's server side, loaded by the first `/mcp` request: loading it costs startup 0.1 s. */
let sdk: Promise<
  [typeof import('./server.js'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')]
>;
const loadSdk = () =>
  (sdk ??= Promise.all([
    import('./server.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]));

/** A tool as `tools/list` shows it, with what this deployment's platforms say about it. */
const definition =
  (notes: Map<string, string>) =>
  ({ name, title, description, inputSchema, annotations }: Tool) => ({
    name,
    title,
    description: [description, notes.get(name)].filter(Boolean).join('\n\n'),
    inputSchema,
    annotations,
  });

/**
 * `POST /mcp`: the protocol's Streamable HTTP transport, stateless (each request its own server, so
 * any instance answers any request), behind the API's authentication; and the metadata documents of
 * the API and of `/mcp` as protected resources.
 */
export const MCP_PREFIXES = [MCP_PATH, METADATA_PATH];

export function createMcpRoutes(
  publicBaseUrl: string,
  authenticated: RequestHandler,
  platforms: Platforms,
): Router {
  const router = Router();
  const describe = definition(platformNotes(platforms));
  const resourceUrl = `${publicBaseUrl}${MCP_PATH}`;
  const origin = new URL(publicBaseUrl).origin;
  const documentation = `${publicBaseUrl}/docs`;
  resource(router, METADATA_PATH, { get: metadata(publicBaseUrl, documentation) });
  resource(router, `${METADATA_PATH}${MCP_PATH}`, { get: metadata(resourceUrl, documentation) });
  const guards = [challenging(authenticated, `${publicBaseUrl}${METADATA_PATH}${MCP_PATH}`), largeJsonBody()];
  resource(
    router,
    MCP_PATH,
    {
      post: async (req, res) => {
        const [{ mcpServer }, { StreamableHTTPServerTransport }] = await loadSdk();
        const owner = req.auth!;
        const api = loopback(req);
        const server = mcpServer({
          list: async () => ({ tools: toolsFor(owner).map(describe) }),
          call: async ({ name, arguments: args = {} }) => {
            const tool = toolNamed(name);
            return tool && callTool(tool, args, api, req.id);
          },
        });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
          // Browsers' pages elsewhere are refused (DNS rebinding); agents send no Origin.
          enableDnsRebindingProtection: true,
          allowedOrigins: [origin],
        });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        // Express's `req.auth` is the token's owner, not the SDK's AuthInfo: the server above holds it.
        await transport.handleRequest(req as Parameters<typeof transport.handleRequest>[0], res, req.body);
      },
    },
    guards,
  );
  return router;
}
