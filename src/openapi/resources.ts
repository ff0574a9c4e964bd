import { z } from 'zod';
import { AD_SET_STATUSES, settingSchema, targetingSchema } from '../adsets/model.js';
import { companySettingsSchema } from '../connect/redirect-uris.js';
import { REVOCATION_FAILURES } from '../connect/revoke-grant.js';
import { ACCESS_SCOPES } from '../domain/access-scopes.js';
import { CHANNEL_KINDS } from '../domain/channel-kinds.js';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import { PLATFORM_IDS } from '../domain/platform-ids.js';
import { eventSchema } from '../events/model.js';
import { deliverySchema, webhookEndpointSchema } from '../events/webhooks/schemas.js';
import { REPORT_LEVELS } from '../reports/model.js';
import { REAUTH_REASONS } from '../store/connections.js';

/**
 * The shapes adlink answers with, as components of the OpenAPI document. Request shapes are not here:
 * the document takes them from the schemas the routes validate with. Objects are strict, so the
 * contract test notices a field the document does not name.
 */
export const resources = z.registry<{ id: string; description?: string }>();

const timestamp = z.iso.datetime();
const platformId = z.enum(PLATFORM_IDS);
const status = z.enum(AD_SET_STATUSES);

const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ has_more: z.boolean(), next_cursor: z.string().optional(), data: z.array(item) });

const register = <T extends z.ZodType>(id: string, schema: T, description?: string): T => {
  resources.add(schema, description === undefined ? { id } : { id, description });
  return schema;
};

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

export const Setting = register('Setting', settingSchema);
export const Targeting = register('Targeting', targetingSchema);

export const Ad = register(
  'Ad',
  z.strictObject({
    id: z.string(),
    name: z.string().optional(),
    status: status.optional(),
    channelKind: z.enum(CHANNEL_KINDS).optional(),
    targetings: z.array(Targeting).optional(),
  }),
);

export const AdSet = register(
  'AdSet',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    platform: platformId,
    status,
    advertiser: z.string(),
    parentId: z.string().describe('The campaign.'),
    campaignId: z.string().describe('The campaign again: `parentId` under the name it may take.'),
    channelKind: z.enum(CHANNEL_KINDS),
    settings: z.array(Setting),
    ads: z.array(Ad).optional().describe('With `childResources=Ad`, and always in lists.'),
    targetings: z
      .array(Targeting)
      .optional()
      .describe('With `childResources=Targeting`, and always in lists.'),
  }),
  'An ad set in the unified model, whatever the platform calls it.',
);

export const AdSetList = register('AdSetList', listOf(AdSet));

export const AdSetDeletion = register(
  'AdSetDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(AdSet).length(1) }),
);

export const AdvertiserList = register(
  'AdvertiserList',
  z.strictObject({ has_more: z.literal(false), data: z.array(AdAccount) }),
);

export const CampaignSetting = register(
  'CampaignSetting',
  z.union([
    Setting,
    z.strictObject({
      kind: z.enum(['DailyBudget', 'TotalBudget']),
      budget: z.number(),
      currency: z.string(),
      shared: z
        .literal(true)
        .describe(
          'The budget is shared by other campaigns: read-only through adlink (change it at the platform).',
        ),
    }),
  ]),
  'A campaign setting; a budget shared by several campaigns says `shared: true`.',
);

export const Campaign = register(
  'Campaign',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    platform: platformId,
    status,
    advertiser: z.string(),
    objective: z.string().nullable(),
    channelKind: z.enum(CHANNEL_KINDS).nullable(),
    settings: z
      .array(CampaignSetting)
      .describe('Budget and Runtime, where the platform keeps them on the campaign.'),
  }),
  'A campaign in the unified model, whatever the platform calls it.',
);

export const CampaignPage = register('CampaignPage', listOf(Campaign));

export const CampaignDeletion = register(
  'CampaignDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(Campaign).length(1) }),
);

export const CampaignList = register(
  'CampaignList',
  listOf(Campaign).extend({
    unavailable: z
      .array(z.strictObject({ platform: platformId, code: z.string(), message: z.string() }))
      .optional()
      .describe('Platforms that could not be read this time; the others are listed.'),
  }),
);

const money = z.number().nullable();

export const ReportRow = register(
  'ReportRow',
  z.strictObject({
    level: z.enum(REPORT_LEVELS),
    id: z.string().describe('The campaign’s, ad set’s or ad’s id at the platform.'),
    name: z.string(),
    platform: platformId,
    advertiser: z.string().describe('The ad account.'),
    campaignId: z.string().optional().describe('The campaign of an ad set or ad.'),
    adsetId: z.string().optional().describe('The ad set of an ad.'),
    date: z.iso
      .date()
      .optional()
      .describe('The day in the ad account’s time zone; absent with `granularity=total`.'),
    currency: z.string().describe('The ad account’s currency (ISO 4217).'),
    spend: money.describe(
      'Major units, rounded to the currency’s decimals; null where the platform does not report it.',
    ),
    impressions: z.number().int().nullable(),
    clicks: z.number().int().nullable(),
    conversions: z
      .number()
      .nullable()
      .describe('As the platform counts them (docs/reports.md: conversions per platform).'),
    ctr: z.number().nullable().describe('clicks / impressions as a fraction, rounded to 6 decimals.'),
    cpc: money.describe('spend / clicks, rounded to the currency’s decimals.'),
    cpm: money.describe('spend × 1000 / impressions, rounded to the currency’s decimals.'),
  }),
  'One entity’s sums on one day (or the whole range); ratios computed by adlink from the sums.',
);

export const ReportPage = register(
  'ReportPage',
  listOf(ReportRow).extend({
    id: z.string().optional().describe('The report’s id, when it was read at `GET /reports/{id}`.'),
    status: z.literal('done').optional(),
    advertisers: z
      .array(
        z.strictObject({
          platform: platformId,
          advertiser: z.string(),
          currency: z.string(),
          timeZone: z.string().describe('IANA time zone: the days of `date` are this zone’s.'),
        }),
      )
      .describe('Each reported ad account’s currency and time zone.'),
    unavailable: z
      .array(
        z.strictObject({
          platform: platformId,
          code: z.string(),
          message: z.string(),
          param: z.string().optional(),
        }),
      )
      .optional()
      .describe('Platforms that could not report this time; the others are listed.'),
  }),
  'One page of report rows, in the order platform, ad account, entity id, day.',
);

export const ReportPending = register(
  'ReportPending',
  z.strictObject({ id: z.string(), status: z.literal('pending') }),
  'A platform is still preparing the report: ask `GET /reports/{id}` after `Retry-After` seconds.',
);

export const Health = register('Health', z.strictObject({ status: z.enum(['ok', 'ready', 'unavailable']) }));

export const OpenApiDocument = register(
  'OpenApiDocument',
  z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({}),
    paths: z.record(z.string(), z.unknown()),
  }),
  'This document.',
);

export const Event = register(
  'Event',
  eventSchema,
  'Something that happened; `data` never holds tokens. Each type’s `data` is listed in docs/webhooks-and-events.md.',
);
export const EventList = register('EventList', listOf(Event));

export const WebhookEndpoint = register('WebhookEndpoint', webhookEndpointSchema);
export const WebhookEndpointList = register(
  'WebhookEndpointList',
  z.strictObject({ data: z.array(WebhookEndpoint) }),
);
export const NewWebhookEndpoint = register(
  'NewWebhookEndpoint',
  webhookEndpointSchema.extend({ secret: z.string().describe('Signs deliveries; shown only here.') }),
);
export const DeletedWebhookEndpoint = register(
  'DeletedWebhookEndpoint',
  z.strictObject({ id: z.string(), deleted: z.literal(true) }),
);
export const WebhookSecret = register(
  'WebhookSecret',
  z.strictObject({ id: z.string(), secret: z.string().describe('The new secret, shown only here.') }),
);
export const Delivery = register(
  'Delivery',
  deliverySchema,
  'One event sent to one endpoint, with its attempts.',
);
export const DeliveryList = register('DeliveryList', z.strictObject({ data: z.array(Delivery) }));
