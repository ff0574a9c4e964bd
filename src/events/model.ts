import { z } from 'zod';
import { ACTOR_TYPES, type Actor } from '../domain/actor.js';

/** Every event type adlink emits, in the order docs/webhooks-and-events.md documents them. */
export const EVENT_TYPES = [
  'connection.created',
  'connection.reauthorized',
  'connection.ad_accounts_changed',
  'connection.needs_reauth',
  'connection.refresh_failed',
  'connection.revoked',
  'connect_flow.completed',
  'connect_flow.abandoned',
  'adset.changed_on_platform',
  'adset.updated',
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'ad.created',
  'ad.updated',
  'ad.deleted',
  'ad.review_changed',
  'token.created',
  'token.revoked',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event as the API lists it and a webhook delivers it. `data` never holds tokens. */
export const eventSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  created_at: z.string(),
  company: z.string(),
  customer: z.string().nullable(),
  /** The token whose API request caused the event, or null (the hosted pages, a platform, adlink). */
  actor: z
    .object({ type: z.enum(ACTOR_TYPES), id: z.string() })
    .nullable()
    .describe(
      'The token whose API request (or MCP tool call) caused the event, by its public id; null when none did: the customer on the hosted pages, a platform, the integrations pages or adlink.',
    ),
  data: z.record(z.string(), z.unknown()),
});
export type AdlinkEvent = z.infer<typeof eventSchema>;

/** What a caller of `Events.emit` says; the id and time are added. */
export interface NewEvent {
  company: string;
  customer: string;
  data: Record<string, unknown>;
  /** The token whose request caused it; none for what a platform or adlink itself did. */
  actor?: Actor | undefined;
}

/** How long events (and webhook deliveries) are kept. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
