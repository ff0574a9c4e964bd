import type { Logger } from 'pino';
import type { AccessTokens } from '../connections/access-tokens.js';
import { AppError } from '../errors.js';
import { randomToken } from '../ids.js';
import { mapBounded } from '../map-bounded.js';
import type { Store } from '../store/index.js';
import type { DueRenewal, ScheduledConnection } from '../store/token-schedule.js';

export interface KeeperOptions {
  /** How often an instance looks for due connections; 0 turns the keeper off. */
  intervalMs: number;
  /** How long before a token expires it is renewed. */
  windowSeconds: number;
  /**
   * Renewals in flight at once (PLATFORM_FAN_OUT, the deployment's bound on calls a request makes to
   * a platform at once): a sweep's renewals are one more such caller (its review check, beside them,
   * another), and a platform's token endpoint is rate-limited like the rest of its API.
   */
  concurrency: number;
}

/** Connections read from the schedule at a time; the lease is renewed between two reads. */
const BATCH = 200;
/** The lease outlasts a batch even at the platforms' timeout; a stopped holder is replaced after it. */
const MIN_LEASE_MS = 30_000;
const MAX_BACKOFF_SECONDS = 3600;

export interface SweepResult {
  renewed: number;
  dropped: number;
  failed: number;
  /** Due when read, but renewed meanwhile (by a request): not renewed again. */
  skipped: number;
}

const refKey = ({ company, customer, platform }: ScheduledConnection) => `${company}|${customer}|${platform}`;

/**
 * Keeps connections usable without the customer coming back: renews authorizations before they
 * expire (and every renewable one at least daily), on every instance but run by one at a time (a
 * lease in the store, renewed between batches: a sweep goes on until nothing is due). A renewal takes
 * the same lock as on-demand refreshes. A refused grant marks the connection needs_reauth and is not
 * retried; a transient failure is retried with backoff, and does not stop the sweep.
 */
export class TokenKeeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private readonly owner = randomToken(16);
  private readonly leaseMs: number;
  private leading = false;
  /** When the store was last asked for the lease (performance.now()). */
  private leaseAskedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store,
    private readonly tokens: AccessTokens,
    private readonly log: Logger,
    private readonly options: KeeperOptions,
    /** Ads whose review was pending, read again after each sweep so their decision is reported. */
    private readonly reviews?: { checkReviews(now: number): Promise<number> },
  ) {
    this.leaseMs = Math.max(options.intervalMs, MIN_LEASE_MS);
  }

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((err: Error) => this.log.warn({ err: err.message }, 'token keeper sweep failed'))
        .finally(() => {
          this.sweeping = undefined;
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /**
   * Whether this instance holds the lease. The store is asked at most every half lease: the holder
   * renewed it for a whole lease when it last asked, so it still holds it; an instance refused then
   * does not ask again before the lease could have run out. So an idle keeper costs a round trip a
   * tick on the holder (what is due) and next to nothing on the others; a holder that stopped is
   * replaced within a lease and a half.
   */
  private async lead(): Promise<boolean> {
    const asked = performance.now();
    if (asked - this.leaseAskedAt < this.leaseMs / 2) return this.leading;
    this.leading = await this.store.tokenSchedule.lead(this.owner, this.leaseMs);
    this.leaseAskedAt = asked;
    return this.leading;
  }

  /**
   * One sweep, when this instance holds the lease (null otherwise): every connection due at `now`,
   * each at most once, in batches, until none is left or the lease is lost; beside it, the ads in
   * review that are due, so that an idle sweep's two reads share one wait.
   */
  async sweep(now = Date.now() / 1000): Promise<SweepResult | null> {
    if (!(await this.lead())) return null;
    const reviews = this.checkReviews(now);
    const result = await this.renewDue(now);
    await reviews;
    return result;
  }

  private async renewDue(now: number): Promise<SweepResult> {
    const started = Date.now();
    const result: SweepResult = { renewed: 0, dropped: 0, failed: 0, skipped: 0 };
    // A connection renewed in this sweep may be due again at `now` (a token living less than the
    // window): it waits for the next sweep.
    const seen = new Set<string>();
    let batches = 0;
    for (let after: string | undefined; ; batches++) {
      const due = await this.store.tokenSchedule.dueAt(now + this.options.windowSeconds, BATCH, after);
      const fresh = due.filter((entry) => !seen.has(refKey(entry)));
      for (const entry of fresh) seen.add(refKey(entry));
      const outcomes = await mapBounded(fresh, this.options.concurrency, (entry) => this.renew(entry, now));
      for (const outcome of outcomes) result[outcome]++;
      if (due.length < BATCH || !(await this.lead())) break;
      after = due.at(-1)!.member;
    }
    if (seen.size > 0)
      this.log.info(
        { ...result, batches: batches + 1, ms: Date.now() - started },
        'token keeper renewed connections',
      );
    return result;
  }

  /** Never fails: a failure is logged, and the ads are read again at the next sweep. */
  private async checkReviews(now: number): Promise<void> {
    if (!this.reviews) return;
    const reviewed = await this.reviews
      .checkReviews(now)
      .catch((err: Error) => this.log.warn({ err: err.message }, 'ad review check failed'));
    if (reviewed) this.log.info({ ads: reviewed }, 'token keeper read ads in review');
  }

  private async renew(entry: DueRenewal, now: number): Promise<keyof SweepResult> {
    const { failures, member: _, ...ref } = entry;
    try {
      return await this.renewOrDrop(ref, now);
    } catch (err) {
      const backoff = Math.min(60 * 2 ** failures, MAX_BACKOFF_SECONDS);
      this.log.warn(
        { platform: ref.platform, customer: ref.customer, err: (err as Error).message, retry_in_s: backoff },
        'token renewal failed',
      );
      // Due `backoff` seconds from now: the schedule holds when the window opens, not the renewal.
      await this.store.tokenSchedule
        .schedule(ref, now + this.options.windowSeconds + backoff, failures + 1)
        // The store failing too: the entry stays as it was, and the next sweep retries it.
        .catch(() => {});
      return 'failed';
    }
  }

  private async renewOrDrop(ref: ScheduledConnection, now: number): Promise<keyof SweepResult> {
    const connection = await this.store.connections.get(ref.company, ref.customer, ref.platform);
    if (!connection || connection.status === 'needs_reauth') {
      await this.store.tokenSchedule.unschedule(ref);
      return 'dropped';
    }
    try {
      return (await this.tokens.renew(ref, now + this.options.windowSeconds)) ? 'renewed' : 'skipped';
    } catch (err) {
      if (
        err instanceof AppError &&
        ['reauthorization_required', 'platform_not_connected'].includes(err.code)
      ) {
        await this.store.tokenSchedule.unschedule(ref);
        return 'dropped';
      }
      throw err;
    }
  }
}
