import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ConnectResult {
  /** Unique per result: the vendor remembers the ids it accepted, so a replayed result is refused. */
  id: string;
  customer: string;
  status: 'success' | 'partial' | 'cancelled';
  /** Platforms connected in this visit, comma-separated. */
  platforms: string;
  /** Unix seconds when the result was signed. */
  ts: string;
}

/** What is signed: the other parameters, sorted by name, as `name=value` joined with `&`, unencoded. */
export const resultPayload = (result: ConnectResult): string =>
  (Object.keys(result) as (keyof ConnectResult)[])
    .sort()
    .map((name) => `${name}=${result[name]}`)
    .join('&');

/** One hex HMAC-SHA256 per active signing secret, newest first, comma-separated (rotation overlap). */
export function signResult(secrets: string[], result: ConnectResult): string {
  const payload = resultPayload(result);
  return secrets.map((secret) => createHmac('sha256', secret).update(payload).digest('hex')).join(',');
}

/** The visit's outcome: nothing connected, something failed beside what was, or everything tried connected. */
export function visitOutcome(visit: { connected: unknown[]; failed: unknown[] }): ConnectResult['status'] {
  if (visit.connected.length === 0) return 'cancelled';
  return visit.failed.length > 0 ? 'partial' : 'success';
}

/** The vendor's redirect URI with the result and its signature as query parameters. */
export function signedResultUrl(redirectUri: string, result: ConnectResult, secrets: string[]): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(result)) url.searchParams.set(name, value);
  url.searchParams.set('signature', signResult(secrets, result));
  return url.href;
}

/**
 * The check a vendor runs on its redirect_uri (docs/connect.md shows the same code): one of the signatures
 * is ours, compared in constant time, and the timestamp is recent.
 */
export function verifyResult(
  secret: string,
  params: URLSearchParams,
  toleranceSeconds = 300,
  now = Date.now() / 1000,
): boolean {
  const result: ConnectResult = {
    id: params.get('id') ?? '',
    customer: params.get('customer') ?? '',
    status: (params.get('status') ?? '') as ConnectResult['status'],
    platforms: params.get('platforms') ?? '',
    ts: params.get('ts') ?? '',
  };
  const expected = Buffer.from(createHmac('sha256', secret).update(resultPayload(result)).digest('hex'));
  const fresh = Math.abs(now - Number(result.ts)) <= toleranceSeconds;
  const matches = (params.get('signature') ?? '').split(',').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return fresh && matches;
}
