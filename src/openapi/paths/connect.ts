import { z } from 'zod';
import { connectionChangesBody, connectQuery, introspectBody } from '../../api/connect.js';
import { listQuery as attemptsQuery } from '../../api/connect-attempts.js';
import { PLATFORM_IDS } from '../../domain/platform-ids.js';
import type { Operation } from '../operation.js';
import {
  ConnectAttemptList,
  Connection,
  ConnectionList,
  ConnectLink,
  customerId,
  Disconnected,
  Introspection,
  Jwks,
  RevokedLinks,
} from '../resources.js';
import { EXAMPLE } from './examples.js';

const customerPath = z.strictObject({ id: customerId });
const idParam = { id: 'The customer’s id.' };
const sessionToken =
  'eyJhbGciOiJFZERTQSIsImtpZCI6InNpZy0xIiwidHlwIjoiYWRsaW5rLWNvbm5lY3Qrand0In0.eyJzdWIiOiIwYjZjN2YzZS0xYTJiLTRjNWQtOGU5Zi0wYTFiMmMzZDRlNWYifQ.c2lnbmF0dXJl';

export const connectOperations: Operation[] = [
  {
    method: 'get',
    path: '/customers/:id/connect',
    operationId: 'createConnectLink',
    access: 'write',
    tag: 'Connect links',
    summary: 'A connect link for the customer',
    description:
      'Send the customer to `connect_url`: the hosted pages let them connect ad accounts, then send them to the redirect URI with a signed result. The link works until it is used, revoked or expired.',
    pathParams: customerPath,
    query: connectQuery,
    params: {
      ...idParam,
      redirect_uri:
        'Where to send the customer at the end: exactly one of the company’s allowed redirect URIs (default: its default one).',
      platforms: `Comma-separated platform ids to offer (${PLATFORM_IDS.join(', ')}); default: every platform the company offers.`,
      expires_in: 'Lifetime of the link in seconds (60–3600).',
      locale: 'Language of the hosted pages; default: the browser’s, else the company’s.',
    },
    responses: {
      200: {
        description: 'The link.',
        schema: ConnectLink,
        example: {
          connect_url: `https://adlink.example.com/connections?customer=${EXAMPLE.customer}&token=${sessionToken}&locale=en`,
          expires_at: EXAMPLE.expiresAt,
        },
      },
    },
    errors: ['customer_not_found', 'redirect_uri_not_allowed', 'no_platform_available', 'quota_exceeded'],
  },
  {
    method: 'delete',
    path: '/customers/:id/connect/sessions',
    operationId: 'revokeConnectLinks',
    access: 'write',
    tag: 'Connect links',
    summary: 'Revoke every open connect link of the customer',
    pathParams: customerPath,
    params: idParam,
    responses: {
      200: { description: 'How many were revoked.', schema: RevokedLinks, example: { revoked: 2 } },
    },
    errors: ['customer_not_found'],
  },
  {
    method: 'post',
    path: '/sessions/introspect',
    operationId: 'introspectSessionToken',
    tag: 'Connect links',
    noTool: 'Your main API checks session tokens; an agent has none to check.',
    summary: 'Check a session token (RFC 7662)',
    description: 'For your main API: whether the `token` of a connect link is still valid, and for whom.',
    body: {
      required: true,
      description: 'The token, as a form field (RFC 7662) or JSON.',
      content: {
        'application/x-www-form-urlencoded': { schema: introspectBody, example: { token: sessionToken } },
        'application/json': { schema: introspectBody, example: { token: sessionToken } },
      },
    },
    responses: {
      200: {
        description: 'Active with its claims, or `{"active": false}`.',
        schema: Introspection,
        example: {
          active: true,
          customer: EXAMPLE.customer,
          company: EXAMPLE.company,
          exp: 1795342500,
          iat: 1795341600,
          jti: 'Vb3sQ0mXh1pR7nYt2kLw9A',
          aud: 'adlink:connect',
          iss: 'https://adlink.example.com',
          platforms: ['sandbox'],
          redirect_uri: 'https://app.example.com/adlink/return',
        },
      },
    },
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    operationId: 'getJwks',
    tag: 'Connect links',
    summary: 'Public keys that sign session tokens',
    description: 'Verify session tokens offline: EdDSA, `kid` in the header. Cached for 5 minutes.',
    public: true,
    responses: {
      200: {
        description: 'The key set.',
        schema: Jwks,
        example: {
          keys: [
            {
              kty: 'OKP',
              crv: 'Ed25519',
              x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
              kid: 'sig-1',
              alg: 'EdDSA',
              use: 'sig',
            },
          ],
        },
      },
    },
  },
  {
    method: 'get',
    path: '/customers/:id/connections',
    operationId: 'listConnections',
    access: 'read',
    tag: 'Connections',
    summary: 'The customer’s connected platforms',
    pathParams: customerPath,
    params: idParam,
    responses: {
      200: {
        description: 'One entry per connected platform; never tokens.',
        schema: ConnectionList,
        example: {
          data: [
            {
              platform: 'meta',
              status: 'connected',
              ad_accounts: [EXAMPLE.adAccount],
              scopes: ['ads_management', 'ads_read', 'business_management'],
              connected_at: EXAMPLE.createdAt,
              updated_at: EXAMPLE.createdAt,
              expires_at: '2027-01-21T10:00:00.000Z',
              reauth_reason: null,
            },
          ],
        },
      },
    },
    errors: ['customer_not_found'],
  },
  {
    method: 'put',
    path: '/customers/:id/connections/:platform',
    operationId: 'chooseAdAccounts',
    access: 'write',
    tag: 'Connections',
    summary: 'Choose the ad accounts adlink may use',
    description:
      'Replaces the connection’s `ad_accounts` with those `advertisers` names, each one the platform authorization reaches (adlink lists them live from the platform). Only chosen accounts appear in advertisers, ad sets and campaigns; a reconnect keeps the choice where those accounts still exist.',
    pathParams: z.strictObject({ id: customerId, platform: z.enum(PLATFORM_IDS) }),
    params: { ...idParam, platform: 'The platform id.' },
    body: {
      required: true,
      description: 'The ids of the ad accounts to use (at least one).',
      content: {
        'application/json': {
          schema: connectionChangesBody,
          example: { advertisers: [EXAMPLE.adAccount.id] },
        },
      },
    },
    responses: {
      200: {
        description: 'The connection with the chosen ad accounts.',
        schema: Connection,
        example: {
          platform: 'meta',
          status: 'connected',
          ad_accounts: [EXAMPLE.adAccount],
          scopes: ['ads_management', 'ads_read', 'business_management'],
          connected_at: EXAMPLE.createdAt,
          updated_at: EXAMPLE.createdAt,
          expires_at: '2027-01-21T10:00:00.000Z',
          reauth_reason: null,
        },
      },
    },
    errors: [
      'customer_not_found',
      'platform_not_found',
      'connection_not_found',
      'reauthorization_required',
      'platform_error',
      'platform_timeout',
      'platform_rate_limited',
    ],
  },
  {
    method: 'delete',
    path: '/customers/:id/connections/:platform',
    operationId: 'disconnectPlatform',
    access: 'write',
    tag: 'Connections',
    summary: 'Disconnect a platform',
    description:
      'Deletes the credentials, then revokes the grant at the platform where it documents a way (best effort, waiting at most the platform timeout). The outcome is also in the `connection.revoked` event and the attempt log.',
    pathParams: z.strictObject({ id: customerId, platform: z.enum(PLATFORM_IDS) }),
    params: { ...idParam, platform: 'The platform id.' },
    responses: {
      200: {
        description: 'Disconnected.',
        schema: Disconnected,
        example: { platform: 'meta', deleted: true, platform_revoked: true },
      },
    },
    errors: ['customer_not_found', 'platform_not_found', 'connection_not_found'],
  },
  {
    method: 'get',
    path: '/connect/attempts',
    operationId: 'listConnectAttempts',
    access: 'read',
    tag: 'Connections',
    summary: 'Connect attempts of your customers, newest first',
    description:
      'What customers tried on the hosted pages, and disconnections (`outcome` `disconnected`, with `platform_revoked`), kept 90 days.',
    query: attemptsQuery,
    params: {
      customer: 'Only this customer’s attempts (with an access token, always its own customer’s).',
      limit: 'How many to return (1–100).',
      cursor: 'The `next_cursor` of the previous page.',
    },
    responses: {
      200: {
        description: 'A page of attempts.',
        schema: ConnectAttemptList,
        example: {
          has_more: false,
          data: [
            {
              id: 'cat_Qm9vYmFyQmF6cXV4',
              customer: EXAMPLE.customer,
              platform: 'sandbox',
              outcome: 'denied',
              error_code: 'access_denied',
              created_at: EXAMPLE.createdAt,
            },
            {
              id: 'cat_Zm9vYmFyYmF6cXV4',
              customer: EXAMPLE.customer,
              platform: 'meta',
              outcome: 'disconnected',
              error_code: 'timeout',
              platform_revoked: false,
              created_at: EXAMPLE.createdAt,
            },
          ],
        },
      },
    },
    errors: ['customer_not_found'],
  },
];
