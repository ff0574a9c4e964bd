import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import { AppError } from '../errors.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Identity } from './model.js';

/** Who a customer's ads may speak as, read live from the platform (an empty list where it asks for none). */
export class IdentityService {
  constructor(
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
  ) {}

  async list(ref: ConnectionRef, account: AdAccount): Promise<Identity[]> {
    const { identities } = this.platforms.adapter(ref.platform);
    if (!identities) return [];
    return this.calls.call(ref, (_adapter, call) => identities.list(call, account), account.id);
  }

  /** 400 naming `creative.identity` unless the ad account's ads may speak as `id`. */
  async check(ref: ConnectionRef, account: AdAccount, id: string): Promise<void> {
    const offered = await this.list(ref, account);
    if (offered.some((identity) => identity.id === id)) return;
    const names = offered.map((i) => `${i.id} (${i.name})`).join(', ') || 'none';
    throw new AppError(
      'invalid_request',
      `Ads of ad account ${account.id} cannot speak as ${id}; they may speak as: ${names}.`,
      { param: 'creative.identity' },
    );
  }
}
