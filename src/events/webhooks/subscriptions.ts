import type { EventType } from '../model.js';

/** An endpoint subscribed to `["*"]` receives every event type, those adlink adds later included. */
export const ALL_EVENTS = '*';

/** `["*"]`, or the event types chosen. */
export type Subscription = (EventType | typeof ALL_EVENTS)[];

export const receives = (events: Subscription, type: EventType): boolean =>
  events.includes(ALL_EVENTS) || events.includes(type);

/**
 * What "all" (the API's default, the integrations page) was stored as before it was `["*"]`: every
 * event type of that version, listed in the order of its EVENT_TYPES. One list per version that
 * shipped webhooks (events/model.ts's history); frozen, so they must never follow EVENT_TYPES.
 */
const FIRST = [
  'connection.created',
  'connection.reauthorized',
  'connection.refresh_failed',
  'connection.revoked',
  'connect_flow.completed',
  'connect_flow.abandoned',
  'adset.changed_on_platform',
];
const TOKENS = ['token.created', 'token.revoked'];
const CAMPAIGNS = ['campaign.created', 'campaign.updated', 'campaign.deleted'];
const withAccountsChanged = (list: string[]) => [
  ...list.slice(0, 2),
  'connection.ad_accounts_changed',
  ...list.slice(2),
];
const EARLIER_ALL: readonly string[][] = [
  FIRST,
  [...FIRST, 'adset.updated'],
  [...FIRST, ...TOKENS],
  [...FIRST, 'adset.updated', ...TOKENS],
  [...FIRST, 'adset.updated', ...CAMPAIGNS, ...TOKENS],
  withAccountsChanged([...FIRST, 'adset.updated', ...TOKENS]),
  withAccountsChanged([...FIRST, 'adset.updated', ...CAMPAIGNS, ...TOKENS]),
];

/** The stored format since "all" is `["*"]`; a record without it was written before. */
const WILDCARD_FORMAT = 2;

/**
 * An endpoint as stored now. One written before the wildcard whose list is exactly what "all" was
 * stored as then becomes `["*"]`; any other list was a choice of types and stays. Done where records
 * are read, not as a startup migration: no scan of every company's keys, nothing to coordinate between
 * instances, and a record an instance of the earlier version writes during a rolling deploy is read
 * right too. The next change to the company's endpoints stores the upgraded records.
 */
export function upgraded<T extends { events: Subscription; format?: number }>(endpoint: T): T {
  if (endpoint.format === WILDCARD_FORMAT) return endpoint;
  const { events } = endpoint;
  const all = EARLIER_ALL.some(
    (list) => list.length === events.length && list.every((t, i) => events[i] === t),
  );
  return { ...endpoint, events: all ? [ALL_EVENTS] : events, format: WILDCARD_FORMAT };
}

/** The format a record written now carries. */
export const currentFormat = { format: WILDCARD_FORMAT } as const;
