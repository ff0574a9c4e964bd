import { createHash, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import { isCustomerId, OWN_CUSTOMER } from '../domain/own-customer.js';
import type { PlatformId } from '../domain/platform-ids.js';
import type { Events } from '../events/events.js';
import { monotonicTimestamp, randomToken } from '../ids.js';
import { isLanguage } from '../locales/i18n.js';
import type { Metrics } from '../metrics/metrics.js';
import { signedLoginHint } from '../platforms/sandbox/login-hint.js';
import type { OAuthSpec } from '../ports/platform-entry.js';
import type { Platforms } from '../ports/platforms.js';
import type { Flow } from '../store/connect-sessions.js';
import type { Connection } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { keepAccounts } from './account-choice.js';
import { authorizeUrl, pkcePair } from './authorization-request.js';
import { OAuthCallback } from './callback.js';
import { FlowPage } from './flow-page.js';
import { isAllowedRedirect } from './redirect-uris.js';
import { signedResultUrl, visitOutcome } from './result-signature.js';
import { type SessionClaims, SessionTokenError, type SessionTokens } from './session-token.js';

/**
 * The id a flow is stored under: the SHA-256 of the browser's cookie value, so what is in the store
 * (flows, `session_used` records, attempts) cannot be replayed as a cookie.
 */
export const flowIdOf = (cookie: string): string => createHash('sha256').update(cookie).digest('base64url');

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export interface LinkParams {
  customer: string;
  token: string;
  redirect_uri?: string;
  /** The language the vendor chose for the pages (`GET /customers/:id/connect?locale=`). */
  locale?: string;
}

/** What the layout shows of a company on its customers' pages (views/layout.ejs). */
export interface HostedBrand {
  /** The header text and the `{vendor}` of the messages: the display name, else the company's name. */
  brand: string;
  /** `version`s change with the content, so browsers never show a stale cached logo or theme. */
  branding: { company: string; logo: string | null; theme: string };
  /** The company's default language for its customers' pages (integrations, Branding). */
  language: string | null;
}

export interface PlatformRow {
  id: PlatformId;
  name: string;
  color: string;
  mark: string;
  logo: string | null;
  status: 'not_connected' | 'connected' | 'needs_reauth';
  accounts: string;
}

/** The hosted connection flow as named steps; routes only translate HTTP to these calls. */
export class ConnectFlow {
  constructor(
    private readonly store: Store,
    private readonly tokens: SessionTokens,
    private readonly platforms: Platforms,
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly events: Events,
    private readonly calls: ConnectionCalls,
  ) {
    this.callbacks = new OAuthCallback(store, platforms, log, metrics, events, (id) => this.flow(id));
  }

  private readonly callbacks: OAuthCallback;

  async vendorName(company: string): Promise<string> {
    return (await this.brand(company))?.brand ?? '';
  }

  /** The company's branding for its customers' pages; null for a company that does not exist. */
  async brand(company: string): Promise<HostedBrand | null> {
    const [record, branding] = await Promise.all([
      this.store.companies.get(company),
      this.store.profile.branding(company),
    ]);
    if (!record) return null;
    return {
      brand: branding.display_name ?? record.name,
      branding: {
        company,
        logo: branding.logo_sha256?.slice(0, 16) ?? null,
        theme: createHash('sha256').update(`${branding.accent}`).digest('hex').slice(0, 16),
      },
      language: branding.language,
    };
  }

  /** Signature, claims, customer match and the hand-added redirect_uri; consumes nothing. */
  private async checkLink(link: LinkParams): Promise<{ claims: SessionClaims; vendor: string }> {
    let claims: SessionClaims;
    try {
      claims = await this.tokens.verify(link.token);
    } catch (err) {
      if (!(err instanceof SessionTokenError)) throw err;
      throw new FlowPage(
        err.reason === 'expired' ? 'link_expired' : 'link_invalid',
        err.reason === 'expired' ? 410 : 400,
      );
    }
    const vendor = await this.vendorName(claims.company);
    if (claims.customer !== link.customer)
      throw new FlowPage('link_invalid', 400, { vendor }, undefined, claims.company);
    if (link.redirect_uri !== undefined) {
      const settings = await this.store.settings.get(claims.company);
      if (!isAllowedRedirect(settings.redirect_uris, link.redirect_uri)) {
        throw new FlowPage('redirect_not_allowed', 400, { vendor }, undefined, claims.company);
      }
    }
    return { claims, vendor };
  }

  /** A link that is gone: the same browser continues its flow, any other gets "already used". */
  private async continueOrRefuse(claims: SessionClaims, vendor: string, browserFlow: string | undefined) {
    const usedBy = await this.store.sessions.flowThatUsed(claims.company, claims.jti);
    if (usedBy && usedBy === browserFlow && (await this.store.sessions.getFlow(usedBy))) return usedBy;
    // No trace of a use: the vendor revoked the link (or deleted the customer).
    throw new FlowPage(usedBy ? 'link_used' : 'link_revoked', 410, { vendor }, undefined, claims.company);
  }

  /**
   * GET with the link: verify only, so link scanners cannot burn it. `replaces` when this browser has
   * a live flow for another customer: the page then asks before replacing it instead of going on by
   * itself, so opening someone else's link cannot silently swap the flow under an open tab.
   */
  async landing(
    link: LinkParams,
    browserFlow: string | undefined,
  ): Promise<{ vendor: string; company: string; replaces: boolean; expires: Date } | { continue: string }> {
    const { claims, vendor } = await this.checkLink(link);
    if (await this.store.sessions.peekSession(claims.company, claims.jti)) {
      const open = browserFlow ? await this.store.sessions.getFlow(browserFlow) : null;
      const replaces =
        open !== null &&
        (open.company !== claims.company || open.customer !== claims.customer) &&
        (await this.store.customers.get(open.company, open.customer)) !== null;
      return { vendor, company: claims.company, replaces, expires: new Date(claims.exp * 1000) };
    }
    return { continue: await this.continueOrRefuse(claims, vendor, browserFlow) };
  }

  /**
   * POST from the landing page: consume the link once and start this browser's flow. Returns the new
   * flow's cookie value, or null when this browser simply continues the flow that used the link.
   */
  async redeem(link: LinkParams, browserFlow: string | undefined): Promise<string | null> {
    const { claims, vendor } = await this.checkLink(link);
    const cookie = randomToken(32);
    const flowId = flowIdOf(cookie);
    const record = await this.store.sessions.consumeSession(claims.company, claims.jti, flowId);
    if (!record) {
      await this.continueOrRefuse(claims, vendor, browserFlow);
      return null;
    }
    if (
      !isCustomerId(record.customer) ||
      !(await this.store.customers.get(record.company, record.customer))
    ) {
      throw new FlowPage('link_invalid', 400, { vendor }, undefined, record.company);
    }
    await this.store.sessions.saveFlow({
      id: flowId,
      jti: claims.jti,
      company: record.company,
      customer: record.customer,
      platforms: record.platforms,
      redirect_uri: link.redirect_uri ?? record.redirect_uri,
      form_token: randomToken(32),
      ...(isLanguage(link.locale) ? { locale: link.locale } : {}),
      connected: [],
      failed: [],
      started_at: monotonicTimestamp(),
    });
    this.metrics.linksOpened.inc();
    this.log.info({ company: record.company, customer: record.customer }, 'connect link redeemed');
    await this.events.visitStarted({
      company: record.company,
      customer: record.customer,
      flow: flowId,
      opened_at: new Date().toISOString(),
    });
    return cookie;
  }

  /** This browser's flow; it ends with its customer, so a deleted customer's open tab cannot connect again. */
  async flow(flowId: string | undefined): Promise<Flow> {
    const flow = flowId ? await this.store.sessions.getFlow(flowId) : null;
    if (!flow || !(await this.store.customers.get(flow.company, flow.customer))) {
      throw new FlowPage('session_missing', 401);
    }
    return flow;
  }

  /**
   * A form of the flow's pages (Start, Finish) carries the flow's own token: one shown before another
   * visit replaced the cookie's flow is refused instead of acting on the new one.
   */
  checkForm(flow: Flow, token: string | undefined): void {
    if (token === undefined) throw new FlowPage('forbidden', 403, {}, undefined, flow.company);
    if (!sameToken(token, flow.form_token)) {
      this.log.warn({ company: flow.company }, 'form of another flow refused');
      throw new FlowPage('flow_replaced', 409, {}, { overview: true }, flow.company);
    }
  }

  /**
   * What this visit may connect: the deployment's available platforms the company offers (read now,
   * so un-offering a platform also closes open visits), narrowed to the link's list when it has one.
   */
  async offered(flow: Flow): Promise<PlatformId[]> {
    const offered = await this.store.profile.offered(flow.company, this.platforms.available());
    return flow.platforms ? flow.platforms.filter((p) => offered.includes(p)) : offered;
  }

  /** The platforms' display names, in the order given. */
  names(ids: PlatformId[]): string[] {
    return ids.map((id) => this.platforms.entry(id).name);
  }

  /** What the platform's redirect back carries besides RFC 6749's parameters (see OAuthSpec). */
  redirectParams(platform: PlatformId): Pick<OAuthSpec, 'codeParams' | 'callbackParams'> {
    return this.platforms.entry(platform).oauth;
  }

  /** Origins the overview's Connect forms end up at, for its CSP form-action. */
  authorizeOrigins(offered: PlatformId[]): string[] {
    return [...new Set(offered.map((p) => new URL(this.platforms.entry(p).oauth.authorizeUrl).origin))];
  }

  async overview(flow: Flow): Promise<{ vendor: string; rows: PlatformRow[]; formAction: string[] }> {
    const connections = new Map<PlatformId, Connection>(
      (await this.store.connections.list(flow.company, flow.customer)).map((c) => [c.platform, c]),
    );
    const offered = await this.offered(flow);
    const rows = offered.map((id): PlatformRow => {
      const { name, color, mark } = this.platforms.entry(id);
      const connection = connections.get(id);
      return {
        id,
        name,
        color,
        mark,
        logo: this.platforms.logo(id),
        status: connection?.status ?? 'not_connected',
        accounts: connection?.ad_accounts.map((a) => a.name).join(', ') ?? '',
      };
    });
    return { vendor: await this.vendorName(flow.company), rows, formAction: this.authorizeOrigins(offered) };
  }

  /**
   * A one-time attempt (state + PKCE) and the platform's authorize URL to send the browser to; only
   * for the Connect form of this very flow (`formToken`).
   */
  async start(
    flow: Flow,
    platform: PlatformId,
    formToken: string | undefined,
    lang: string,
  ): Promise<string> {
    const app = (await this.offered(flow)).includes(platform)
      ? await this.platforms.oauthApp(flow.company, platform)
      : null;
    if (!app) throw new FlowPage('platform_unavailable', 404, {}, undefined, flow.company);
    this.checkForm(flow, formToken);
    const spec = this.platforms.entry(platform).oauth;
    const state = randomToken(32);
    const pkce = spec.pkce ? pkcePair() : null;
    const redirectUri = this.platforms.callbackUrl(platform);
    await this.store.sessions.createAttempt(state, {
      flow: flow.id,
      platform,
      code_verifier: pkce?.verifier ?? null,
      redirect_uri: redirectUri,
      client_id: app.clientId,
    });
    // The sandbox keeps data per customer: a hint it can verify, so no browser can name another one.
    // Every company's built-in customer has the same id: its company tells them apart.
    const own = flow.customer === OWN_CUSTOMER;
    const loginHint = signedLoginHint(
      { id: app.clientId, secret: app.clientSecret },
      own ? `own-${flow.company}` : flow.customer,
      pkce?.challenge ?? '',
    );
    const customer = own
      ? { name: await this.vendorName(flow.company) }
      : await this.store.customers.get(flow.company, flow.customer);
    this.metrics.authorizationsStarted.inc({ platform });
    return authorizeUrl(spec, app, {
      state,
      redirectUri,
      codeChallenge: pkce?.challenge ?? null,
      loginHint,
      loginName: customer?.name,
      uiLocales: lang,
    });
  }

  /** The platform's redirect back: see OAuthCallback. */
  callback(browserFlow: string | undefined, pathPlatform: PlatformId, query: Record<string, string>) {
    return this.callbacks.receive(browserFlow, pathPlatform, query);
  }

  /**
   * The "Choose ad accounts" step of a platform connected in this visit: every account the grant
   * reaches, and those adlink may use now.
   */
  async accountChoice(flow: Flow, platform: PlatformId) {
    const reachable = flow.reachable?.[platform];
    const connection = await this.store.connections.get(flow.company, flow.customer, platform);
    if (!reachable || !connection) throw new FlowPage('session_missing', 401, {}, { overview: true });
    return {
      name: this.platforms.entry(platform).name,
      reachable,
      chosen: new Set(connection.ad_accounts.map((a) => a.id)),
    };
  }

  /**
   * Keeps only the chosen accounts (ids among those the step offered), checked against what the
   * connection's grant reaches now: another visit may have replaced the grant since the step was
   * shown. `changed` when it no longer reaches one of them (the step then offers what it reaches now),
   * `none` when nothing offered was chosen.
   */
  async chooseAccounts(
    flow: Flow,
    platform: PlatformId,
    ids: string[],
  ): Promise<'chosen' | 'none' | 'changed'> {
    const { reachable } = await this.accountChoice(flow, platform);
    const offered = reachable.filter((a) => ids.includes(a.id));
    if (offered.length === 0) return 'none';
    const ref = { company: flow.company, customer: flow.customer, platform };
    const reachedNow = await this.calls.call(ref, (adapter, call) => adapter.listAdAccounts(call));
    const chosen = reachedNow.filter((a) => offered.some((o) => o.id === a.id));
    if (chosen.length < offered.length) {
      await this.store.sessions.saveFlow({
        ...flow,
        reachable: { ...flow.reachable, [platform]: reachedNow },
      });
      return 'changed';
    }
    if (!(await keepAccounts(this.store, this.events, ref, chosen))) {
      throw new FlowPage('session_missing', 401, {}, { overview: true });
    }
    this.log.info(
      { company: flow.company, customer: flow.customer, platform, accounts: chosen.length },
      'ad accounts chosen',
    );
    return 'chosen';
  }

  /** The visit reached its end (Done, or leaving): `connect_flow.completed` with each platform's outcome, once. */
  async complete(flow: Flow): Promise<void> {
    const platforms = Object.fromEntries([
      ...flow.failed.map((p) => [p, 'failed']),
      ...flow.connected.map((p) => [p, 'connected']),
    ]);
    await this.events.visitCompleted(flow.company, flow.customer, flow.id, {
      status: visitOutcome(flow),
      platforms,
    });
  }

  /**
   * The vendor's redirect with the signed result, or null when the link had no redirect_uri. The URI
   * must still be allowed now: one the company removed since the visit began is not used.
   */
  async resultUrl(flow: Flow): Promise<string | null> {
    if (!flow.redirect_uri) return null;
    const settings = await this.store.settings.get(flow.company);
    if (!isAllowedRedirect(settings.redirect_uris, flow.redirect_uri)) {
      this.log.warn({ company: flow.company }, 'redirect URI no longer allowed at finish');
      const vendor = await this.vendorName(flow.company);
      throw new FlowPage('redirect_not_allowed', 400, { vendor }, undefined, flow.company);
    }
    const secrets = await this.store.settings.signingSecrets(flow.company);
    return signedResultUrl(
      flow.redirect_uri,
      {
        id: `res_${randomToken(16)}`,
        customer: flow.customer,
        status: visitOutcome(flow),
        platforms: [...flow.connected].sort().join(','),
        ts: String(Math.floor(Date.now() / 1000)),
      },
      secrets.map((s) => s.secret),
    );
  }
}
