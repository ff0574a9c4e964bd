import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { Audience, AudienceChanges, HashedMembers, NewAudience } from './model.js';

/** How a platform takes customer lists, declared by its adapter and kept before any call. */
export interface AudienceCapabilities {
  /** Members (emails and phones together) in one upload call. */
  batchSize: number;
  /** Matched people the platform needs before an audience serves. */
  minSize: number;
  /** Whether dots before the @ of gmail.com and googlemail.com addresses are removed (Google's rule). */
  gmailDots: boolean;
  /**
   * How phone numbers are hashed: `e164` with the `+`, `digits` without it (Meta), or null where the
   * platform's lists take no phones (Pinterest): each phone is then an `invalid` entry.
   */
  phones: 'e164' | 'digits' | null;
}

/** Customer-list audiences on one platform (`platforms/<id>/audiences.ts`). Every method calls the platform. */
export interface AudienceAdapter {
  capabilities: AudienceCapabilities;
  list(call: PlatformCall, account: AdAccount): Promise<Audience[]>;
  /** The audience, or null when it is not in `call.accounts` (or does not exist). */
  get(call: PlatformCall, id: string): Promise<Audience | null>;
  create(call: PlatformCall, input: NewAudience, account: AdAccount): Promise<Audience>;
  update(call: PlatformCall, audience: Audience, changes: AudienceChanges): Promise<Audience>;
  delete(call: PlatformCall, audience: Audience): Promise<void>;
  /** Sends one batch (at most `batchSize` members) to add, or to remove with `remove`. */
  changeMembers(
    call: PlatformCall,
    audience: Audience,
    members: HashedMembers,
    remove: boolean,
  ): Promise<void>;
}
