import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import type { PlatformAdapter } from '../ports/platform-adapter.js';
import type { PlatformCall } from '../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../ports/platform-error.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount, Connection } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { AccessTokens, ConnectionRef } from './access-tokens.js';

/** Maps a failed platform call to what the vendor is told. */
export function platformFailure(platform: string, err: PlatformError): AppError {
  switch (err.kind) {
    case 'timeout':
      return new AppError('platform_timeout', `${platform} did not answer in time.`);
    case 'invalid':
      return new AppError('platform_validation_failed', `${platform} refused the values: ${err.message}`, {
        ...(err.param ? { param: err.param } : {}),
      });
    case 'terms':
      return new AppError(
        'platform_terms_required',
        `The ad account must accept ${platform}'s terms first: ${err.message}`,
        { param: 'advertiser' },
      );
    case 'throttled':
      return new AppError('platform_rate_limited', `${platform} is throttling requests: ${err.message}`, {
        headers: { 'Retry-After': String(err.retryAfterSeconds ?? 1) },
      });
    default:
      return new AppError('platform_error', `${platform} answered: ${err.message}`);
  }
}

const reconnect = (platform: string, why = '') =>
  new AppError('reauthorization_required', `The customer must reconnect ${platform}${why}.`, {
    param: 'platform',
  });

/** Calls on one customer's connection to a platform: what every resource service (ad sets, campaigns) makes. */
export class ConnectionCalls {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly tokens: AccessTokens,
    private readonly log: Logger,
  ) {}

  /** The connection; 400 `platform_not_connected` without one. */
  private async connection(ref: ConnectionRef): Promise<Connection> {
    const connection = await this.store.connections.get(ref.company, ref.customer, ref.platform);
    if (!connection) {
      throw new AppError('platform_not_connected', `The customer has not connected ${ref.platform}.`, {
        param: 'platform',
      });
    }
    return connection;
  }

  /** The connection's ad accounts; 400 `platform_not_connected` without a connection. */
  async advertisers(ref: ConnectionRef): Promise<AdAccount[]> {
    return (await this.connection(ref)).ad_accounts;
  }

  /** The scopes adlink asks the platform for that the connection was not granted (it predates them). */
  private missingScopes(connection: Connection): string[] {
    const asked = this.platforms.entry(connection.platform).oauth.scopes;
    return asked.filter((scope) => !connection.scopes.includes(scope));
  }

  /**
   * Runs one platform call with a fresh token, the connection's app and its ad accounts (or only
   * `account`, where the object's account is known). A 401 gets one refresh and one retry; a second
   * one means the customer must reconnect. Platform failures become the documented errors.
   */
  async call<T>(
    ref: ConnectionRef,
    work: (adapter: PlatformAdapter, call: PlatformCall) => Promise<T>,
    account?: string,
  ): Promise<T> {
    const adapter = this.platforms.adapter(ref.platform);
    const [connection, app] = await Promise.all([
      this.connection(ref),
      this.platforms.oauthApp(ref.company, ref.platform),
    ]);
    let accessToken = await this.tokens.get(ref);
    if (!app) throw reconnect(ref.platform);
    const accounts = connection.ad_accounts;
    const scope = account === undefined ? accounts : accounts.filter((a) => a.id === account);
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(adapter, { accessToken, app, accounts: scope });
      } catch (err) {
        if (err instanceof PlatformInputError) {
          throw new AppError('invalid_request', err.message, { param: err.param });
        }
        if (!(err instanceof PlatformError)) throw err;
        if (err.kind === 'unauthorized') {
          if (attempt === 0) {
            accessToken = await this.tokens.refresh(ref, accessToken);
            continue;
          }
          await this.tokens.markNeedsReauth(ref, 'token_rejected');
          throw reconnect(ref.platform);
        }
        // A permission refused to a grant made before adlink asked for it: reconnecting grants it.
        const missing = err.kind === 'forbidden' ? this.missingScopes(connection) : [];
        if (missing.length > 0) {
          await this.tokens.markNeedsReauth(ref, 'scope_missing');
          throw reconnect(ref.platform, `: its authorization lacks the ${missing.join(', ')} permission`);
        }
        this.log.warn(
          {
            platform: ref.platform,
            customer: ref.customer,
            kind: err.kind,
            status: err.status,
            code: err.code,
          },
          'platform call failed',
        );
        throw platformFailure(ref.platform, err);
      }
    }
  }
}
