/**
 * The webhook and redirect-result checks of adlink's docs/webhooks-and-events.md and docs/connect.md,
 * on WebCrypto (browsers, Node 20+, workers): the HMAC-SHA256 is verified with `crypto.subtle.verify`, which compares in constant time.
 */

export interface FreshnessOptions {
  /** How old (or how far ahead) a timestamp may be, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time in Unix seconds (default now). */
  now?: number;
}

const encoder = new TextEncoder();

function hmacKey(secret: string) {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
}

/** Bytes of a lower- or upper-case hex string; undefined when it is not one. */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Whether any of the hex signatures is the HMAC of `data` under `secret`. */
async function someSignatureMatches(
  secret: string,
  data: Uint8Array<ArrayBuffer>,
  signatures: string[],
): Promise<boolean> {
  const key = await hmacKey(secret);
  for (const signature of signatures) {
    const bytes = hexBytes(signature.trim());
    if (bytes && (await crypto.subtle.verify('HMAC', key, bytes, data))) return true;
  }
  return false;
}

function fresh(
  ts: string | undefined,
  { toleranceSeconds = 300, now = Date.now() / 1000 }: FreshnessOptions,
) {
  return ts !== undefined && /^\d+$/.test(ts) && Math.abs(now - Number(ts)) <= toleranceSeconds;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Whether a webhook delivery is adlink's: `header` is its `Adlink-Signature` (`t=<unix seconds>,v1=<hex>`,
 * one `v1` per secret during a rotation), each `v1` the HMAC-SHA256 of `<t>.<raw body>` keyed with the
 * endpoint's secret. Pass the body exactly as received, before parsing it.
 */
export async function verifyWebhook(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: FreshnessOptions = {},
): Promise<boolean> {
  const parts = (header ?? '').split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1)];
  });
  const t = parts.find(([name]) => name === 't')?.[1];
  if (!fresh(t, options)) return false;
  const raw = typeof body === 'string' ? encoder.encode(body) : body;
  const signed = concat(encoder.encode(`${t}.`), raw);
  const v1 = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  return someSignatureMatches(secret, signed, v1);
}

/** The parameters of a connect result, sorted by name, as adlink signs them. */
const RESULT_PARAMETERS = ['customer', 'id', 'platforms', 'status', 'ts'] as const;

/**
 * Whether the URL your redirect URI was called with carries a connect result adlink signed: `signature`
 * (one hex HMAC-SHA256 per active signing secret, comma-separated) over `customer`, `id`, `platforms`,
 * `status` and `ts` as `name=value` joined by `&`, and a recent `ts`. Remember the `id`s you accepted
 * for the tolerance window and refuse them again, so a replayed result is refused.
 */
export async function verifyRedirectResult(
  url: string | URL,
  secret: string,
  options: FreshnessOptions = {},
): Promise<boolean> {
  const params = new URL(url).searchParams;
  if (!fresh(params.get('ts') ?? undefined, options)) return false;
  const payload = RESULT_PARAMETERS.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  return someSignatureMatches(secret, encoder.encode(payload), (params.get('signature') ?? '').split(','));
}
