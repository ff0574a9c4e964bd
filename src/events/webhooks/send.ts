import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { resolveTarget, type TargetPolicy } from './targets.js';

export const SEND_TIMEOUT_MS = 10_000;
const BODY_KEPT = 1024;

export interface SendResult {
  /** The receiver's status; null when it never answered. */
  status: number | null;
  ok: boolean;
  durationMs: number;
  error: string | null;
  /** The first 1 kB of the answer; the rest is not read. */
  responseBody: string;
}

/** Where a delivery may go and how long it may take, resolution included. */
export interface SendOptions {
  policy: TargetPolicy;
  /** DNS servers to resolve targets with (`ip` or `ip:port`); empty: the system's. */
  dnsServers?: readonly string[];
  timeoutMs?: number;
}

/**
 * POSTs one webhook: to checked addresses only (targets.ts), never following a redirect (a 3xx is a
 * failure), within 10 s for the whole exchange, resolving the name included. Never throws: failures
 * are in the result.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { policy, dnsServers = [], timeoutMs = SEND_TIMEOUT_MS }: SendOptions,
): Promise<SendResult> {
  const started = Date.now();
  const done = (fields: Omit<SendResult, 'durationMs' | 'ok'>): SendResult => ({
    ...fields,
    ok: fields.status !== null && fields.status >= 200 && fields.status < 300,
    durationMs: Date.now() - started,
  });
  const target = new URL(url);
  let addresses: string[];
  try {
    addresses = await resolveTarget(target.hostname, policy, started + timeoutMs, dnsServers);
  } catch (err) {
    return done({ status: null, error: errorText(err), responseBody: '' });
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
        // The connection goes to the address that was checked, whatever DNS answers now.
        lookup: (_host, options, callback) => {
          const address = addresses[0]!;
          if ((options as { all?: boolean }).all) callback(null, [{ address, family: isIP(address) }]);
          else callback(null, address, isIP(address));
        },
      },
      (res) => {
        let kept = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          kept = Buffer.concat([kept, chunk]).subarray(0, BODY_KEPT);
          if (kept.length >= BODY_KEPT) res.destroy();
        });
        const answer = () =>
          finish({ status: res.statusCode ?? null, error: null, responseBody: kept.toString('utf8') });
        res.on('end', answer);
        res.on('close', answer);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error('timeout')),
      Math.max(0, started + timeoutMs - Date.now()),
    );
    const finish = (fields: Omit<SendResult, 'durationMs' | 'ok'>) => {
      clearTimeout(timer);
      resolve(done(fields));
    };
    req.on('error', (err) => finish({ status: null, error: errorText(err), responseBody: '' }));
    req.end(body);
  });
}

/**
 * What went wrong, without the address it went wrong at: a system error names its code and call only
 * (`ECONNREFUSED (connect)`), since Node's message carries the address connected to.
 */
const errorText = (err: unknown): string => {
  const e = err as NodeJS.ErrnoException;
  if (e.syscall) return `${e.code ?? 'error'} (${e.syscall})`;
  return (e.code ? `${e.code}: ${e.message}` : e.message).slice(0, 200);
};
