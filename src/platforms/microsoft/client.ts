import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { type HttpAnswer, httpCall } from '../http-call.js';
import { reportCall } from '../platform-calls.js';
import { platformFetch } from '../platform-fetch.js';
import { classifyMicrosoftAnswer } from './errors.js';
import type { AdvertiserAccount } from './model.js';

type Method = 'POST' | 'PUT' | 'DELETE';

/** One ad account's Campaign Management calls, with its `CustomerId` and `CustomerAccountId` headers. */
export interface AccountApi {
  accountId: string;
  /** The account's time zone (a value of the "Time Zones" guide): new campaigns are created in it. */
  timeZone: string | undefined;
  /** The account's currency (CurrencyCode). */
  currency: string | undefined;
  request<T>(method: Method, path: string, body: object): Promise<T>;
  /** A Reporting service call (POST) for the account, with the same headers. */
  reporting<T>(path: string, body: object): Promise<T>;
}

/**
 * The Microsoft Advertising REST API for one deployment: Customer Management (who the user is, their
 * accounts) and Campaign Management. Every call carries the OAuth token and the DeveloperToken.
 */
export class MicrosoftAdsApi {
  constructor(
    private readonly campaignBase: string,
    private readonly customerBase: string,
    private readonly reportingBase: string,
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
      currency: Account?.CurrencyCode ?? undefined,
      request: <T>(method: Method, path: string, body: object) =>
        this.send<T>(call, `${this.campaignBase}${path}`, method, body, headers),
      reporting: <T>(path: string, body: object) =>
        this.send<T>(call, `${this.reportingBase}${path}`, 'POST', body, headers),
    };
  }

  /**
   * A report file from its ReportDownloadUrl: a plain GET that carries no credentials (the URL is
   * signed, and its host is not Microsoft's API), over https unless the Reporting service itself is
   * reached over http (an emulator).
   */
  async download(call: PlatformCall, url: string): Promise<Buffer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new PlatformError(
        'rejected',
        'Microsoft Advertising answered a report download URL that is not a URL',
      );
    }
    if (target.protocol !== 'https:' && target.protocol !== new URL(this.reportingBase).protocol) {
      throw new PlatformError(
        'rejected',
        'Microsoft Advertising answered a report download URL without https',
      );
    }
    const answer = await reportCall(call.observed, url, 'GET', async () => {
      let got: HttpAnswer;
      try {
        got = await httpCall(url, { method: 'GET' }, this.timeoutMs);
      } catch (err) {
        const timedOut = (err as { timeout?: boolean }).timeout === true;
        throw new PlatformError(timedOut ? 'timeout' : 'unreachable', (err as Error).message);
      }
      if (got.status !== 200) {
        const message = `the report download answered HTTP ${got.status}`;
        throw new PlatformError('rejected', message, undefined, got.status);
      }
      return got;
    });
    return answer.bytes;
  }
}
