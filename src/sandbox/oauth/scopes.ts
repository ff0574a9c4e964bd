export const SCOPES = ['ads_read', 'ads_management'] as const;
export type Scope = (typeof SCOPES)[number];

const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

/** A space-separated scope parameter (RFC 6749 §3.3): its distinct scopes, or null if one is unknown. */
export function parseScope(raw: string): Scope[] | null {
  const requested = [...new Set(raw.split(' ').filter(Boolean))];
  return requested.every(isScope) ? requested : null;
}

/** Reading needs either scope; changing anything needs ads_management. */
export const allows = (granted: readonly string[], action: 'read' | 'write'): boolean =>
  granted.includes('ads_management') || (action === 'read' && granted.includes('ads_read'));
