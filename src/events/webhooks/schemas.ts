import { z } from 'zod';
import { EVENT_TYPES } from '../model.js';
import { ALL_EVENTS } from './subscriptions.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where a company's webhooks go: https, or http on this machine only; no user info, no fragment. */
export const webhookUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
    return (url.protocol === 'https:' || local) && !url.username && !url.password && !url.hash;
  }, 'must be an https URL (http only for localhost), without user info or fragment');

const SUBSCRIBABLE = [ALL_EVENTS, ...EVENT_TYPES] as const;

const eventTypes = z
  .array(z.enum(SUBSCRIBABLE))
  .min(1)
  .max(EVENT_TYPES.length)
  .refine(
    (events) => !events.includes(ALL_EVENTS) || events.length === 1,
    `"${ALL_EVENTS}" (every type, those added later included) stands alone`,
  );

/** `POST /webhook_endpoints`: `events` defaults to `["*"]` (every type, now and later), `enabled` to true. */
export const webhookEndpointCreate = z.strictObject({
  url: webhookUrl,
  events: eventTypes.optional(),
  enabled: z.boolean().optional(),
});

/** `PATCH /webhook_endpoints/:id`: any of the fields; enabling again clears a disabled endpoint's reason. */
export const webhookEndpointUpdate = z.strictObject({
  url: webhookUrl.optional(),
  events: eventTypes.optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z
    .array(z.enum(SUBSCRIBABLE))
    .describe('The event types it receives; `["*"]`: every type, those added later included.'),
  enabled: z.boolean(),
  disabled_reason: z.enum(['failing']).nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});

export const deliverySchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  event: z.string(),
  event_type: z.string(),
  created_at: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(
    z.object({
      at: z.string(),
      status: z.number().nullable(),
      duration_ms: z.number(),
      error: z.string().nullable(),
      response_body: z.string(),
    }),
  ),
});

export const ENDPOINT_ID = /^we_[A-Za-z0-9_-]{16}$/;
export const DELIVERY_ID = /^dlv_[A-Za-z0-9_-]{16}$/;
export const EVENT_ID = /^evt_[A-Za-z0-9_-]{22}$/;
