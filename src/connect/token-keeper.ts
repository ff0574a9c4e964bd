import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { randomToken } from '../ids.js';
import type { Store } from '../store/index.js';
import type { DueRenewal } from '../store/token-schedule.js';
import type { AccessTokens } from './access-tokens.js';

export interface KeeperOptions {
  /** How often an instance looks for due connections; 0 turns the keeper off. */
  intervalMs: number;
  /** How long before a token expires it is renewed. */
  windowSeconds: number;
}

/** Connections renewed per sweep; the rest wait for the next one. */
const BATCH = 200;
const MAX_BACKOFF_SECONDS = 3600;

export interface SweepResult {
  renewed: number;
  dropped: number;
  failed: number;
}

/**
 * Keeps connections usable without the customer coming back: renews authorizations before they
 * expire (and every renewable one at least daily), on every instance but run by one at a time (a
 * lease in the store). A renewal takes the same lock as on-demand refreshes. A refused grant marks the
 * connection needs_reauth and is not retried; a transient failure is retried with backoff.
 */
export class TokenKeeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private readonly owner = randomToken(16);

  constructor(
    private readonly store: Store,
    private readonly tokens: AccessTokens,
    private readonly log: Logger,
    private readonly options: KeeperOptions,
  ) {}

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

  /** One sweep, when this instance holds the lease (null otherwise). */
  async sweep(now = Date.now() / 1000): Promise<SweepResult | null> {
    if (!(await this.store.tokenSchedule.lead(this.owner, Math.max(this.options.intervalMs, 1000))))
      return null;
    const result: SweepResult = { renewed: 0, dropped: 0, failed: 0 };
    const due = await this.store.tokenSchedule.dueAt(now + this.options.windowSeconds, BATCH);
    for (const entry of due) result[await this.renew(entry, now)]++;
    if (due.length > 0) this.log.info({ ...result }, 'token keeper renewed connections');
    return result;
  }

  private async renew(entry: DueRenewal, now: number): Promise<keyof SweepResult> {
    const { failures, ...ref } = entry;
    const connection = await this.store.connections.get(ref.company, ref.customer, ref.platform);
    if (!connection || connection.status === 'needs_reauth') {
      await this.store.tokenSchedule.unschedule(ref);
      return 'dropped';
    }
    try {
      await this.tokens.renew(ref);
      return 'renewed';
    } catch (err) {
      if (
        err instanceof AppError &&
        ['reauthorization_required', 'platform_not_connected'].includes(err.code)
      ) {
        await this.store.tokenSchedule.unschedule(ref);
        return 'dropped';
      }
      const backoff = Math.min(60 * 2 ** failures, MAX_BACKOFF_SECONDS);
      this.log.warn(
        { platform: ref.platform, customer: ref.customer, err: (err as Error).message, retry_in_s: backoff },
        'token renewal failed',
      );
      await this.store.tokenSchedule.schedule(ref, now + backoff, failures + 1);
      return 'failed';
    }
  }
}
