/**
 * Keys of events and webhooks, beside the store's (store/keys.ts): company-owned ones carry the
 * company's hash tag `{co:<id>}`, so each company's multi-key batches stay in one Redis Cluster slot.
 */
export function eventKeys(prefix: string) {
  const co = (company: string) => `${prefix}{co:${company}}`;
  return {
    event: (company: string, id: string) => `${co(company)}:event:${id}`,
    /** The company's events, `<created_at>|<id>`, newest last; capped. */
    events: (company: string) => `${co(company)}:events`,
    /** Set once a visit completed, so its abandonment check and a repeated finish emit nothing. */
    flowCompleted: (company: string, flow: string) => `${co(company)}:flow_completed:${flow}`,
    endpoints: (company: string) => `${co(company)}:webhook_endpoints`,
    delivery: (company: string, id: string) => `${co(company)}:delivery:${id}`,
    /** An endpoint's deliveries, `<created_at>|<id>`, newest last; capped. */
    deliveries: (company: string, endpoint: string) => `${co(company)}:deliveries:${endpoint}`,
    /** Resends and test pings of the company in the current minute. */
    manualSends: (company: string) => `${co(company)}:manual_sends`,
    /** BullMQ's prefix: its own hash tag, so every key of the queue is in one slot. */
    queuePrefix: () => `${prefix}{webhooks}`,
  };
}
export type EventKeys = ReturnType<typeof eventKeys>;
