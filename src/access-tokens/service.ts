import type { Actor } from '../domain/actor.js';
import { AppError, customerNotFound, quotaExceeded } from '../errors.js';
import type { Events } from '../events/events.js';
import type { AccessToken, AccessTokenPage, AccessTokenRecord } from '../store/access-tokens.js';
import type { Customer } from '../store/customers.js';
import type { Store } from '../store/index.js';
import { ACCESS_TOKEN_LIFETIME, type NewAccessToken } from './model.js';

export const accessTokenNotFound = (id: string) =>
  new AppError('access_token_not_found', `The customer has no live access token ${id}.`, {
    param: 'token_id',
  });

/** Why a token ended, in its `token.revoked` event. */
type RevokeReason = 'revoked' | 'customer_deleted';

/**
 * Access tokens of a company's customers: issued (the secret shown once), listed, revoked, and all
 * revoked with their customer; each issue and revocation is an event (`token.created`,
 * `token.revoked`) that never carries the secret.
 */
export class AccessTokenService {
  constructor(
    private readonly store: Store,
    private readonly events: Events,
    /** Live access tokens a company may hold. */
    private readonly quota: number,
  ) {}

  /** A new token with its secret (`token`), shown this once. */
  async create(
    customer: Customer,
    input: NewAccessToken,
    actor?: Actor,
  ): Promise<AccessTokenRecord & { token: string }> {
    if ((await this.store.accessTokens.live(customer.company)) >= this.quota) {
      throw quotaExceeded('live access tokens', this.quota);
    }
    const lifetime = input.expires_in ?? ACCESS_TOKEN_LIFETIME.default;
    const created = await this.store.accessTokens.create(
      customer.company,
      customer.id,
      input.scope,
      lifetime * 1000,
      this.quota,
    );
    if (!created) throw customerNotFound(customer.id);
    const { token } = created;
    await this.events.emit('token.created', {
      company: customer.company,
      customer: customer.id,
      actor,
      data: { id: token.id, scope: token.scope, prefix: token.prefix, expires_at: token.expires_at },
    });
    const { id, ...rest } = token;
    return { id, token: created.secret, ...rest };
  }

  list(customer: Customer, limit: number, after?: string): Promise<AccessTokenPage> {
    return this.store.accessTokens.list(customer.company, customer.id, limit, after);
  }

  async get(customer: Customer, id: string): Promise<AccessToken> {
    const token = await this.store.accessTokens.get(customer.company, customer.id, id);
    if (!token) throw accessTokenNotFound(id);
    return token;
  }

  /** Revokes one token of the customer: refused from the next request on, on every instance. */
  async revoke(customer: Customer, id: string, actor?: Actor): Promise<AccessTokenRecord> {
    const revoked = await this.store.accessTokens.revoke(customer.company, customer.id, id);
    if (!revoked) throw accessTokenNotFound(id);
    await this.revoked(customer, revoked, 'revoked', actor);
    return revoked;
  }

  /** After the customer's deletion: every token it had stops working. */
  async customerDeleted(customer: Customer, actor?: Actor): Promise<void> {
    const revoked = await this.store.accessTokens.revokeAll(customer.company, customer.id);
    for (const token of revoked) await this.revoked(customer, token, 'customer_deleted', actor);
  }

  private async revoked(customer: Customer, token: AccessTokenRecord, reason: RevokeReason, actor?: Actor) {
    await this.events.emit('token.revoked', {
      company: customer.company,
      customer: customer.id,
      actor,
      data: { id: token.id, scope: token.scope, prefix: token.prefix, reason },
    });
  }
}
