import { z } from 'zod';
import { emptyBody } from '../../api/connect.js';
import { eventListQuery } from '../../api/events.js';
import { webhookEndpointCreate, webhookEndpointUpdate } from '../../events/webhooks/schemas.js';
import type { Operation } from '../operation.js';
import {
  DeletedWebhookEndpoint,
  Delivery,
  DeliveryList,
  Event,
  EventList,
  NewWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookSecret,
} from '../resources.js';
import { EXAMPLE } from './examples.js';

const event = {
  id: 'evt_Qm9vYmFyQmF6cXV4UXV1eDE',
  type: 'campaign.created',
  created_at: EXAMPLE.createdAt,
  company: EXAMPLE.company,
  customer: EXAMPLE.customer,
  actor: { type: 'access_token', id: 'atok_Y2FtcGFpZ25BZ2VudDAx' },
  data: { platform: 'meta', campaign: { id: '120210000000000042', name: 'Spring sale' } },
};
const endpoint = {
  id: 'we_7QkzN3v9cW1rT5yX',
  url: 'https://app.example.com/adlink/webhooks',
  events: ['*'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: EXAMPLE.createdAt,
};
const delivery = {
  id: 'dlv_kq3VJA4bq1Cw0zTj',
  endpoint: endpoint.id,
  event: event.id,
  event_type: event.type,
  created_at: EXAMPLE.createdAt,
  state: 'succeeded',
  attempts: [{ at: EXAMPLE.createdAt, status: 200, duration_ms: 84, error: null, response_body: 'ok' }],
};
const byId = z.strictObject({ id: z.string() });
const endpointParam = { id: 'The webhook endpoint’s id (`we_…`).' };
const noBody = {
  required: false,
  description: 'Nothing, or an empty JSON object.',
  content: { 'application/json': { schema: emptyBody, example: {} } },
};
const tag = 'Events and webhooks';
const noTool =
  'Webhook endpoints say where the company’s events go and hold their signing secrets: the vendor’s to set, not an agent’s.';

export const eventOperations: Operation[] = [
  {
    method: 'get',
    path: '/events',
    operationId: 'listEvents',
    tag,
    summary: 'Events of the last 30 days, newest first',
    query: eventListQuery,
    params: {
      type: 'Only events of this type.',
      customer: 'Only this customer’s events.',
      limit: 'How many to return (1–100).',
      cursor: 'The `next_cursor` of the previous page.',
    },
    responses: {
      200: {
        description: 'A page of events.',
        schema: EventList,
        example: { has_more: false, data: [event] },
      },
    },
    errors: ['customer_not_found'],
  },
  {
    method: 'get',
    path: '/events/:id',
    operationId: 'getEvent',
    tag,
    summary: 'Get an event',
    pathParams: byId,
    params: { id: 'The event’s id (`evt_…`).' },
    responses: { 200: { description: 'The event.', schema: Event, example: event } },
    errors: ['event_not_found'],
  },
  {
    method: 'get',
    path: '/webhook_endpoints',
    operationId: 'listWebhookEndpoints',
    tag,
    noTool,
    summary: 'Webhook endpoints',
    responses: {
      200: { description: 'The endpoints.', schema: WebhookEndpointList, example: { data: [endpoint] } },
    },
  },
  {
    method: 'post',
    path: '/webhook_endpoints',
    operationId: 'createWebhookEndpoint',
    tag,
    noTool,
    summary: 'Add a webhook endpoint',
    body: {
      required: true,
      description:
        '`events` defaults to `["*"]`: every type, those added later included (`"*"` stands alone); ' +
        '`enabled` defaults to true.',
      content: {
        'application/json': {
          schema: webhookEndpointCreate,
          example: { url: endpoint.url, events: ['connection.created', 'connection.revoked'] },
        },
      },
    },
    responses: {
      201: {
        description: 'The endpoint and its signing secret.',
        schema: NewWebhookEndpoint,
        example: { ...endpoint, secret: 'whsec_kq3VJA4bq1Cw0zTj2mW8pX' },
      },
    },
    errors: ['quota_exceeded'],
  },
  {
    method: 'get',
    path: '/webhook_endpoints/:id',
    operationId: 'getWebhookEndpoint',
    tag,
    noTool,
    summary: 'Get a webhook endpoint',
    pathParams: byId,
    params: endpointParam,
    responses: { 200: { description: 'The endpoint.', schema: WebhookEndpoint, example: endpoint } },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'patch',
    path: '/webhook_endpoints/:id',
    operationId: 'updateWebhookEndpoint',
    tag,
    noTool,
    summary: 'Change a webhook endpoint',
    description: 'Enabling a disabled endpoint again clears its `disabled_reason`.',
    pathParams: byId,
    params: endpointParam,
    body: {
      required: true,
      description: 'Any of the fields.',
      content: { 'application/json': { schema: webhookEndpointUpdate, example: { enabled: true } } },
    },
    responses: { 200: { description: 'The endpoint.', schema: WebhookEndpoint, example: endpoint } },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'delete',
    path: '/webhook_endpoints/:id',
    operationId: 'deleteWebhookEndpoint',
    tag,
    noTool,
    summary: 'Delete a webhook endpoint',
    pathParams: byId,
    params: endpointParam,
    responses: {
      200: {
        description: 'Deleted.',
        schema: DeletedWebhookEndpoint,
        example: { id: endpoint.id, deleted: true },
      },
    },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'post',
    path: '/webhook_endpoints/:id/test',
    operationId: 'testWebhookEndpoint',
    tag,
    noTool,
    summary: 'Send a test ping to the endpoint',
    pathParams: byId,
    params: endpointParam,
    body: noBody,
    responses: {
      200: {
        description: 'The ping’s delivery.',
        schema: Delivery,
        example: { ...delivery, event: 'ping', event_type: 'ping' },
      },
    },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'post',
    path: '/webhook_endpoints/:id/rotate_secret',
    operationId: 'rotateWebhookSecret',
    tag,
    noTool,
    summary: 'Rotate the endpoint’s signing secret',
    pathParams: byId,
    params: endpointParam,
    body: noBody,
    responses: {
      200: {
        description: 'The new secret.',
        schema: WebhookSecret,
        example: { id: endpoint.id, secret: 'whsec_Cw0zTj2mW8pXkq3VJA4bq1' },
      },
    },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'get',
    path: '/webhook_endpoints/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    tag,
    noTool,
    summary: 'The endpoint’s latest deliveries (at most 100)',
    pathParams: byId,
    params: endpointParam,
    responses: { 200: { description: 'Newest first.', schema: DeliveryList, example: { data: [delivery] } } },
    errors: ['webhook_endpoint_not_found'],
  },
  {
    method: 'post',
    path: '/webhook_endpoints/:id/deliveries/:delivery/resend',
    operationId: 'resendWebhookDelivery',
    tag,
    noTool,
    summary: 'Send a delivery again',
    pathParams: z.strictObject({ id: z.string(), delivery: z.string() }),
    params: { ...endpointParam, delivery: 'The delivery’s id (`dlv_…`).' },
    body: noBody,
    responses: {
      202: {
        description: 'The delivery, queued again.',
        schema: Delivery,
        example: { ...delivery, state: 'pending' },
      },
    },
    errors: ['webhook_endpoint_not_found', 'delivery_not_found'],
  },
];
