import { timeOrdered } from '../ids.js';
import type { Kv } from '../store/kv.js';
import type { EventKeys } from './keys.js';
import { type AdlinkEvent, EVENT_RETENTION_MS, type EventType } from './model.js';
import { timeOrderedPage } from './time-ordered-page.js';

/** Events a company's index holds at most (older ones are still kept until they expire, unlisted). */
const EVENTS_INDEXED = 100_000;

/** Events stored before they named their actor read as having none. */
const withActor = (event: AdlinkEvent): AdlinkEvent => ({ ...event, actor: event.actor ?? null });

export class EventStore {
  constructor(
    private readonly kv: Kv,
    private readonly k: EventKeys,
  ) {}

  async save(event: AdlinkEvent): Promise<void> {
    const index = this.k.events(event.company);
    await this.kv
      .batch()
      .set(this.k.event(event.company, event.id), JSON.stringify(event), { ttlMs: EVENT_RETENTION_MS })
      .zaddLex(index, timeOrdered(event.created_at, event.id))
      .zkeepLast(index, EVENTS_INDEXED)
      .pexpire(index, EVENT_RETENTION_MS)
      .exec();
  }

  async get(company: string, id: string): Promise<AdlinkEvent | null> {
    const raw = await this.kv.get(this.k.event(company, id));
    return raw ? withActor(JSON.parse(raw) as AdlinkEvent) : null;
  }

  /** Newest first, optionally of one type and one customer. */
  async list(
    company: string,
    options: { limit: number; after?: string; type?: EventType; customer?: string },
  ) {
    const page = await timeOrderedPage<AdlinkEvent>(
      this.kv,
      this.k.events(company),
      (id) => this.k.event(company, id),
      {
        limit: options.limit,
        after: options.after,
        keep: (e) =>
          (options.type === undefined || e.type === options.type) &&
          (options.customer === undefined || e.customer === options.customer),
      },
    );
    return { ...page, data: page.data.map(withActor) };
  }
}
