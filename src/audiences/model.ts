/** What a platform says of a customer list while and after it matches it. */
export const AUDIENCE_STATUSES = ['Matching', 'Ready', 'TooSmall', 'Error'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

/** The unified audience, exactly as the API documents it. */
export interface Audience {
  id: string;
  name: string;
  description: string | null;
  platform: string;
  advertiser: string;
  kind: 'CustomerList';
  /** The platform's estimate of the matched people, or null while it matches (or will not say). */
  size: number | null;
  status: AudienceStatus;
  updatedAt: string;
}

export interface NewAudience {
  name: string;
  advertiser: string;
  description?: string;
}

export interface AudienceChanges {
  name?: string;
  description?: string;
}

/** Members as the platforms take them: SHA-256 (hex) of each normalized value, never the value. */
export interface HashedMembers {
  emails: string[];
  phones: string[];
}

/** An entry of a members request that was not sent, and why. */
export interface InvalidMember {
  index: number;
  field: 'emails' | 'phones' | 'sha256.emails' | 'sha256.phones';
  reason: string;
}

/** What a members request did: how many entries came, how many the platform was sent. */
export interface MembersOutcome {
  received: number;
  accepted: number;
  invalid: InvalidMember[];
}
