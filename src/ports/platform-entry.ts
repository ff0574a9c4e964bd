import type { ChannelKind } from '../domain/channel-kinds.js';
import type { PlatformId } from '../domain/platform-ids.js';

/**
 * How a platform takes back a grant on disconnect, where it documents a way (the table in docs/connect.md lists
 * each platform's source; one without it has none, and the customer removes the app themselves).
 */
export interface RevocationSpec {
  url: string;
  method: 'POST' | 'DELETE';
  /**
   * `form`: RFC 7009, the token as a form field; `json`: the same fields as a JSON body; `bearer`: an
   * API call made with the token itself (Meta's `DELETE /me/permissions`).
   */
  request: 'form' | 'json' | 'bearer';
  /** The token sent: the refresh token where revoking it ends the whole grant, else the access token. */
  token: 'refresh' | 'access';
  /** The body field that carries the token, where not RFC 7009's `token`. */
  tokenParam?: string;
  /** The client authenticates as at the token endpoint (`clientAuth`, `names`); else the token alone. */
  clientAuth: boolean;
  /** Sends RFC 7009's `token_type_hint`. */
  typeHint?: true;
  /** Signs the call with Meta's `appsecret_proof`, as every Graph call (apps can require it). */
  appSecretProof?: true;
}

export interface OAuthSpec {
  authorizeUrl: string;
  tokenUrl: string;
  revocation?: RevocationSpec;
  scopes: string[];
  scopeSeparator: ' ' | ',';
  pkce: boolean;
  /** How the code is exchanged: a form POST (RFC 6749), a JSON POST, or a GET with query parameters. */
  tokenRequest: 'form' | 'json' | 'query';
  /** client_secret_basic or client_secret_post. */
  clientAuth: 'basic' | 'body';
  /** Parameter names that differ from RFC 6749. */
  names: { clientId: string; clientSecret: string; code: string };
  extraAuthorizeParams: Record<string, string>;
  /** The `iss` the platform sends on its redirect back (RFC 9207), when it sends one. */
  issuer?: string;
  /** The platform always sends `iss`, so a callback without it is refused. */
  requiresIss?: boolean;
  /** The code exchange sends only the client credentials and the code (no grant_type or redirect_uri). */
  codeOnlyExchange?: true;
  /** Parameters the code exchange sends besides the grant's own. */
  extraTokenParams?: Record<string, string>;
  /** The code exchange and the refresh send `scope` too (the platform requires it on both). */
  scopeOnTokenRequests?: true;
  /** The token response wraps its fields in `data` and reports errors as a non-zero `code`. */
  tokenEnvelope?: 'data';
  /** Send the customer id as `login_hint` (the sandbox keeps test data per customer). */
  loginHint?: boolean;
  /** Send the hosted page's language as OpenID Connect `ui_locales`. */
  uiLocales?: boolean;
  /**
   * The redirect parameters that carry the authorization code, the first one present taken (RFC 6749's
   * `code` by default).
   */
  codeParams: string[];
  /**
   * Parameters the platform adds to its redirect back besides RFC 6749's: accepted and ignored by the
   * callback, which refuses any other unknown one.
   */
  callbackParams: string[];
  /**
   * A second token call right after the code exchange that trades the short-lived token for a
   * long-lived one (Meta: `grant_type=fb_exchange_token&fb_exchange_token=<token>`).
   */
  longLivedExchange?: { grantType: string; tokenParam: string };
}

/** One platform as the catalog (`platforms/catalog.ts`) declares it, URLs resolved for this deployment. */
export interface PlatformEntry {
  id: PlatformId;
  name: string;
  /** Logo tile: brand colour and a short mark. */
  color: string;
  mark: string;
  channelKinds: ChannelKind[];
  oauth: OAuthSpec;
  apiBaseUrl: string;
  /** More API hosts by name, where the platform's API spans several (Microsoft's customer management). */
  apiUrls?: Record<string, string>;
  /** The API version the URLs carry (`{version}` in the templates below is replaced by it). */
  apiVersion: string;
  /** The platform's API also wants a developer token on every call, besides the OAuth app. */
  developerToken?: true;
}
