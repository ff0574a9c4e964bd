import type { Logger } from 'pino';
import { exchangeCode, OAuthError } from '../connections/oauth-client.js';
import { renewalTime } from '../connections/renewal.js';
import type { PlatformId } from '../domain/platform-ids.js';
import type { Events } from '../events/events.js';
import { authorizationErrorLabel, type Metrics } from '../metrics/metrics.js';
import type { PlatformApp } from '../ports/platform-call.js';
import type { PlatformEntry } from '../ports/platform-entry.js';
import { PlatformError } from '../ports/platform-error.js';
import type { Platforms } from '../ports/platforms.js';
import type { Attempt, Flow } from '../store/connect-sessions.js';
import { type AdAccount, keptChoice, lapsesAt } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { redirectCode } from './authorization-request.js';
import { FlowPage, type FlowPageKind } from './flow-page.js';
import { revokeGrant } from './revoke-grant.js';

/** The code shown in the activity log: the platform's `error`, or adlink's own reason, kept short. */
const errorCode = (reason: string): string => reason.split(':')[0]!.slice(0, 64);

type Tokens = Awaited<ReturnType<typeof exchangeCode>>;

/** One callback being answered: the attempt it ends, the visit, and the platform's entry. */
interface Arrival {
  attempt: Attempt;
  flow: Flow;
  platform: PlatformId;
  entry: PlatformEntry;
}

/**
 * The platform's redirect back to the hosted flow, as named steps: the attempt is taken (deleted
 * before anything else) and must belong to this browser's visit and to the platform in the path; the
 * redirect is checked (issuer, error, code, app); the code is exchanged at that platform's token
 * endpoint only; the connection is kept and the vendor told.
 */
export class OAuthCallback {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly events: Events,
    /** The browser's visit, or the page saying it ended. */
    private readonly visit: (browserFlow: string | undefined) => Promise<Flow>,
  ) {}

  async receive(browserFlow: string | undefined, pathPlatform: PlatformId, query: Record<string, string>) {
    const attempt = query.state ? await this.store.sessions.takeAttempt(query.state) : null;
    if (!attempt || attempt.flow !== browserFlow || attempt.platform !== pathPlatform) {
      this.log.warn(
        { platform: pathPlatform, reason: attempt ? 'foreign_state' : 'unknown_state' },
        'oauth callback refused',
      );
      throw new FlowPage('oauth_state', 400, {}, { overview: true });
    }
    const arrival = {
      attempt,
      flow: await this.visit(browserFlow),
      platform: attempt.platform,
      entry: this.platforms.entry(attempt.platform),
    };
    const { code, app } = await this.checkRedirect(arrival, query);
    const { tokens, accounts } = await this.exchange(arrival, code, app);
    await this.keepConnection(arrival, app, tokens, accounts);
    return { platform: arrival.platform, choose: accounts.length > 1 };
  }

  /**
   * What the redirect says is acceptable: the issuer where the platform names one (mix-up defence),
   * no error, a code, and the app the attempt started with still the company's.
   */
  private async checkRedirect(arrival: Arrival, query: Record<string, string>) {
    const { entry, flow, attempt } = arrival;
    const issuer = entry.oauth.issuer;
    if (issuer && (query.iss === undefined ? entry.oauth.requiresIss : query.iss !== issuer)) {
      throw await this.failure(arrival, 'oauth_failed', 'issuer_mismatch', 400);
    }
    if (query.error) {
      throw await this.failure(
        arrival,
        query.error === 'access_denied' ? 'oauth_denied' : 'oauth_failed',
        query.error,
      );
    }
    const code = redirectCode(entry.oauth, query);
    if (!code) throw await this.failure(arrival, 'oauth_failed', 'missing_code');
    // If the company changed or removed its app since, the code is for another client and goes nowhere.
    const app = await this.platforms.oauthApp(flow.company, arrival.platform);
    if (!app || app.clientId !== attempt.client_id)
      throw await this.failure(arrival, 'oauth_failed', 'app_changed');
    return { code, app };
  }

  /** The code exchanged for tokens, and the ad accounts they reach (at least one). */
  private async exchange(arrival: Arrival, code: string, app: PlatformApp) {
    const { entry, attempt, platform } = arrival;
    let tokens: Tokens;
    let accounts: AdAccount[];
    try {
      tokens = await exchangeCode(entry.oauth, app, {
        code,
        redirectUri: attempt.redirect_uri,
        codeVerifier: attempt.code_verifier,
      });
      accounts = await this.platforms
        .adapter(platform)
        .listAdAccounts({ accessToken: tokens.access_token, app, accounts: [] });
    } catch (err) {
      if (err instanceof OAuthError || err instanceof PlatformError) {
        throw await this.failure(arrival, 'oauth_failed', err.message);
      }
      throw err;
    }
    if (accounts.length === 0) throw await this.failure(arrival, 'no_accounts', 'no_ad_accounts');
    return { tokens, accounts };
  }

  /**
   * Stores the connection (the earlier choice kept where its accounts are still reached), forgets
   * what was cached under an earlier grant, schedules the renewal, and records and tells the outcome.
   */
  private async keepConnection(arrival: Arrival, app: PlatformApp, tokens: Tokens, accounts: AdAccount[]) {
    const { flow, platform, entry } = arrival;
    const ref = { company: flow.company, customer: flow.customer, platform };
    const now = new Date().toISOString();
    const obtainedAt = Math.floor(Date.now() / 1000);
    const previous = await this.store.connections.get(flow.company, flow.customer, platform);
    const chosen = keptChoice(previous?.ad_accounts, accounts);
    const credentials = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: tokens.expires_in ? obtainedAt + tokens.expires_in : null,
      obtained_at: obtainedAt,
      client_id: app.clientId,
    };
    const scopes = tokens.scope ?? entry.oauth.scopes;
    const saved = await this.store.connections.save(
      flow.company,
      flow.customer,
      {
        platform,
        status: 'connected',
        ad_accounts: chosen,
        scopes,
        connected_at: previous?.connected_at ?? now,
        updated_at: now,
        expires_at: lapsesAt(credentials),
        reauth_reason: null,
      },
      credentials,
    );
    if (!saved) {
      // The customer was deleted while the code was exchanged: give the grant back, keep nothing.
      await revokeGrant(this.platforms, platform, app, tokens);
      throw new FlowPage('session_missing', 401);
    }
    // A reconnect is a new grant that may reach other accounts: what was cached under the old one is forgotten.
    if (previous) await this.store.connectionCaches.clear(ref);
    await this.store.tokenSchedule.schedule(ref, renewalTime(credentials, entry.oauth));
    await this.store.sessions.saveFlow({
      ...flow,
      connected: [...new Set([...flow.connected, platform])],
      failed: flow.failed.filter((p) => p !== platform),
      reachable: { ...flow.reachable, [platform]: accounts },
    });
    await this.store.connectAttempts.record(flow.company, {
      customer: flow.customer,
      platform,
      outcome: 'connected',
      error_code: null,
    });
    this.metrics.authorizationResults.inc({ platform, outcome: 'succeeded', error_code: 'none' });
    this.log.info(
      { company: flow.company, customer: flow.customer, platform, accounts: accounts.length },
      'platform connected',
    );
    await this.events.emit(previous ? 'connection.reauthorized' : 'connection.created', {
      company: flow.company,
      customer: flow.customer,
      data: { platform, ad_accounts: chosen, scopes },
    });
  }

  /**
   * The page a failed attempt shows, once recorded (the visit's failed platforms, the attempt log,
   * metrics): 502 when the platform failed us, 400 when the redirect itself is not acceptable.
   */
  private async failure(
    { flow, platform, entry }: Arrival,
    page: FlowPageKind,
    reason: string,
    status = page === 'oauth_denied' ? 200 : 502,
  ): Promise<FlowPage> {
    this.log.info(
      { company: flow.company, customer: flow.customer, platform, reason },
      'oauth connect failed',
    );
    const outcome = page === 'oauth_denied' ? 'denied' : 'failed';
    this.metrics.authorizationResults.inc({
      platform,
      outcome,
      error_code: authorizationErrorLabel(errorCode(reason)),
    });
    await this.store.sessions.saveFlow({ ...flow, failed: [...new Set([...flow.failed, platform])] });
    await this.store.connectAttempts.record(flow.company, {
      customer: flow.customer,
      platform,
      outcome,
      error_code: errorCode(reason),
    });
    return new FlowPage(page, status, { platform: entry.name }, { platform }, flow.company);
  }
}
