import type { Logger } from 'pino';
import { SealError } from '../crypto/sealed.js';
import type { Actor } from '../domain/actor.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { randomToken } from '../ids.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Platforms } from '../ports/platforms.js';
import type { Credentials, ReauthReason } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { exchangeLongLived, OAuthError, refreshTokens, type TokenSet } from './oauth-client.js';
import { renewalTime } from './renewal.js';

const LOCK_TTL_MS = 15_000;
const WAIT_STEP_MS = 100;

/**
 * Refresh a little before expiry, so a token does not run out in the middle of a call: 60 s before,
 * or halfway through the token's lifetime when it lives less than two minutes. Otherwise a token
 * just obtained would count as expiring at once, and requests arriving right after a refresh would
 * each refresh again.
 */
const EARLY_REFRESH_SECONDS = 60;

function refreshDue(credentials: Credentials, now: number): boolean {
  if (credentials.expires_at === null) return false;
  const lifetime = credentials.expires_at - credentials.obtained_at;
  return credentials.expires_at - Math.min(EARLY_REFRESH_SECONDS, lifetime / 2) <= now;
}

export interface ConnectionRef {
  company: string;
  customer: string;
  platform: PlatformId;
  /** The token whose request this is, named by the events the request causes. */
  actor?: Actor;
}

const reauthorize = (platform: string) =>
  new AppError(
    'reauthorization_required',
    `The customer must reconnect ${platform}: the platform no longer accepts the stored authorization.`,
    { param: 'platform' },
  );

/**
 * Access tokens for platform calls. Expired ones are refreshed once per connection across every
 * instance (a Redis lock): parallel refreshes of a rotating refresh token make platforms revoke the
 * whole grant. New credentials are stored, encrypted, before anyone uses them.
 */
export class AccessTokens {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly log: Logger,
    private readonly events: Events,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The customer must reconnect: marked on the connection and, once (concurrent calls failing alike
   * mark it once), told to the vendor as `connection.needs_reauth` and, under the name earlier versions
   * used, `connection.refresh_failed`.
   */
  async markNeedsReauth(ref: ConnectionRef, reason: ReauthReason): Promise<void> {
    if (!(await this.store.connections.markNeedsReauth(ref.company, ref.customer, ref.platform, reason)))
      return;
    const event = { company: ref.company, customer: ref.customer, data: { platform: ref.platform, reason } };
    await this.events.emit('connection.needs_reauth', event);
    await this.events.emit('connection.refresh_failed', event);
  }

  private async load(ref: ConnectionRef): Promise<Credentials> {
    const connection = await this.store.connections.get(ref.company, ref.customer, ref.platform);
    if (!connection) {
      throw new AppError('platform_not_connected', `The customer has not connected ${ref.platform}.`, {
        param: 'platform',
      });
    }
    if (connection.status === 'needs_reauth') throw reauthorize(ref.platform);
    try {
      const credentials = await this.store.connections.credentials(ref.company, ref.customer, ref.platform);
      if (credentials) return credentials;
    } catch (err) {
      // Only credentials that do not open are unreadable: a store that fails this read (503) must not
      // cost the customer their connection.
      if (!(err instanceof SealError || err instanceof SyntaxError)) throw err;
      this.log.error(
        { err, platform: ref.platform, customer: ref.customer },
        'stored credentials do not decrypt',
      );
    }
    await this.markNeedsReauth(ref, 'credentials_unreadable');
    throw reauthorize(ref.platform);
  }

  /** A usable access token, refreshed first when it has expired or is about to. */
  async get(ref: ConnectionRef): Promise<string> {
    const credentials = await this.load(ref);
    if (!refreshDue(credentials, Date.now() / 1000)) return credentials.access_token;
    return this.refresh(ref, credentials.access_token);
  }

  /**
   * Replaces `stale` with a fresh access token. Whoever holds the lock refreshes; the others wait for
   * the stored credentials to change.
   */
  async refresh(ref: ConnectionRef, stale: string): Promise<string> {
    const lock = this.store.keys.refreshLock(ref.company, ref.customer, ref.platform);
    const owner = randomToken(16);
    const deadline = Date.now() + LOCK_TTL_MS;
    while (Date.now() < deadline) {
      if (await this.store.kv.set(lock, owner, { nx: true, ttlMs: LOCK_TTL_MS })) {
        try {
          return await this.refreshHoldingLock(ref, stale);
        } finally {
          await this.store.kv.delIfEquals(lock, owner).catch(() => {});
        }
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      const current = await this.load(ref);
      if (current.access_token !== stale) return current.access_token;
    }
    throw new AppError('platform_timeout', `Refreshing the ${ref.platform} authorization took too long.`);
  }

  /**
   * Renews the authorization now when it is due by `dueBy` (epoch seconds; the token keeper): with the
   * same lock as on-demand refreshes, so a request and the keeper never spend one refresh token twice.
   * False when it is no longer due: renewed meanwhile by a request (or by another sweep), so it is not
   * renewed twice; its schedule is set to when it is due.
   */
  async renew(ref: ConnectionRef, dueBy: number): Promise<boolean> {
    const credentials = await this.load(ref);
    const at = renewalTime(credentials, this.platforms.entry(ref.platform).oauth);
    if (at !== null && at > dueBy) {
      await this.store.tokenSchedule.schedule(ref, at);
      return false;
    }
    await this.refresh(ref, credentials.access_token);
    return true;
  }

  private async refreshHoldingLock(ref: ConnectionRef, stale: string): Promise<string> {
    const current = await this.load(ref);
    if (current.access_token !== stale) return current.access_token;
    // The company's current app (its own or the deployment's): a grant of another client cannot be
    // refreshed with it, so the customer reconnects.
    const app = await this.platforms.oauthApp(ref.company, ref.platform);
    const spec = this.platforms.entry(ref.platform).oauth;
    const reexchange =
      !current.refresh_token &&
      spec.longLivedExchange !== undefined &&
      (current.expires_at === null || current.expires_at > Date.now() / 1000);
    if ((!current.refresh_token && !reexchange) || !app || app.clientId !== current.client_id) {
      const reason = !app || app.clientId !== current.client_id ? 'app_changed' : 'token_expired';
      await this.markNeedsReauth(ref, reason);
      throw reauthorize(ref.platform);
    }
    let tokens: TokenSet;
    try {
      tokens = current.refresh_token
        ? await refreshTokens(spec, app, current.refresh_token)
        : await exchangeLongLived(spec, app, current.access_token);
    } catch (err) {
      const refused = err instanceof OAuthError && err.kind === 'rejected';
      this.metrics.tokenRefreshes.inc({ platform: ref.platform, outcome: refused ? 'refused' : 'failed' });
      if (refused) {
        this.log.warn(
          { platform: ref.platform, customer: ref.customer, error: err.error },
          'refresh refused',
        );
        await this.markNeedsReauth(ref, 'grant_refused');
        throw reauthorize(ref.platform);
      }
      throw new AppError(
        'platform_error',
        `Could not refresh the ${ref.platform} authorization: ${(err as Error).message}`,
      );
    }
    this.metrics.tokenRefreshes.inc({ platform: ref.platform, outcome: 'refreshed' });
    const obtainedAt = Math.floor(Date.now() / 1000);
    const credentials: Credentials = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? current.refresh_token,
      expires_at: tokens.expires_in ? obtainedAt + tokens.expires_in : null,
      obtained_at: obtainedAt,
      client_id: current.client_id,
    };
    const saved = await this.store.connections.saveCredentials(
      ref.company,
      ref.customer,
      ref.platform,
      credentials,
    );
    if (!saved)
      throw new AppError('platform_not_connected', `The customer has not connected ${ref.platform}.`);
    await this.store.tokenSchedule.schedule(ref, renewalTime(credentials, spec));
    this.log.info({ platform: ref.platform, customer: ref.customer }, 'platform authorization refreshed');
    return tokens.access_token;
  }
}
