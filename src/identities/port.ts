import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { Identity } from './model.js';

/**
 * Who ads of an ad account may speak as (`platforms/<id>/identities.ts`), where the platform asks for
 * one: Meta's Pages the account may promote, LinkedIn's organizations, TikTok's identities, Snapchat's
 * public profiles, Pinterest's profile.
 */
export interface IdentityAdapter {
  list(call: PlatformCall, account: AdAccount): Promise<Identity[]>;
}
