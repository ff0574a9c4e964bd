import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyLinkedIn, type FieldParam } from './errors.js';
import type { CursorPage } from './model.js';

/** The Rest.li method of a write, as LinkedIn's official client names it (lower case). */
type RestliMethod = 'create' | 'partial_update' | 'delete' | 'action' | 'batch_get';

export interface LinkedInRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  restliMethod?: RestliMethod;
  body?: unknown;
  /** Unified parameters for the fields a validation error names. */
  param?: FieldParam;
}

export interface LinkedInAnswer {
  body: unknown;
  /** The `x-restli-id` header: the id of what a create made. */
  createdId: string | null;
}

/**
 * Calls LinkedIn's versioned REST API: every call carries the dated `LinkedIn-Version` and Rest.li
 * protocol 2.0.0, writes their Rest.li method. `path` includes the query, already Rest.li-encoded.
 */
export function linkedInClient(apiBaseUrl: string, version: string, timeoutMs: number) {
  async function request(
    call: PlatformCall,
    path: string,
    init: LinkedInRequest = {},
  ): Promise<LinkedInAnswer> {
    let createdId: string | null = null;
    const body = await platformFetch(
      `${apiBaseUrl}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          Accept: 'application/json',
          'LinkedIn-Version': version,
          'X-Restli-Protocol-Version': '2.0.0',
          ...(init.restliMethod ? { 'X-RestLi-Method': init.restliMethod } : {}),
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      },
      {
        timeoutMs,
        observed: call.observed,
        classify: (answer) => {
          createdId = answer.headers.get('x-restli-id');
          return classifyLinkedIn(answer, init.param);
        },
      },
    );
    return { body, createdId };
  }

  const get = async <T>(call: PlatformCall, path: string): Promise<T> =>
    (await request(call, path)).body as T;

  /** Every element of a cursor-paged finder: follows `metadata.nextPageToken` to the end. */
  async function allPages<T>(call: PlatformCall, path: string): Promise<T[]> {
    const elements: T[] = [];
    let token: string | undefined;
    do {
      const page = await get<CursorPage<T>>(
        call,
        token ? `${path}&pageToken=${encodeURIComponent(token)}` : path,
      );
      if (!Array.isArray(page?.elements))
        throw new PlatformError('rejected', 'unexpected LinkedIn list answer');
      elements.push(...page.elements);
      token = page.metadata?.nextPageToken;
    } while (token);
    return elements;
  }

  /**
   * PUTs an image's bytes to the upload URL `initializeUpload` answered. The token goes only to
   * LinkedIn: the URL must be on the API's own origin or an https host of linkedin.com.
   */
  async function upload(call: PlatformCall, uploadUrl: string, bytes: Buffer): Promise<void> {
    const target = URL.canParse(uploadUrl) ? new URL(uploadUrl) : undefined;
    const linkedIn =
      target !== undefined &&
      (target.origin === new URL(apiBaseUrl).origin ||
        (target.protocol === 'https:' && /(^|\.)linkedin\.com$/.test(target.hostname)));
    if (!linkedIn) throw new PlatformError('rejected', 'LinkedIn answered an upload URL off its own hosts');
    await platformFetch(
      uploadUrl,
      {
        method: 'PUT',
        headers: { Authorization: `Bearer ${call.accessToken}`, 'Content-Type': 'application/octet-stream' },
        body: bytes,
      },
      { timeoutMs, observed: call.observed, classify: (answer) => classifyLinkedIn(answer) },
    );
  }

  return { request, get, allPages, upload };
}

export type LinkedInClient = ReturnType<typeof linkedInClient>;
