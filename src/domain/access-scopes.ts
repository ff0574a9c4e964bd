/** What an access token may do for its customer: `read` answers GETs, `write` everything a customer route offers. */
export const ACCESS_SCOPES = ['read', 'write'] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];
