import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { HttpRequest } from '../http-call.js';
import { platformFetch } from '../platform-fetch.js';
import { appSecretProof } from './app-secret-proof.js';
import { classifyMetaError, type ParamSource } from './errors.js';
import type { GraphPage } from './model.js';

/** The `fields=` parameter asking for these fields. */
export const fields = (list: readonly string[]) => ({ fields: list.join(',') });

/** Asked of every edge: Meta caps pages at a few hundred; fewer calls than its default of 25. */
const PAGE_SIZE = 100;

export interface GraphClient {
  get<T>(call: PlatformCall, path: string, query?: Record<string, string>): Promise<T>;
  /** Every item of an edge, following `paging.next` to the last page. */
  all<T>(
    call: PlatformCall,
    path: string,
    query?: Record<string, string>,
    sources?: ParamSource[],
  ): Promise<T[]>;
  post<T>(
    call: PlatformCall,
    path: string,
    form: Record<string, string>,
    sources?: ParamSource[],
  ): Promise<T>;
  /** A DELETE; `form` is its body where the edge takes parameters (`/{audience}/users`). */
  delete(call: PlatformCall, path: string, form?: Record<string, string>): Promise<void>;
}

const formRequest = (method: string, form: Record<string, string>): HttpRequest => ({
  method,
  body: new URLSearchParams(form).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

/**
 * Calls the Graph API at `apiBaseUrl` (`…/v24.0`) with the token as a Bearer header and its
 * `appsecret_proof` on every call, mapping Meta's error envelope.
 */
export function graphClient(apiBaseUrl: string, timeoutMs: number): GraphClient {
  const origin = new URL(apiBaseUrl).origin;

  const send = (call: PlatformCall, url: URL, init: HttpRequest = {}, sources: ParamSource[] = []) => {
    url.searchParams.set('appsecret_proof', appSecretProof(call.accessToken, call.app.clientSecret));
    return platformFetch(
      url.href,
      {
        ...init,
        headers: { Authorization: `Bearer ${call.accessToken}`, Accept: 'application/json', ...init.headers },
      },
      { timeoutMs, observed: call.observed, classify: classifyMetaError(sources) },
    );
  };
  const urlOf = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${apiBaseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  return {
    get: async (call, path, query) => (await send(call, urlOf(path, query))) as never,

    async all<T>(
      call: PlatformCall,
      path: string,
      query: Record<string, string> = {},
      sources: ParamSource[] = [],
    ) {
      const items: T[] = [];
      let url: URL | undefined = urlOf(path, { limit: String(PAGE_SIZE), ...query });
      while (url) {
        const page = (await send(call, url, {}, sources)) as GraphPage<T> | undefined;
        if (!Array.isArray(page?.data)) throw new PlatformError('rejected', `unexpected answer for ${path}`);
        items.push(...page.data);
        url = page.paging?.next ? new URL(page.paging.next) : undefined;
        // The token goes only where the API is: a `next` elsewhere is not followed.
        if (url && url.origin !== origin)
          throw new PlatformError('rejected', 'paging.next leaves the Graph API');
      }
      return items;
    },

    post: async (call, path, form, sources) =>
      (await send(call, urlOf(path), formRequest('POST', form), sources)) as never,

    async delete(call, path, form) {
      await send(call, urlOf(path), form ? formRequest('DELETE', form) : { method: 'DELETE' });
    },
  };
}
