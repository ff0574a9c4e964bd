import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A platform's answer headers (names lowercase, as node:http gives them). */
export interface AnswerHeaders {
  get(name: string): string | null;
}

export interface HttpAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The body as UTF-8 text. */
  text: string;
  /** The body as it came (a zipped report download is binary). */
  bytes: Buffer;
}

/** What a platform call sends: adapters build JSON or form bodies as text, headers as a plain object. */
export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Text, or bytes (an image upload). */
  body?: string | Buffer;
}

/** The platforms' API hosts, over keep-alive connections shared by every call of the process. */
const agents = {
  'http:': { request: httpRequest, agent: new HttpAgent({ keepAlive: true }) },
  'https:': { request: httpsRequest, agent: new HttpsAgent({ keepAlive: true }) },
};

/** A transport failure; `timeout` when the whole exchange did not end within its time. */
export class HttpCallError extends Error {
  constructor(readonly timeout: boolean) {
    super(timeout ? 'the platform did not answer in time' : 'the platform could not be reached');
  }
}

const headersOf = (message: IncomingMessage): AnswerHeaders => ({
  get: (name) => {
    const value = message.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

/**
 * One HTTP exchange with node:http(s): a live read makes tens of calls at once, and fetch costs
 * several times the CPU a call. The whole exchange, body included, must end within `timeoutMs`;
 * a redirect is a failure (a platform's API does not redirect, and the token must not follow one).
 */
export function httpCall(url: string, init: HttpRequest, timeoutMs: number): Promise<HttpAnswer> {
  const target = new URL(url);
  const transport = agents[target.protocol as keyof typeof agents];
  if (!transport) return Promise.reject(new HttpCallError(false));
  return new Promise((resolve, reject) => {
    const request = transport.request(target, {
      method: init.method ?? 'GET',
      headers: {
        ...init.headers,
        ...(init.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(init.body)) }),
      },
      agent: transport.agent,
    });
    let settled = false;
    const fail = (timeout: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(new HttpCallError(timeout));
    };
    const timer = setTimeout(() => fail(true), timeoutMs);
    request.on('error', () => fail(false));
    request.on('response', (message) => {
      const status = message.statusCode ?? 0;
      if (status >= 300 && status < 400) return fail(false);
      const chunks: Buffer[] = [];
      message.on('data', (chunk: Buffer) => chunks.push(chunk));
      message.on('error', () => fail(false));
      message.on('aborted', () => fail(false));
      message.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const bytes = Buffer.concat(chunks);
        resolve({
          status,
          headers: headersOf(message),
          bytes,
          get text() {
            return bytes.toString('utf8');
          },
        });
      });
    });
    request.end(init.body);
  });
}
