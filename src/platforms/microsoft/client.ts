import type { PlatformCall } from '../adapter.js';
import { PlatformError } from '../platform-error.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyMicrosoftAnswer } from './errors.js';
import type { AdvertiserAccount } from './model.js';

type Method = 'POST' | 'PUT' | 'DELETE';

/** One ad account's Campaign Management calls, with its `CustomerId` and `CustomerAccountId` headers. */
export interface AccountApi {
  accountId: string;
  /** The account's time zone (a value of the "Time Zones" guide): new campaigns are created in it. */
  timeZone: string | undefined;
  request<T>(method: Method, path: string, body: object): Promise<T>;
}

/**
 * The Microsoft Advertising REST API for one deployment: Customer Management (who the user is, their
 * accounts) and Campaign Management. Every call carries the OAuth token and the DeveloperToken.
 */
export class MicrosoftAdsApi {
  constructor(
    private readonly campaignBase: string,
    private readonly customerBase: string,
    private readonly timeoutMs: number,
  ) {}

  private async send<T>(
    call: PlatformCall,
    url: string,
    method: Method,
    body: object,
    headers = {},
  ): Promise<T> {
    const answer = await platformFetch(
      url,
      {
        method,
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          DeveloperToken: call.app.developerToken ?? '',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      },
      { timeoutMs: this.timeoutMs, observed: call.observed, classify: classifyMicrosoftAnswer },
    );
    if (typeof answer !== 'object' || answer === null) {
      throw new PlatformError('rejected', `unexpected answer from ${new URL(url).pathname}`);
    }
    return answer as T;
  }

  /** A Customer Management call (no customer or account headers: it is how they are found). */
  customer<T>(call: PlatformCall, path: string, body: object): Promise<T> {
    return this.send<T>(call, `${this.customerBase}${path}`, 'POST', body);
  }

  /**
   * Campaign Management for one ad account. Its parent customer (the `CustomerId` header every call
   * needs) is read from Customer Management: adlink's ad account records hold only the account.
   */
  async account(call: PlatformCall, accountId: string): Promise<AccountApi> {
    const { Account } = await this.customer<{ Account?: AdvertiserAccount }>(call, '/Account/Query', {
      AccountId: accountId,
    });
    const customerId = Account?.ParentCustomerId;
    if (!customerId) throw new PlatformError('rejected', `Microsoft Advertising has no account ${accountId}`);
    const headers = { CustomerId: customerId, CustomerAccountId: accountId };
    return {
      accountId,
      timeZone: Account?.TimeZone ?? undefined,
      request: <T>(method: Method, path: string, body: object) =>
        this.send<T>(call, `${this.campaignBase}${path}`, method, body, headers),
    };
  }
}
