import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { HttpRequest } from '../http-call.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyTikTok, type FieldParams } from './errors.js';

export interface Page<T> {
  list: T[];
  page_info: { page: number; page_size: number; total_number: number; total_page: number };
}

/** The largest page TikTok serves. */
const PAGE_SIZE = 1000;

/**
 * Calls to the Marketing API: the `Access-Token` header (not `Authorization`), GET parameters with
 * lists and objects JSON-encoded, JSON bodies on POST, and the `data` of TikTok's envelope as result.
 */
export function tiktokApi(apiBaseUrl: string, timeoutMs: number) {
  async function send(call: PlatformCall, url: string, init: HttpRequest, params?: FieldParams) {
    const body = await platformFetch(
      url,
      {
        ...init,
        headers: {
          'Access-Token': call.accessToken,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
      },
      { timeoutMs, observed: call.observed, classify: (answer) => classifyTikTok(answer, params) },
    );
    const data = (body as { data?: unknown } | undefined)?.data;
    if (typeof data !== 'object' || data === null) throw new PlatformError('rejected', 'unexpected answer');
    return data as Record<string, unknown>;
  }

  const get = (call: PlatformCall, path: string, query: Record<string, unknown>, params?: FieldParams) => {
    const url = new URL(`${apiBaseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) {
      url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return send(call, url.href, {}, params);
  };

  const post = (call: PlatformCall, path: string, body: object, params?: FieldParams) =>
    send(call, `${apiBaseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) }, params);

  /** A `multipart/form-data` POST (file uploads), encoded by the runtime's FormData. */
  async function postForm(call: PlatformCall, path: string, form: FormData, params?: FieldParams) {
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const headers = { 'Content-Type': encoded.headers.get('content-type')! };
    return send(call, `${apiBaseUrl}${path}`, { method: 'POST', body, headers }, params);
  }

  /**
   * Every item of a paged list, page after page until `page_info.total_page`: `list` unless the
   * endpoint names it otherwise (`identity_list`), in pages of at most `size`.
   */
  async function all<T>(
    call: PlatformCall,
    path: string,
    query: Record<string, unknown>,
    params?: FieldParams,
    { key, size }: { key: string; size: number } = { key: 'list', size: PAGE_SIZE },
  ): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const data = await get(call, path, { ...query, page, page_size: size }, params);
      const list = data[key] as T[] | undefined;
      const info = data.page_info as Page<T>['page_info'] | undefined;
      if (!Array.isArray(list) || !info) throw new PlatformError('rejected', 'unexpected list');
      items.push(...list);
      if (page >= info.total_page) return items;
    }
  }

  return { get, post, postForm, all };
}

export type TikTokApi = ReturnType<typeof tiktokApi>;

const TIKTOK_ID = /^\d{1,20}$/;

/**
 * A record by id, looked up in each of the customer's advertisers in turn (TikTok reads need the
 * advertiser); null when none holds it.
 */
export async function inAccounts<T>(
  call: PlatformCall,
  id: string,
  read: (advertiserId: string) => Promise<T | undefined>,
): Promise<{ account: PlatformCall['accounts'][number]; record: T } | null> {
  if (!TIKTOK_ID.test(id)) return null;
  for (const account of call.accounts) {
    const record = await read(account.id);
    if (record) return { account, record };
  }
  return null;
}
