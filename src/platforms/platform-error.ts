/** A platform API call that failed; `kind` decides what the vendor is told. */
export class PlatformError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unauthorized' | 'throttled' | 'timeout' | 'unreachable',
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/** GET/POST a platform's JSON API with a timeout, mapping transport and HTTP failures to PlatformError. */
export async function platformFetch(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new PlatformError(
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? 'the platform did not answer in time' : 'the platform could not be reached',
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body;
  const message = describe(body) ?? `HTTP ${response.status}`;
  if (response.status === 401) throw new PlatformError('unauthorized', message);
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new PlatformError(
      'throttled',
      message,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1,
    );
  }
  throw new PlatformError('rejected', message);
}

function describe(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return undefined;
}
