import { z } from 'zod';
import { eventSchema } from '../../events/model.js';
import { deliverySchema, webhookEndpointSchema } from '../../events/webhooks/schemas.js';
import { listOf, register } from './registry.js';

/** The service itself, events and webhooks. */
export const Health = register(
  'Health',
  z.strictObject({
    status: z.enum(['ok', 'ready', 'unavailable']),
    role: z
      .enum(['all', 'api', 'worker'])
      .describe('What this process does (`ADLINK_ROLE`): the API, the background work, or both.'),
  }),
);

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
