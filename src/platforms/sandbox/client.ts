import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { HttpRequest } from '../http-call.js';
import { platformFetch } from '../platform-fetch.js';
import { sandboxRefusal, UNIFIED_PARAMS } from './errors.js';

/** One page of a sandbox list, with the cursor of the next. */
export interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

const PAGE_SIZE = 100;

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
          ...init.headers,
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
