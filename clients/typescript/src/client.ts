import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { AdlinkError } from './errors.js';
import { type RetryOptions, retryingFetch } from './retrying-fetch.js';
import type { paths } from './schema.js';
import { type SessionTokenVerifier, sessionTokenVerifier } from './session-tokens.js';

export interface AdlinkClientOptions {
  /** Where adlink is reached, e.g. `https://adlink.example.com`. */
  baseUrl: string;
  /** A company token (`adl_live_…`), or an access token of one customer (`adl_at_…`). */
  token: string;
  /** Retries of 429 and 503 answers (creates keep their Idempotency-Key). */
  retry?: RetryOptions;
  /** The deployment's `PUBLIC_BASE_URL`, the `iss` of its session tokens, when not `baseUrl`. */
  issuer?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Raw = Client<paths>;

type RequiredKeys<T> = T extends undefined
  ? never
  : { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument: optional when nothing in it is required (as openapi-fetch has it). */
type InitParam<I> = [RequiredKeys<I>] extends [never]
  ? [(I & Record<string, unknown>)?]
  : [I & Record<string, unknown>];

/** What a successful call answers with. */
export type Data<P extends keyof paths, M extends Method, I = undefined> = NonNullable<
  FetchResponse<paths[P][M] & Record<string | number, unknown>, I, `${string}/${string}`>['data']
>;

/** A typed call of one HTTP method: resolves with the answer's body, rejects with an AdlinkError. */
export type Call<M extends Method> = <
  P extends ClientPathsWithMethod<Raw, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitParam<I>
) => Promise<Data<P, M, I>>;

type Json200<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : never;

/** The lists paged with `has_more` and a cursor (`next_cursor`, or `starting_after` the last id). */
export type PagedPath = {
  [P in keyof paths]: Json200<paths[P]['get']> extends { has_more: boolean; data: unknown[] } ? P : never;
}[keyof paths];

/** One item of a paged list. */
export type Item<P extends PagedPath> = Json200<paths[P]['get']> extends { data: (infer T)[] } ? T : never;

export interface AdlinkClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /** Every item of a list, page after page (the `limit` you give is the page size). */
  paginate<P extends PagedPath, I extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<I>
  ): AsyncGenerator<Item<P>, void, undefined>;
  /** Verifies a session token (a connect link's `token`) offline; rejects when it is not valid. */
  verifySessionToken: SessionTokenVerifier;
  /** The openapi-fetch client underneath, answering `{data, error, response}` instead of throwing. */
  raw: Raw;
}

type Answer = { data?: unknown; error?: unknown; response: Response };
type Untyped = (path: string, init?: Record<string, unknown>) => Promise<Answer>;

interface Page {
  has_more: boolean;
  next_cursor?: string;
  data: { id?: string }[];
}

/** A client of one adlink deployment, acting with one token. */
export function createAdlinkClient(options: AdlinkClientOptions): AdlinkClient {
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.token}` },
    fetch: retryingFetch(fetchImpl, options.retry),
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH') => {
    const send = raw[method] as unknown as Untyped;
    return async (path: string, init?: Record<string, unknown>) => {
      const { data, error, response } = await send(path, init);
      if (!response.ok) throw AdlinkError.from(response, error);
      return data;
    };
  };
  const get = call('GET');

  async function* paginate(path: string, init: Record<string, unknown> = {}) {
    const params = (init.params ?? {}) as { query?: Record<string, unknown> };
    let after: Record<string, string> = {};
    for (;;) {
      const page = (await get(path, {
        ...init,
        params: { ...params, query: { ...params.query, ...after } },
      })) as Page;
      yield* page.data;
      if (!page.has_more) return;
      const last = page.data.at(-1)?.id;
      if (page.next_cursor !== undefined) after = { cursor: page.next_cursor };
      else if (last !== undefined) after = { starting_after: last };
      else return;
    }
  }

  return {
    GET: get as Call<'get'>,
    POST: call('POST') as Call<'post'>,
    PUT: call('PUT') as Call<'put'>,
    PATCH: call('PATCH') as Call<'patch'>,
    DELETE: call('DELETE') as Call<'delete'>,
    paginate: paginate as AdlinkClient['paginate'],
    verifySessionToken: sessionTokenVerifier(options.baseUrl, options.issuer ?? options.baseUrl),
    raw,
  };
}
