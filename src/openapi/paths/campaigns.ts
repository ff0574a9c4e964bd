import { z } from 'zod';
import { campaignListQuery, campaignQuery, campaignsQuery, campaignWriteQuery } from '../../api/campaigns.js';
import { campaignChangesSchema, newCampaignSchema } from '../../campaigns/input.js';
import { encodings } from '../form-encodings.js';
import type { Operation } from '../operation.js';
import { Campaign, CampaignDeletion, CampaignList, CampaignPage } from '../resources.js';
import { CREATE_ERRORS, onPlatform, PARAMS, PLATFORM_ERRORS, platform, WRITE_ERRORS } from './adsets.js';
import { EXAMPLE } from './examples.js';

const onCampaign = z.strictObject({ platform, id: z.string() });
const params = {
  ...PARAMS,
  id: 'The campaign’s id at the platform.',
  status: 'Only campaigns with this status.',
  dismissDatabase:
    '`true` reads live from the platform (every connected ad account) and refreshes the cache.',
};
const tag = 'Campaigns';

const newCampaign = {
  name: 'Spring sale',
  advertiser: EXAMPLE.adAccount.id,
  objective: 'TRAFFIC',
  channelKind: 'Search',
  status: 'Paused',
  settings: [
    { kind: 'DailyBudget', budget: 40, currency: 'EUR' },
    { kind: 'Runtime', start: '2026-12-01T00:00:00+01:00', end: '2026-12-24T00:00:00+01:00' },
  ],
};
const campaign = { id: 'cmp_7QkzN3v9cW1rT5yX', platform: 'sandbox', ...newCampaign };
const changes = { settings: [{ kind: 'DailyBudget', budget: 55.5, currency: 'EUR' }] };

export const campaignOperations: Operation[] = [
  {
    method: 'get',
    path: '/v1/:platform/campaigns',
    operationId: 'listPlatformCampaigns',
    access: 'read',
    tag,
    summary: 'List the customer’s campaigns on a platform',
    description:
      'From adlink’s cache (filled on the first read), or live with `dismissDatabase=true`. Ordered by id.',
    pathParams: onPlatform,
    query: campaignListQuery,
    params,
    responses: {
      200: {
        description: 'A page of campaigns.',
        schema: CampaignPage,
        example: { has_more: false, data: [campaign] },
      },
    },
    errors: PLATFORM_ERRORS,
  },
  {
    method: 'post',
    path: '/v1/:platform/campaigns',
    operationId: 'createCampaign',
    access: 'write',
    tag,
    summary: 'Create a campaign',
    description:
      'With one of the platform’s objectives (docs/ad-sets-and-campaigns.md: objectives per platform) and, where the platform keeps ' +
      'them on the campaign, a budget and a Runtime. What the platform cannot do is 400 ' +
      '`unsupported_for_platform` naming the parameter. Emits `campaign.created`.',
    pathParams: onPlatform,
    query: campaignWriteQuery,
    params,
    idempotent: true,
    body: {
      required: true,
      description: 'JSON, or form fields with `settings` JSON-encoded.',
      content: encodings(newCampaignSchema, newCampaign),
    },
    responses: { 201: { description: 'The new campaign.', schema: Campaign, example: campaign } },
    errors: CREATE_ERRORS,
  },
  {
    method: 'get',
    path: '/v1/:platform/campaigns/:id',
    operationId: 'getCampaign',
    access: 'read',
    tag,
    summary: 'Get a campaign',
    pathParams: onCampaign,
    query: campaignQuery,
    params,
    responses: { 200: { description: 'The campaign.', schema: Campaign, example: campaign } },
    errors: [...PLATFORM_ERRORS, 'campaign_not_found'],
  },
  {
    method: 'put',
    path: '/v1/:platform/campaigns/:id',
    operationId: 'updateCampaign',
    access: 'write',
    tag,
    summary: 'Change a campaign: name, status, budget, Runtime',
    description:
      'A setting kind that is sent replaces that kind (DailyBudget and TotalBudget are one budget); kinds not ' +
      'sent stay. A budget shared by other campaigns (`shared: true`) is read-only: changing it is 400 ' +
      '`unsupported_for_platform`. Written to the platform first; the answer is the campaign as the platform ' +
      'holds it afterwards. Emits `campaign.updated`.',
    pathParams: onCampaign,
    query: campaignWriteQuery,
    params,
    body: {
      required: true,
      description: 'Any of `name`, `status`, `settings`, as JSON or form fields (`settings` JSON-encoded).',
      content: encodings(campaignChangesSchema, changes),
    },
    responses: {
      200: {
        description: 'The campaign as the platform holds it now.',
        schema: Campaign,
        example: { ...campaign, settings: [...changes.settings, campaign.settings[1]] },
      },
    },
    errors: [...WRITE_ERRORS, 'campaign_not_found'],
  },
  {
    method: 'delete',
    path: '/v1/:platform/campaigns/:id',
    operationId: 'deleteCampaign',
    access: 'write',
    tag,
    summary: 'Delete a campaign',
    description:
      'Soft on platforms that keep deleted campaigns (still readable as `Deleted` or `Archived`), permanent ' +
      'elsewhere. Emits `campaign.deleted`.',
    pathParams: onCampaign,
    query: campaignWriteQuery,
    params,
    responses: {
      200: {
        description: 'The deleted campaign.',
        schema: CampaignDeletion,
        example: { deletions: 1, data: [{ ...campaign, status: 'Deleted' }] },
      },
    },
    errors: [...WRITE_ERRORS, 'campaign_not_found'],
  },
  {
    method: 'get',
    path: '/campaigns',
    operationId: 'listCampaigns',
    access: 'read',
    tag,
    summary: 'Campaigns of every connected ad account, on every platform',
    description:
      'Read live; each platform’s answer refreshes its campaign cache, so `GET /v1/{platform}/campaigns` shows the same records. A platform that fails is listed in `unavailable` with its error code instead of failing the whole list.',
    query: campaignsQuery,
    params: { ...params, platform: 'Only this platform’s campaigns.' },
    responses: {
      200: {
        description: 'A page of campaigns, ordered by platform and id.',
        schema: CampaignList,
        example: {
          has_more: false,
          data: [
            {
              id: '120210000000000001',
              name: 'Spring',
              platform: 'meta',
              status: 'Running',
              advertiser: EXAMPLE.adAccount.id,
              objective: 'OUTCOME_TRAFFIC',
              channelKind: 'Social',
              settings: [],
            },
          ],
        },
      },
    },
    errors: ['customer_not_found', 'platform_not_found'],
  },
];
