import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFetch } from '../../src/platforms/platform-fetch.js';
import { PlatformError } from '../../src/ports/platform-error.js';

/** A platform API on loopback whose answer each test chooses by path; it records what reached it. */
function platformServer() {
  const seen: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      if (req.url === '/json')
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"a":1}');
      if (req.url === '/empty') return void res.writeHead(204).end();
      if (req.url === '/redirect') return void res.writeHead(302, { Location: '/json' }).end();
      if (req.url === '/throttled')
        return void res.writeHead(429, { 'Retry-After': '30' }).end('{"error":"slow down"}');
      if (req.url === '/unauthorized')
        return void res.writeHead(401).end('{"error":{"message":"bad token","code":"E1"}}');
      if (req.url === '/stall-body') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"a":');
        return;
      }
      res.writeHead(404).end();
    });
  });
  return { server, seen };
}

const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
};

describe('platformFetch over keep-alive node:http', () => {
  const { server, seen } = platformServer();
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => (server as Server).close(resolve));
  });

  it('sends the method, headers and body, and parses the JSON answer; an empty answer is undefined', async () => {
    const body = JSON.stringify({ name: 'Ünïcode' });
    expect(
      await platformFetch(
        `${base}/json`,
        { method: 'POST', headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' }, body },
        2000,
      ),
    ).toEqual({ a: 1 });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/json', body });
    expect(request.headers).toMatchObject({
      authorization: 'Bearer t',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(await platformFetch(`${base}/empty`, {}, 2000)).toBeUndefined();
  });

  it('does not follow a redirect (the token must not go elsewhere)', async () => {
    const before = seen.length;
    const error = await failureOf(platformFetch(`${base}/redirect`, {}, 2000));
    expect(error.kind).toBe('unreachable');
    expect(seen.slice(before).map((r) => r.path)).toEqual(['/redirect']);
  });

  it('maps 401 and a long 429 to their kinds, with the platform’s message, code and Retry-After', async () => {
    expect(await failureOf(platformFetch(`${base}/unauthorized`, {}, 2000))).toMatchObject({
      kind: 'unauthorized',
      message: 'bad token',
      code: 'E1',
      status: 401,
    });
    expect(await failureOf(platformFetch(`${base}/throttled`, {}, 2000))).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 30,
      status: 429,
    });
  });

  it('times out when the body stops halfway, and reports an address nobody listens on as unreachable', async () => {
    const started = Date.now();
    expect((await failureOf(platformFetch(`${base}/stall-body`, {}, 300))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failureOf(platformFetch(`http://127.0.0.1:${port}/`, {}, 2000))).kind).toBe('unreachable');
  });
});
