import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { HttpRequest } from '../http-call.js';
import { type PlatformAnswer, platformFetch } from '../platform-fetch.js';

/** One page of a sandbox list, with the cursor of the next. */
export interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

const PAGE_SIZE = 100;

/** The unified parameter each field of the sandbox's bodies is (its schedule and budget are settings). */
const UNIFIED_PARAMS: Record<string, string> = {
  id: 'id',
  name: 'name',
  status: 'status',
  objective: 'objective',
  channel: 'channelKind',
  campaign_id: 'parentId',
  budget: 'settings',
  start_time: 'settings',
  end_time: 'settings',
  targeting: 'targetings',
};

/** A 400 of the sandbox's own validation: its message, naming the unified parameter (`params`). */
const sandboxRefusal =
  (params: Record<string, string>) =>
  ({ status, body }: PlatformAnswer): PlatformError | undefined => {
    const error = (body as { error?: { code?: string; message?: string; param?: string } } | null)?.error;
    if (status !== 400 || error?.code !== 'invalid_request' || typeof error.message !== 'string')
      return undefined;
    const param = error.param === undefined ? undefined : params[error.param.split('.')[0]!];
    return new PlatformError('invalid', error.message, undefined, status, error.code, param);
  };

/** The sandbox's ads API (served at /sandbox/api/v1): every call carries the connection's token. */
export function sandboxApi(apiBaseUrl: string, timeoutMs: number) {
  const request = (
    { accessToken, observed }: PlatformCall,
    path: string,
    init: HttpRequest = {},
    params = UNIFIED_PARAMS,
  ) =>
    platformFetch(
      `${apiBaseUrl}${path}`,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      { timeoutMs, observed, classify: sandboxRefusal(params) },
    );

  async function allPages<T>(call: PlatformCall, path: string): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    const separator = path.includes('?') ? '&' : '?';
    do {
      const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
      const page = (await request(call, `${path}${separator}limit=${PAGE_SIZE}${cursor}`)) as Page<T>;
      if (!Array.isArray(page?.data)) throw new PlatformError('rejected', 'unexpected list response');
      items.push(...page.data);
      after = page.paging?.next;
    } while (after);
    return items;
  }

  return { request, allPages };
}

export type SandboxApi = ReturnType<typeof sandboxApi>;

/**
 * A 404 from the sandbox means the object is not there (or another user's); a 403
 * `account_not_granted` that it is in an ad account the customer did not share. Either way it is
 * not the customer's: null, not an error.
 */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.code === 'account_not_granted')) {
      return null;
    }
    throw err;
  }
}
