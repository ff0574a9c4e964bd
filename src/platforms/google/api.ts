import type { PlatformCall } from '../adapter.js';
import { PlatformError } from '../platform-error.js';
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

  private request(call: PlatformCall, path: string, body?: object, paramFor?: ParamFor): Promise<unknown> {
    const { developerToken, loginCustomerId } = call.app;
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
    const body = (await this.request(call, '/customers:listAccessibleCustomers')) as {
      resourceNames?: string[];
    };
    return (body?.resourceNames ?? []).map((name) => name.slice(name.lastIndexOf('/') + 1));
  }

  /** Every row of a GAQL query, following `nextPageToken` to the last page (Google's pages are fixed). */
  async search(call: PlatformCall, customerId: string, query: string): Promise<GoogleRow[]> {
    const rows: GoogleRow[] = [];
    let pageToken: string | undefined;
    do {
      const page = (await this.request(call, `/customers/${customerId}/googleAds:search`, {
        query,
        ...(pageToken ? { pageToken } : {}),
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
    return this.request(call, `/customers/${customerId}/${service}`, body, paramFor) as Promise<T>;
  }
}
