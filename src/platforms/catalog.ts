/**
 * Every platform adlink knows, as data (what the generic OAuth client and the pages need). Platform
 * quirks are fields here, not code paths: TikTok's `app_id`/`auth_code`, Meta's GET token exchange.
 */
import type { CatalogOverrides } from '../config.js';
import { PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import type { OAuthSpec, PlatformEntry } from '../ports/platform-entry.js';

const RFC_NAMES = { clientId: 'client_id', clientSecret: 'client_secret', code: 'code' };

const standard = (
  spec: Partial<OAuthSpec> & Pick<OAuthSpec, 'authorizeUrl' | 'tokenUrl' | 'scopes'>,
): OAuthSpec => ({
  scopeSeparator: ' ',
  pkce: false,
  tokenRequest: 'form',
  clientAuth: 'body',
  names: RFC_NAMES,
  extraAuthorizeParams: {},
  codeParams: ['code'],
  callbackParams: [],
  ...spec,
});

/**
 * The catalog for a deployment: the sandbox lives under our own public URL; every other platform's
 * URLs carry its API version and, with a base URL override, go to that origin with their paths kept.
 */
export function platformCatalog(
  publicBaseUrl: string,
  overrides: CatalogOverrides = {},
): Record<PlatformId, PlatformEntry> {
  const entries = defaultCatalog(publicBaseUrl);
  for (const id of PLATFORM_IDS) entries[id] = resolve(entries[id], overrides[id] ?? {});
  return entries;
}

function resolve(entry: PlatformEntry, override: { baseUrl?: string; apiVersion?: string }): PlatformEntry {
  const version = override.apiVersion ?? entry.apiVersion;
  const url = (template: string) => {
    const resolved = new URL(template.replaceAll('{version}', version));
    return override.baseUrl
      ? new URL(`${resolved.pathname}${resolved.search}`, override.baseUrl).href
      : resolved.href;
  };
  const { oauth } = entry;
  return {
    ...entry,
    apiVersion: version,
    apiBaseUrl: url(entry.apiBaseUrl),
    ...(entry.apiUrls
      ? { apiUrls: Object.fromEntries(Object.entries(entry.apiUrls).map(([name, u]) => [name, url(u)])) }
      : {}),
    oauth: {
      ...oauth,
      authorizeUrl: url(oauth.authorizeUrl),
      tokenUrl: url(oauth.tokenUrl),
      ...(oauth.revocation ? { revocation: { ...oauth.revocation, url: url(oauth.revocation.url) } } : {}),
      // An emulator or proxy in the platform's place names itself as the issuer.
      ...(oauth.issuer && override.baseUrl ? { issuer: new URL(override.baseUrl).origin } : {}),
    },
  };
}

function defaultCatalog(publicBaseUrl: string): Record<PlatformId, PlatformEntry> {
  const sandbox = `${publicBaseUrl}/sandbox`;
  return {
    sandbox: {
      id: 'sandbox',
      name: 'Sandbox Ads',
      color: '#5b5bd6',
      mark: 'SB',
      channelKinds: ['Social', 'Search', 'Display', 'Video', 'Audio', 'DOOH', 'CTV', 'Mail'],
      oauth: standard({
        authorizeUrl: `${sandbox}/oauth/authorize`,
        tokenUrl: `${sandbox}/oauth/token`,
        // RFC 7009: a refresh token revokes its whole grant (src/sandbox/oauth/grants.ts).
        revocation: {
          url: `${sandbox}/oauth/revoke`,
          method: 'POST',
          request: 'form',
          token: 'refresh',
          clientAuth: true,
          typeHint: true,
        },
        scopes: ['ads_read', 'ads_management'],
        pkce: true,
        clientAuth: 'basic',
        issuer: sandbox,
        requiresIss: true,
        loginHint: true,
        uiLocales: true,
      }),
      apiBaseUrl: `${sandbox}/api/v1`,
      apiVersion: 'v1',
    },
    meta: {
      id: 'meta',
      name: 'Meta',
      color: '#0866ff',
      mark: 'M',
      // Ad sets run on Facebook and Instagram placements; adlink does not choose placements.
      channelKinds: ['Social'],
      oauth: standard({
        authorizeUrl: 'https://www.facebook.com/{version}/dialog/oauth',
        tokenUrl: 'https://graph.facebook.com/{version}/oauth/access_token',
        scopes: ['ads_management', 'ads_read', 'business_management'],
        scopeSeparator: ',',
        tokenRequest: 'query',
        // Sent on a denial besides `error`/`error_reason`/`error_description`.
        callbackParams: ['error_code', 'error_message'],
        longLivedExchange: { grantType: 'fb_exchange_token', tokenParam: 'fb_exchange_token' },
        // De-authorizes the app for the user: `DELETE /{user-id}/permissions` with the user's token (Graph
        // API reference, User permissions; facebook-nodejs-business-sdk's User.deletePermissions).
        revocation: {
          url: 'https://graph.facebook.com/{version}/me/permissions',
          method: 'DELETE',
          request: 'bearer',
          token: 'access',
          clientAuth: false,
          appSecretProof: true,
        },
      }),
      apiBaseUrl: 'https://graph.facebook.com/{version}',
      // The version of facebook-nodejs-business-sdk the emulator is checked against.
      apiVersion: 'v24.0',
    },
    google: {
      id: 'google',
      name: 'Google Ads',
      color: '#1a73e8',
      mark: 'G',
      channelKinds: ['Search', 'Display', 'Video'],
      oauth: standard({
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        // Either token revokes the whole grant; the token alone as a form field (Google's OAuth 2.0
        // guides; google-auth-library's revokeToken puts the same `token` in the query).
        revocation: {
          url: 'https://oauth2.googleapis.com/revoke',
          method: 'POST',
          request: 'form',
          token: 'refresh',
          clientAuth: false,
        },
        scopes: ['https://www.googleapis.com/auth/adwords'],
        pkce: true,
        extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' },
        issuer: 'https://accounts.google.com',
        callbackParams: ['authuser', 'prompt', 'hd'],
      }),
      apiBaseUrl: 'https://googleads.googleapis.com/{version}',
      // google-ads-node's version (test/platforms/google-sdk.test.ts keeps them equal).
      apiVersion: 'v25',
      developerToken: true,
    },
    tiktok: {
      id: 'tiktok',
      name: 'TikTok',
      color: '#111111',
      mark: 'TT',
      // An ad group's ads run in TikTok's feed; adlink maps every TikTok ad group to Social.
      channelKinds: ['Social'],
      oauth: standard({
        authorizeUrl: 'https://business-api.tiktok.com/portal/auth',
        tokenUrl: 'https://business-api.tiktok.com/open_api/{version}/oauth2/access_token/',
        scopes: [],
        tokenRequest: 'json',
        tokenEnvelope: 'data',
        codeOnlyExchange: true,
        names: { clientId: 'app_id', clientSecret: 'secret', code: 'auth_code' },
        // The redirect carries the authorization code as `auth_code`, the name the exchange takes; `code`,
        // sent beside it with the same value, is the fallback.
        codeParams: ['auth_code', 'code'],
        // The Marketing API's Authentication docs: JSON `app_id`, `secret`, `access_token` (advertiser
        // tokens are long-term, without refresh tokens). Not among the official SDK's operations.
        revocation: {
          url: 'https://business-api.tiktok.com/open_api/{version}/oauth2/revoke_token/',
          method: 'POST',
          request: 'json',
          token: 'access',
          tokenParam: 'access_token',
          clientAuth: true,
        },
      }),
      apiBaseUrl: 'https://business-api.tiktok.com/open_api/{version}',
      apiVersion: 'v1.3',
    },
    linkedin: {
      id: 'linkedin',
      name: 'LinkedIn',
      color: '#0a66c2',
      mark: 'in',
      channelKinds: ['Social'],
      oauth: standard({
        authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
        tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
        // r_ads_reporting: the Reporting API (adAnalytics) has its own permission.
        scopes: ['rw_ads', 'r_ads', 'r_ads_reporting'],
        // LinkedIn's token revocation: a form of `client_id`, `client_secret` and the access `token`.
        revocation: {
          url: 'https://www.linkedin.com/oauth/v2/revoke',
          method: 'POST',
          request: 'form',
          token: 'access',
          clientAuth: true,
        },
      }),
      apiBaseUrl: 'https://api.linkedin.com/rest',
      // The dated `LinkedIn-Version` every call sends; LinkedIn keeps a version for a year.
      apiVersion: '202607',
    },
    microsoft: {
      id: 'microsoft',
      name: 'Microsoft Advertising',
      color: '#00a4ef',
      mark: 'MS',
      channelKinds: ['Search', 'Display'],
      oauth: standard({
        authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        scopes: ['https://ads.microsoft.com/msads.manage', 'offline_access'],
        pkce: true,
        // Required on the token requests too: without it the token may lack msads.manage.
        scopeOnTokenRequests: true,
        // Sent with the code in practice, though the v2.0 code-flow reference lists only code and state.
        callbackParams: ['session_state'],
        // No revocation: the Microsoft identity platform has no RFC 7009 endpoint (Graph's
        // revokeSignInSessions ends every session of the user, for every app). The customer removes the
        // app's consent in their account.
      }),
      apiBaseUrl: 'https://campaign.api.bingads.microsoft.com/CampaignManagement/{version}',
      // Accounts and users live in Customer Management, reports in the Reporting service: other hosts.
      apiUrls: {
        customerManagement: 'https://clientcenter.api.bingads.microsoft.com/CustomerManagement/{version}',
        reporting: 'https://reporting.api.bingads.microsoft.com/Reporting/{version}',
      },
      apiVersion: 'v13',
      developerToken: true,
    },
    snapchat: {
      id: 'snapchat',
      name: 'Snapchat',
      color: '#fffc00',
      mark: 'S',
      // Ad squads run in Snapchat's feeds (Stories, Discover, Spotlight); adlink maps every squad to Social.
      channelKinds: ['Social'],
      // A form POST with the client credentials in the body. Access tokens are short-lived (`expires_in`,
      // 1800 s in practice); refresh tokens have no documented expiry.
      oauth: standard({
        authorizeUrl: 'https://accounts.snapchat.com/login/oauth2/authorize',
        tokenUrl: 'https://accounts.snapchat.com/login/oauth2/access_token',
        scopes: ['snapchat-marketing-api'],
        // No revocation: the Marketing API's Authentication page documents authorize, token and
        // refresh only. The customer removes the app from their Snapchat account.
      }),
      apiBaseUrl: 'https://adsapi.snapchat.com/{version}',
      apiVersion: 'v1',
    },
    pinterest: {
      id: 'pinterest',
      name: 'Pinterest',
      color: '#e60023',
      mark: 'P',
      // Ad groups promote Pins in Pinterest's feeds and search; adlink maps every one to Social.
      channelKinds: ['Social'],
      // Refresh tokens are continuous: 60 days, renewed by every refresh (apps created since
      // 25 September 2025; see test/fixtures/pinterest/openapi-extract.json, `oauth.tokenDescription`).
      // Apps created before then get them only by asking with `continuous_refresh=true`.
      oauth: standard({
        authorizeUrl: 'https://www.pinterest.com/oauth/',
        tokenUrl: 'https://api.pinterest.com/{version}/oauth/token',
        // An ad's Pin is made on a board: pins/create asks boards:read, boards:write, pins:read, pins:write.
        scopes: [
          'ads:read',
          'ads:write',
          'user_accounts:read',
          'boards:read',
          'boards:write',
          'pins:read',
          'pins:write',
        ],
        scopeSeparator: ',',
        clientAuth: 'basic',
        extraTokenParams: { continuous_refresh: 'true' },
        // No revocation for customers' grants: v5's `POST /oauth/token/revoke` takes only tokens of
        // system users (api-description 5.23.0). The customer removes the app in their Pinterest settings.
      }),
      apiBaseUrl: 'https://api.pinterest.com/{version}',
      apiVersion: 'v5',
    },
  };
}
