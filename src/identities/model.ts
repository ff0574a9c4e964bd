/** What an ad speaks as, in the platform's terms. */
export const IDENTITY_KINDS = [
  'FacebookPage',
  'Organization',
  'TikTokIdentity',
  'PublicProfile',
  'BrandName',
  'Profile',
] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** Who an ad speaks as, exactly as the API documents it (`GET /v1/:platform/identities`). */
export interface Identity {
  id: string;
  name: string;
  kind: IdentityKind;
}
