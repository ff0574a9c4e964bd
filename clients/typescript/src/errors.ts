/** The `error` object of every adlink error answer. */
export interface AdlinkErrorBody {
  type: string;
  code: string;
  message: string;
  param?: string;
  request_id?: string;
}

/**
 * An error answer of the adlink API. Match on `code` (the error table of adlink's docs/api.md lists them all); `param`
 * names the offending field, query parameter or header when there is one.
 */
export class AdlinkError extends Error {
  override readonly name = 'AdlinkError';
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  /** Seconds the answer asked to wait before retrying (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: AdlinkErrorBody, retryAfter?: number) {
    super(body.message);
    this.status = status;
    this.type = body.type;
    this.code = body.code;
    this.param = body.param;
    this.requestId = body.request_id;
    this.retryAfter = retryAfter;
  }

  /** The error a non-2xx answer stands for; `body` is its parsed JSON (or text, from a proxy in between). */
  static from(response: Response, body: unknown): AdlinkError {
    const error = isErrorBody(body) ? body.error : undefined;
    const requestId = error?.request_id ?? response.headers.get('X-Request-Id') ?? undefined;
    return new AdlinkError(
      response.status,
      {
        type: error?.type ?? 'api_error',
        code: error?.code ?? `http_${response.status}`,
        message: error?.message ?? `HTTP ${response.status} without an adlink error body`,
        ...(error?.param === undefined ? {} : { param: error.param }),
        ...(requestId === undefined ? {} : { request_id: requestId }),
      },
      retryAfterSeconds(response),
    );
  }
}

function isErrorBody(body: unknown): body is { error: AdlinkErrorBody } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
