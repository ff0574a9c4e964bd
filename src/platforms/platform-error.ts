/** A platform API call that failed; `kind` decides what the vendor is told. */
export class PlatformError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unauthorized' | 'throttled' | 'timeout' | 'unreachable',
    message: string,
    readonly retryAfterSeconds?: number,
    /** The platform's HTTP status, when it answered. */
    readonly status?: number,
    /** The platform's own error code, when its answer had one (`{"error": {"code": …}}`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Calls a platform's JSON API with a timeout, mapping transport and HTTP failures to PlatformError.
 * The timeout is the deployment's PLATFORM_TIMEOUT_MS.
 */
export async function platformFetch(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
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
  const code = errorCode(body);
  if (response.status === 401) throw new PlatformError('unauthorized', message, undefined, 401, code);
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 1;
    throw new PlatformError('throttled', message, seconds, 429, code);
  }
  throw new PlatformError('rejected', message, undefined, response.status, code);
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: { code?: unknown } }).error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string'
    ? error.code
    : undefined;
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
