import type { Config } from '../config.js';
import { budgetOf, type Spender } from '../domain/budget.js';
import { isCustomerId } from '../domain/own-customer.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError, quotaExceeded } from '../errors.js';
import type { Metrics } from '../metrics/metrics.js';
import type { CompanySettings } from '../store/company-settings.js';
import type { SessionRecord } from '../store/connect-sessions.js';
import type { Customer } from '../store/customers.js';
import type { Store } from '../store/index.js';
import { allOf, type ReadPlan, readPlans } from '../store/kv.js';
import { isAllowedRedirect } from './redirect-uris.js';
import { claimedJti, type SessionClaims, SessionTokenError, type SessionTokens } from './session-token.js';

/** The longest a link lives (`expires_in` is at most 3600 s): how long the open-links ledger is kept. */
const MAX_LINK_TTL_MS = 60 * 60 * 1000;

export interface LinkContext {
  customer: Customer;
  /** Platforms the company does not offer. */
  hidden: PlatformId[];
  settings: CompanySettings;
  /** The spender's open links now, for its quota (the company's, or the customer's access tokens' share). */
  openLinks: number;
}

/** A session read by the jti a token claims, before the token was verified. */
export interface PeekedSession {
  jti: string;
  record: SessionRecord | null;
}

export interface LinkRequest {
  company: string;
  customer: string;
  /** Where the visit ends: one of the allowed redirect URIs; null for none; absent for the company's default. */
  redirectUri?: string | null;
  platforms: PlatformId[] | null;
  expiresIn: number;
  /** The hosted pages' language; without it the browser's, else the company's default. */
  locale?: string;
  /** Whose quota the link counts against: the company's (by default), or a customer's access tokens' share. */
  spender?: Spender;
}

export interface LinkAnswer {
  connect_url: string;
  expires_at: string;
}

/** Where the visit ends: the allowed redirect URI asked for, none (null), or the company's default. */
function redirectOf(request: LinkRequest, settings: CompanySettings): string | null {
  if (typeof request.redirectUri !== 'string') {
    return request.redirectUri === null ? null : settings.default_redirect_uri;
  }
  if (!isAllowedRedirect(settings.redirect_uris, request.redirectUri)) {
    throw new AppError(
      'redirect_uri_not_allowed',
      'redirect_uri must exactly match one of your allowed redirect URIs (PUT /company/settings).',
      { param: 'redirect_uri' },
    );
  }
  return request.redirectUri;
}

/** Connect links for the vendor, and the introspection its main API uses to check session tokens. */
export class ConnectLinks {
  /** The hosted flow's entry, where every link leads. */
  private readonly connectPage: string;

  constructor(
    private readonly config: Config,
    private readonly store: Store,
    private readonly tokens: SessionTokens,
    private readonly metrics: Metrics,
  ) {
    this.connectPage = new URL('/connections', config.publicBaseUrl).href;
  }

  /**
   * What issuing a link for the customer reads, in one round trip; null when the customer is not the
   * spender's company's (another company's customer reads as missing).
   */
  contextPlan(spender: Spender, customerId: string): ReadPlan<LinkContext | null> {
    if (!isCustomerId(customerId)) return { reads: [], decode: () => null };
    const { company } = spender;
    const all = allOf<[Customer | null, PlatformId[], CompanySettings, number]>(
      this.store.customers.getPlan(company, customerId),
      this.store.profile.hiddenPlan(company),
      this.store.settings.getPlan(company),
      this.store.ledger.livePlan(spender, 'open_links'),
    );
    return {
      reads: all.reads,
      decode: (values) => {
        const [customer, hidden, settings, openLinks] = all.decode(values);
        return customer && { customer, hidden, settings, openLinks };
      },
    };
  }

  /**
   * Issues a link for a customer found before (with `context` when it was read with it); the session
   * and its ledger entry are written in one step.
   */
  async create(
    request: LinkRequest,
    context?: Pick<LinkContext, 'settings' | 'openLinks'>,
  ): Promise<LinkAnswer> {
    const spender = request.spender ?? { company: request.company };
    const [settings, openLinks] = context
      ? [context.settings, context.openLinks]
      : await readPlans(
          this.store.kv,
          this.store.settings.getPlan(request.company),
          this.store.ledger.livePlan(spender, 'open_links'),
        );
    const redirectUri = redirectOf(request, settings);
    const quota = budgetOf(this.config.limits, spender).openLinks;
    if (openLinks >= quota) throw quotaExceeded('open connect links', quota, undefined, spender);
    const link = this.issue(request, spender, redirectUri, quota);
    await link.batch.exec();
    this.issued();
    return link.answer;
  }

  /**
   * The same link decided ahead, from `settings` as read before, for the gate to write (Kv.gate): its
   * writes, the quota they must stay under (the spender's open links, counted when written), and the
   * answer once written (then `issued`).
   */
  ahead(request: LinkRequest, settings: CompanySettings) {
    const spender = request.spender ?? { company: request.company };
    const redirectUri = redirectOf(request, settings);
    const quota = budgetOf(this.config.limits, spender).openLinks;
    const { batch, answer } = this.issue(request, spender, redirectUri, quota);
    const [live] = this.store.ledger.livePlan(spender, 'open_links').reads as [
      { zcountFrom: string; from: string },
    ];
    return { write: { batch, under: { key: live.zcountFrom, from: live.from, max: quota } }, answer };
  }

  /** Counts a link issued. */
  issued(): void {
    this.metrics.linksIssued.inc();
  }

  /** A new session token, its session and ledger entry as one batch (not yet written), and the answer. */
  private issue(request: LinkRequest, spender: Spender, redirectUri: string | null, quota: number) {
    const { token, claims } = this.tokens.issue(request.company, request.customer, request.expiresIn);
    const batch = this.store.sessions.sessionWrites(
      claims.jti,
      {
        company: request.company,
        customer: request.customer,
        platforms: request.platforms,
        redirect_uri: redirectUri,
        exp: claims.exp,
      },
      this.store.ledger.entry(
        this.store.kv.batch(),
        spender,
        'open_links',
        claims.jti,
        claims.exp * 1000,
        quota,
        MAX_LINK_TTL_MS,
      ),
    );
    const query = new URLSearchParams({ customer: request.customer, token });
    if (redirectUri) query.append('redirect_uri', redirectUri);
    if (request.locale) query.append('locale', request.locale);
    const answer: LinkAnswer = {
      connect_url: `${this.connectPage}?${query}`,
      expires_at: new Date(claims.exp * 1000).toISOString(),
    };
    return { batch, answer };
  }

  /**
   * What introspecting `token` reads first: the session of the jti it claims, unverified (see
   * `claimedJti`), so the read can go with the request's authentication.
   */
  introspectionPlan(company: string, token: unknown): ReadPlan<PeekedSession | undefined> {
    const jti = typeof token === 'string' ? claimedJti(token) : undefined;
    if (jti === undefined) return { reads: [], decode: () => undefined };
    const plan = this.store.sessions.peekPlan(company, jti);
    return { reads: plan.reads, decode: (values) => ({ jti, record: plan.decode(values) }) };
  }

  /**
   * RFC 7662 style: any problem, including another company's token, is just `active: false`. `ahead`
   * is the session read by `introspectionPlan`, used once the token verified with that jti.
   */
  async introspect(company: string, token: string, ahead?: PeekedSession): Promise<Record<string, unknown>> {
    let claims: SessionClaims;
    try {
      claims = await this.tokens.verify(token);
    } catch (err) {
      if (err instanceof SessionTokenError) return { active: false };
      throw err;
    }
    if (claims.company !== company) return { active: false };
    const record =
      ahead?.jti === claims.jti ? ahead.record : await this.store.sessions.peekSession(company, claims.jti);
    if (!record || record.customer !== claims.customer) return { active: false };
    return {
      active: true,
      customer: claims.customer,
      company: claims.company,
      exp: claims.exp,
      iat: claims.iat,
      jti: claims.jti,
      aud: 'adlink:connect',
      iss: this.config.publicBaseUrl,
      platforms: record.platforms,
      redirect_uri: record.redirect_uri,
    };
  }
}
