import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyPinterest, type ParamSource, refusal } from './errors.js';
import type { BatchElement, Page } from './model.js';

/** Asked of every list: Pinterest's largest page (the default is 25). */
export const PAGE_SIZE = 250;

/** A query: array values are sent as repeated parameters (the OpenAPI's form style). */
export type Query = Record<string, string | readonly string[]>;

/** Calls Pinterest API v5 at `apiBaseUrl` with the Bearer token, mapping its `{code, message}` errors. */
export function pinterestClient(apiBaseUrl: string, timeoutMs: number) {
  function send(
    call: PlatformCall,
    path: string,
    init: { method?: 'GET' | 'POST' | 'PATCH'; query?: Query; body?: unknown; sources?: ParamSource[] } = {},
  ): Promise<unknown> {
    const url = new URL(`${apiBaseUrl}${path}`);
    for (const [name, value] of Object.entries(init.query ?? {})) {
      for (const item of typeof value === 'string' ? [value] : value) url.searchParams.append(name, item);
    }
    return platformFetch(
      url.href,
      {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      },
      { timeoutMs, observed: call.observed, classify: classifyPinterest(init.sources) },
    );
  }

  const get = async <T>(call: PlatformCall, path: string, query?: Query): Promise<T> =>
    (await send(call, path, query ? { query } : {})) as T;

  /** Every item of a list, following `bookmark` to the last page. */
  async function all<T>(call: PlatformCall, path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    let bookmark: string | null | undefined;
    do {
      const page = await get<Page<T>>(call, path, {
        ...query,
        page_size: String(PAGE_SIZE),
        ...(bookmark ? { bookmark } : {}),
      });
      if (!Array.isArray(page?.items)) throw new PlatformError('rejected', `unexpected answer for ${path}`);
      items.push(...page.items);
      bookmark = page.bookmark;
    } while (bookmark);
    return items;
  }

  /** A batch write of one item (`POST`/`PATCH ad_groups`): its `data`, or its exceptions as a refusal. */
  async function writeOne<T>(
    call: PlatformCall,
    method: 'POST' | 'PATCH',
    path: string,
    item: object,
    sources: ParamSource[],
  ): Promise<T> {
    const answer = (await send(call, path, { method, body: [item], sources })) as
      | { items?: BatchElement<T>[] }
      | undefined;
    const element = answer?.items?.[0];
    const exceptions = element?.exceptions ?? [];
    if (exceptions.length > 0) {
      const message = exceptions.map((e) => e.message).join(' ');
      const code = exceptions[0]?.code;
      throw refusal(message, sources, 200, code === undefined ? undefined : String(code));
    }
    if (!element?.data)
      throw new PlatformError('rejected', `Pinterest answered ${method} ${path} without data`);
    return element.data;
  }

  const post = async <T>(
    call: PlatformCall,
    path: string,
    body: object,
    sources: ParamSource[],
    query: Query = {},
  ) => (await send(call, path, { method: 'POST', body, sources, query })) as T;

  const patch = async <T>(call: PlatformCall, path: string, body: object, sources: ParamSource[]) =>
    (await send(call, path, { method: 'PATCH', body, sources })) as T;

  return { get, all, writeOne, post, patch };
}

export type PinterestClient = ReturnType<typeof pinterestClient>;
