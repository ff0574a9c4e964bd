import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyGoogleAnswer, type ParamFor } from './errors.js';
import type { GoogleRow } from './mapping.js';

interface SearchPage {
  results?: GoogleRow[];
  nextPageToken?: string;
}

/** The Google Ads REST API for one deployment: every call carries the OAuth token and the app's headers. */
export class GoogleAdsApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * `customerId`'s calls go through the manager it was reached through (`login` while listing, else
   * the account's `manager_id`), or the deployment's `login-customer-id`.
   */
  private request(
    call: PlatformCall,
    path: string,
    customerId: string | null,
    options: { body?: object; paramFor?: ParamFor; login?: string } = {},
  ): Promise<unknown> {
    const { body, paramFor } = options;
    const { developerToken } = call.app;
    const loginCustomerId =
      options.login ?? call.accounts.find((a) => a.id === customerId)?.manager_id ?? call.app.loginCustomerId;
    return platformFetch(
      `${this.baseUrl}${path}`,
      {
        method: body ? 'POST' : 'GET',
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          Accept: 'application/json',
          'developer-token': developerToken ?? '',
          ...(loginCustomerId ? { 'login-customer-id': loginCustomerId } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      {
        timeoutMs: this.timeoutMs,
        observed: call.observed,
        classify: (answer) => classifyGoogleAnswer(answer, paramFor),
      },
    );
  }

  /** Customer ids (10 digits) the token reaches directly. */
  async accessibleCustomers(call: PlatformCall): Promise<string[]> {
    const body = (await this.request(call, '/customers:listAccessibleCustomers', null)) as {
      resourceNames?: string[];
    };
    return (body?.resourceNames ?? []).map((name) => name.slice(name.lastIndexOf('/') + 1));
  }

  /**
   * Every row of a GAQL query, following `nextPageToken` to the last page (Google's pages are fixed);
   * `login` names the manager to go through where the account is not yet one of `call.accounts`.
   */
  async search(call: PlatformCall, customerId: string, query: string, login?: string): Promise<GoogleRow[]> {
    const rows: GoogleRow[] = [];
    let pageToken: string | undefined;
    do {
      const page = (await this.request(call, `/customers/${customerId}/googleAds:search`, customerId, {
        body: { query, ...(pageToken ? { pageToken } : {}) },
        ...(login ? { login } : {}),
      })) as SearchPage | undefined;
      if (typeof page !== 'object' || page === null)
        throw new PlatformError('rejected', 'unexpected search answer');
      rows.push(...(page.results ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return rows;
  }

  /** A mutate (`adGroups:mutate`, `googleAds:mutate`, …); `paramFor` names the unified field an error is about. */
  mutate<T>(
    call: PlatformCall,
    customerId: string,
    service: string,
    body: object,
    paramFor?: ParamFor,
  ): Promise<T> {
    return this.request(call, `/customers/${customerId}/${service}`, customerId, {
      body,
      ...(paramFor ? { paramFor } : {}),
    }) as Promise<T>;
  }
}
