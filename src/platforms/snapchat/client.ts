import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { HttpRequest } from '../http-call.js';
import { platformFetch } from '../platform-fetch.js';
import { classifySnap, type FieldSource, failedSubRequest, invalidEntity } from './errors.js';
import type { SnapAnswer, SubRequest } from './model.js';

/** Asked of every list: Snap's largest page (its pages hold 50 to 1000), for the fewest calls. */
export const PAGE_SIZE = 1000;

/** A Snap list: where it is, and the names its entities go by (`adsquads` of `adsquad`). */
export interface Entities {
  path: string;
  plural: string;
  singular: string;
  query?: Record<string, string>;
}

/**
 * Calls the Ads API at `apiBaseUrl` (`…/v1`) with the token as a Bearer header, unwrapping the
 * `{<plural>: [{sub_request_status, <singular>}]}` envelope and mapping Snap's errors.
 */
export function snapClient(apiBaseUrl: string, timeoutMs: number) {
  const origin = new URL(apiBaseUrl).origin;

  const send = async (call: PlatformCall, url: URL, init: HttpRequest = {}, fields: FieldSource[] = []) =>
    (await platformFetch(
      url.href,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
      },
      { timeoutMs, observed: call.observed, classify: classifySnap(fields) },
    )) as SnapAnswer | undefined;

  const urlOf = ({ path, query = {} }: Pick<Entities, 'path' | 'query'>) => {
    const url = new URL(`${apiBaseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  /** The entities of an answer, each unwrapped from its sub-request (a refused one is an error). */
  function unwrap<T>(answer: SnapAnswer | undefined, list: Entities, fields: FieldSource[] = []): T[] {
    const items = answer?.[list.plural];
    if (!Array.isArray(items))
      throw new PlatformError('rejected', `unexpected Snapchat answer for ${list.path}`);
    const refused = failedSubRequest(answer);
    if (refused) throw invalidEntity(refused, fields);
    return (items as SubRequest[]).map((item) => item[list.singular] as T);
  }

  return {
    /** One page: what a `GET` of one entity answers. */
    get: async <T>(call: PlatformCall, list: Entities): Promise<T[]> =>
      unwrap<T>(await send(call, urlOf(list)), list),

    /** Every entity of a list, following `paging.next_link` to the last page. */
    async all<T>(call: PlatformCall, list: Entities): Promise<T[]> {
      const entities: T[] = [];
      let url: URL | undefined = urlOf({ ...list, query: { limit: String(PAGE_SIZE), ...list.query } });
      while (url) {
        const answer = await send(call, url);
        entities.push(...unwrap<T>(answer, list));
        url = answer?.paging?.next_link ? new URL(answer.paging.next_link) : undefined;
        // The token goes only where the API is: a next_link elsewhere is not followed.
        if (url && url.origin !== origin) {
          throw new PlatformError('rejected', 'paging.next_link leaves the Snapchat Ads API');
        }
      }
      return entities;
    },

    /** A batch write of one entity (`POST` creates, `PUT` replaces); its sub-request's outcome decides. */
    async write<T>(
      call: PlatformCall,
      method: 'POST' | 'PUT',
      list: Entities,
      entity: object,
      fields: FieldSource[],
    ): Promise<T> {
      const body = JSON.stringify({ [list.plural]: [entity] });
      const [written] = unwrap<T>(await send(call, urlOf(list), { method, body }, fields), list, fields);
      if (written === undefined) throw new PlatformError('rejected', `Snapchat answered no ${list.singular}`);
      return written;
    },

    /** A JSON body to a path whose answer adlink does not read (Snap's member uploads). */
    async submit(call: PlatformCall, method: 'POST' | 'DELETE', path: string, body: object): Promise<void> {
      await send(call, urlOf({ path }), { method, body: JSON.stringify(body) });
    },

    async delete(call: PlatformCall, path: string): Promise<void> {
      await send(call, urlOf({ path }), { method: 'DELETE' });
    },

    /** A file as the multipart part `file` (Snap's media upload). */
    async upload(call: PlatformCall, path: string, file: { bytes: Buffer; name: string; type: string }) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      const headers = { 'Content-Type': encoded.headers.get('content-type')! };
      await send(call, urlOf({ path }), { method: 'POST', body, headers });
    },
  };
}

export type SnapClient = ReturnType<typeof snapClient>;
