/** The client's redirect URI with these parameters added (RFC 6749 §4.1.2; `iss` per RFC 9207). */
export function redirectTo(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.href;
}

/**
 * The CSP form-action source a consent page needs: browsers apply form-action to the redirect that
 * follows the form's POST, so the client's redirect URI must be allowed.
 */
export function formActionSource(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}
