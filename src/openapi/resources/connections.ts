import { z } from 'zod';
import { companySettingsSchema } from '../../connect/redirect-uris.js';
import { REVOCATION_FAILURES } from '../../connect/revoke-grant.js';
import { ACCESS_SCOPES } from '../../domain/access-scopes.js';
import { OWN_CUSTOMER } from '../../domain/own-customer.js';
import { REAUTH_REASONS } from '../../store/connections.js';
import { listOf, platformId, register, timestamp } from './registry.js';

/** Customers, access tokens, connect links, connections and the company's settings and keys. */
/** A customer's id: a UUID, or `own` for the company's own ad accounts (its built-in customer). */
export const customerId = z
  .union([z.uuid(), z.literal(OWN_CUSTOMER)])
  .describe('A customer’s id, or `own` for your company’s own ad accounts.');

export const Customer = register(
  'Customer',
  z.strictObject({
    id: customerId,
    created_at: timestamp,
    name: z.string(),
    company: z.uuid(),
    platforms: z.array(platformId).describe('The platforms the customer has connected.'),
  }),
  'A customer of your company.',
);

export const CustomerList = register(
  'CustomerList',
  z.strictObject({ has_more: z.boolean(), data: z.array(Customer) }),
  'Newest first; page on with `starting_after` = the last id.',
);

export const DeletedCustomer = register(
  'DeletedCustomer',
  z.strictObject({ id: z.uuid(), deleted: z.literal(true) }),
);

const accessTokenFields = {
  id: z.string().regex(/^atok_[A-Za-z0-9_-]{22}$/),
  customer: customerId.describe('The one customer the token acts for.'),
  scope: z.enum(ACCESS_SCOPES).describe('`read`: GET and HEAD only; `write`: every customer endpoint.'),
  prefix: z.string().describe('The first characters of the token, enough to recognise it.'),
  created_at: timestamp,
  expires_at: timestamp,
};

export const AccessToken = register(
  'AccessToken',
  z.strictObject({ ...accessTokenFields, last_used_at: timestamp.nullable() }),
  'A live access token of a customer, without its secret.',
);

export const NewAccessToken = register(
  'NewAccessToken',
  z.strictObject({
    ...accessTokenFields,
    token: z
      .string()
      .regex(/^adl_at_[A-Za-z0-9_-]{43}$/)
      .describe('The secret: `Authorization: Bearer <token>`. Shown this once; adlink keeps only its hash.'),
  }),
  'A new access token with its secret.',
);

export const AccessTokenList = register(
  'AccessTokenList',
  listOf(AccessToken),
  'The customer’s live tokens, newest first; page on with `cursor` = `next_cursor`.',
);

export const RevokedAccessToken = register(
  'RevokedAccessToken',
  z.strictObject({ id: accessTokenFields.id, deleted: z.literal(true) }),
);

export const ConnectLink = register(
  'ConnectLink',
  z.strictObject({ connect_url: z.url(), expires_at: timestamp }),
  'Where to send the customer, and until when the link works.',
);

export const RevokedLinks = register(
  'RevokedLinks',
  z.strictObject({ revoked: z.int().min(0).describe('How many open links were revoked.') }),
);

export const AdAccount = register(
  'AdAccount',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    currency: z.string().optional(),
    manager_id: z
      .string()
      .optional()
      .describe('Google Ads: the manager account this client account is reached through.'),
  }),
  'An ad account (advertiser) at the platform.',
);

export const Connection = register(
  'Connection',
  z.strictObject({
    platform: platformId,
    status: z.enum(['connected', 'needs_reauth']),
    ad_accounts: z.array(AdAccount),
    scopes: z.array(z.string()),
    connected_at: timestamp,
    updated_at: timestamp,
    expires_at: timestamp
      .nullable()
      .describe('When an authorization that cannot be renewed lapses; null for renewable ones.'),
    reauth_reason: z
      .enum(REAUTH_REASONS)
      .nullable()
      .describe('Why a `needs_reauth` connection needs it; null otherwise.'),
  }),
  'A platform the customer connected. Never carries tokens.',
);

export const ConnectionList = register('ConnectionList', z.strictObject({ data: z.array(Connection) }));

/** What a disconnect says of the platform's side: in the DELETE answer and in `connection.revoked`. */
const platformRevocation = {
  platform_revoked: z
    .boolean()
    .describe('Whether the platform revoked the grant; the local disconnect happens either way.'),
  reason: z
    .enum(REVOCATION_FAILURES)
    .optional()
    .describe(
      'Why not, when `platform_revoked` is false: the platform documents no revocation (`not_supported`), the grant’s credentials or app are gone (`credentials_unavailable`), or the platform refused, did not answer in time or could not be reached.',
    ),
};

export const Disconnected = register(
  'Disconnected',
  z.strictObject({
    platform: platformId,
    deleted: z.literal(true),
    ...platformRevocation,
  }),
);

export const ConnectAttempt = register(
  'ConnectAttempt',
  z.strictObject({
    id: z.string(),
    customer: z.string(),
    platform: z.string(),
    outcome: z.enum(['connected', 'denied', 'failed', 'disconnected']),
    error_code: z
      .string()
      .nullable()
      .describe('Why it failed; for a disconnection, why the platform did not revoke the grant.'),
    platform_revoked: z
      .boolean()
      .optional()
      .describe('Only for a disconnection: whether the platform revoked the grant.'),
    created_at: timestamp,
  }),
  'One authorization a customer tried on the hosted pages, or a disconnection.',
);

export const ConnectAttemptList = register('ConnectAttemptList', listOf(ConnectAttempt));

export const CompanySettings = register(
  'CompanySettings',
  companySettingsSchema,
  'Where customers may be sent back to (exact match).',
);

const signingSecretFields = {
  id: z.string(),
  created_at: timestamp,
  expires_at: timestamp.nullable().describe('Set once a newer secret replaced this one.'),
};

export const SigningSecret = register('SigningSecret', z.strictObject(signingSecretFields));

export const SigningSecretList = register(
  'SigningSecretList',
  z.strictObject({ data: z.array(SigningSecret) }),
);

export const NewSigningSecret = register(
  'NewSigningSecret',
  z.strictObject({ ...signingSecretFields, secret: z.string().describe('Shown only in this response.') }),
);

export const Introspection = register(
  'Introspection',
  z.union([
    z.strictObject({
      active: z.literal(true),
      customer: customerId,
      company: z.uuid(),
      exp: z.int(),
      iat: z.int(),
      jti: z.string(),
      aud: z.literal('adlink:connect'),
      iss: z.url(),
      platforms: z.array(platformId).nullable(),
      redirect_uri: z.string().nullable(),
    }),
    z.strictObject({ active: z.literal(false) }),
  ]),
  'RFC 7662: any invalid token, including another company’s, is `{"active": false}`.',
);

export const Jwks = register(
  'Jwks',
  z.strictObject({
    keys: z.array(
      z.strictObject({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string(),
        kid: z.string(),
        alg: z.literal('EdDSA'),
        use: z.literal('sig'),
      }),
    ),
  }),
  'The public keys that sign session tokens, newest (signing) first.',
);
