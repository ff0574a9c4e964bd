import { z } from 'zod';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_LENGTH = 2000;

/**
 * Why a URI cannot be an allowed redirect URI, or null when it can: absolute http(s), written exactly
 * as the URL parser writes it back (so "exact match" has one meaning), no fragment or user info, and
 * http only for loopback development.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_LENGTH) return `must be at most ${MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https (or http for localhost)';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return 'must use https unless the host is localhost';
  if (url.hash || uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain user information';
  if (url.href !== uri) return `must be written in canonical form: ${url.href}`;
  return null;
}

/** Byte-for-byte comparison: no normalisation, no prefix or pattern matching. */
export const isAllowedRedirect = (allowed: string[], uri: string): boolean => allowed.includes(uri);

const redirectUri = z.string().superRefine((uri, ctx) => {
  const problem = redirectUriProblem(uri);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The redirect URI settings of a company, as the API and the CLI accept them. */
export const companySettingsSchema = z
  .strictObject({
    redirect_uris: z.array(redirectUri).max(20, 'at most 20 redirect URIs'),
    default_redirect_uri: redirectUri.nullable().default(null),
  })
  .superRefine((settings, ctx) => {
    if (new Set(settings.redirect_uris).size !== settings.redirect_uris.length) {
      ctx.addIssue({ code: 'custom', path: ['redirect_uris'], message: 'must not repeat a URI' });
    }
    const fallback = settings.default_redirect_uri;
    if (fallback !== null && !settings.redirect_uris.includes(fallback)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_redirect_uri'],
        message: 'must be one of redirect_uris',
      });
    }
  });
