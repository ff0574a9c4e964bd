import { z } from 'zod';
import { AuthorizationError, PageError } from '../errors.js';
import { firstIssue, singleValued } from '../params.js';
import { findClient, type SandboxClient } from './clients.js';
import { sandboxUser } from './login-hint.js';
import { CODE_CHALLENGE } from './pkce.js';
import { parseScope, SCOPES, type Scope } from './scopes.js';

export interface AuthorizationRequest {
  client: string;
  redirectUri: string;
  state: string;
  scope: Scope[];
  challenge: string;
  login: string;
  /** Shown on the consent page only: the name the client gives its user, and its languages. */
  loginName?: string;
  uiLocales?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** RFC 6749 VSCHAR: printable ASCII. */
const STATE = /^[\x20-\x7e]{1,1024}$/;

// Checked in this order; unknown parameters are ignored, as RFC 6749 §3.1 requires.
const redirectable = z.object({
  response_type: z.literal('code', { error: 'only "code" is supported' }),
  state: z.string().regex(STATE, 'must be 1–1024 printable ASCII characters'),
  code_challenge_method: z.literal('S256', { error: 'only S256 is supported' }),
  code_challenge: z.string().regex(CODE_CHALLENGE, 'must be a base64url SHA-256 digest (43 characters)'),
  scope: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const scope = raw ? parseScope(raw) : [...SCOPES];
      if (!scope || scope.length === 0) {
        ctx.addIssue({ code: 'custom', message: `must be among ${SCOPES.join(', ')}` });
        return z.NEVER;
      }
      return scope;
    }),
  login_hint: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .refine((login) => !CONTROL.test(login), 'must not contain control characters')
    .default('demo'),
  // Display only, like OpenID Connect's ui_locales: what does not fit is dropped, never refused.
  login_name: z
    .string()
    .optional()
    .catch(undefined)
    .transform((name) => (name && name.length <= 200 && !CONTROL.test(name) ? name : undefined)),
  ui_locales: z
    .string()
    .optional()
    .catch(undefined)
    .transform((tags) => (tags && /^[A-Za-z0-9 -]{1,100}$/.test(tags) ? tags : undefined)),
});

/**
 * GET /oauth/authorize (RFC 6749 §4.1.1, RFC 7636). Until the client and its redirect URI are known
 * to be genuine, problems are shown on a page; after that they go back to the client.
 */
export function parseAuthorizationRequest(query: unknown, clients: SandboxClient[]): AuthorizationRequest {
  const params = singleValued(query);
  if ('repeated' in params) throw new PageError('sandbox.error.repeated');
  const { values } = params;
  const client = findClient(clients, values.client_id);
  if (!client) throw new PageError('sandbox.error.unknown_client');
  const redirectUri = values.redirect_uri;
  if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
    throw new PageError('sandbox.error.redirect_uri');
  }
  const parsed = redirectable.safeParse(values);
  if (!parsed.success) {
    const { param, message } = firstIssue(parsed.error, values);
    const description = param.startsWith('code_challenge')
      ? `${message} PKCE with S256 is required.`
      : message;
    const error =
      param === 'scope'
        ? 'invalid_scope'
        : param === 'response_type' && values.response_type !== undefined
          ? 'unsupported_response_type'
          : 'invalid_request';
    const state = values.state !== undefined && STATE.test(values.state) ? values.state : undefined;
    throw new AuthorizationError(error, description, redirectUri, state);
  }
  const { state, scope, code_challenge, login_hint, login_name, ui_locales } = parsed.data;
  const login = sandboxUser(client, login_hint, code_challenge);
  if (login === null) {
    throw new AuthorizationError(
      'invalid_request',
      'login_hint: the signature does not verify.',
      redirectUri,
      state,
    );
  }
  return {
    client: client.id,
    redirectUri,
    state,
    scope,
    challenge: code_challenge,
    login,
    ...(login_name ? { loginName: login_name } : {}),
    ...(ui_locales ? { uiLocales: ui_locales } : {}),
  };
}
