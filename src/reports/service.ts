import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { wallClock } from '../domain/zoned-time.js';
import { AppError } from '../errors.js';
import { randomToken } from '../ids.js';
import { mapBounded } from '../map-bounded.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { CachedRows } from '../store/reports.js';
import { cachedReport, description, firstAfter, reportCacheKey, serializedRows } from './cached-report.js';
import { dayMs, dayOf } from './input.js';
import type { AccountReport, ReportQuery, ReportRun } from './model.js';
import type { ReportAdapter } from './port.js';
import { checkRowCap } from './row-cap.js';
import { afterKey } from './rows.js';

export interface ReportRequest extends ReportQuery {
  /** Only this ad account (of the platform, or of whichever platform has it). */
  advertiser?: string;
  /** Read from the platforms even when a cached report would do. */
  live: boolean;
}

export interface ReportSettings {
  /** How long a request polls an asynchronous platform before it answers 202 (PLATFORM_TIMEOUT_MS). */
  pollMs: number;
  /** Cache time of reports whose range reaches yesterday or today in the account's time zone. */
  openTtlSeconds: number;
  /** Cache time of reports of closed days only. */
  closedTtlSeconds: number;
  /** The most rows one platform's part of a report may have (REPORT_MAX_ROWS). */
  maxRows: number;
}

/** How long a report that answered 202 can be read at GET /reports/:id. */
const RUN_TTL_MS = 60 * 60_000;

export interface Unavailable {
  platform: PlatformId;
  code: string;
  message: string;
  param?: string;
}

export interface ReportAnswer {
  /**
   * Up to `limit` rows after the row of key `after` (from the first without), in key order, each
   * serialized (rows.ts: its key, then its JSON).
   */
  page(after: string | undefined, limit: number): Promise<string[]>;
  advertisers: { platform: PlatformId; advertiser: string; currency: string; timeZone: string }[];
  unavailable: Unavailable[];
}

export type ReportOutcome =
  | { state: 'done'; id?: string; answer: ReportAnswer }
  | { state: 'pending'; id: string; retryAfterSeconds: number };

/** One platform's part of a report: its accounts' reports, or the jobs still running at the platform. */
interface Part {
  platform: PlatformId;
  accounts: AdAccount[];
  reports: AccountReport[];
  /** Advertiser id → the platform's job. */
  jobs: Record<string, string>;
  /** The rows of every report, serialized and sorted, once the part is complete. */
  rows?: string[];
  /** A part found in the cache: its reports are descriptions (no rows), its rows stay in the store. */
  cached?: CachedRows;
}

/** A run kept in the store while a platform is still working on it. */
interface StoredRun {
  customer: string;
  query: ReportQuery;
  parts: Part[];
  unavailable: Unavailable[];
}

const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 2_000;

const shiftDay = (day: string, days: number) => dayOf(dayMs(day) + days * 86_400_000);

/** Yesterday in the account's time zone. */
const yesterdayIn = (timeZone: string, now: number) => shiftDay(wallClock(now, timeZone).slice(0, 10), -1);

const unsupported = (platform: PlatformId) =>
  new AppError('unsupported_for_platform', `adlink does not read ${platform} reports yet.`, {
    param: 'platform',
  });

/**
 * Performance reports across the customer's connections: each platform's accounts are asked at once
 * (PLATFORM_FAN_OUT at a time), answers are cached per (connection, query), and asynchronous
 * platforms are polled inside the request for up to `pollMs`, then kept as a pending run.
 */
export class ReportService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
    private readonly fanOut: number,
    private readonly settings: ReportSettings,
    private readonly now: () => number = Date.now,
  ) {}

  private reports(platform: PlatformId): ReportAdapter | undefined {
    return this.platforms.adapter(platform).reports;
  }

  /** 400 when `from` lies before what the platform still reports (its lookback before the earliest today). */
  private checkLookback(platform: PlatformId, reports: ReportAdapter, from: string): void {
    const earliest = shiftDay(dayOf(this.now() - 12 * 3_600_000), -reports.capabilities.lookbackDays);
    if (from < earliest) {
      throw new AppError(
        'invalid_request',
        `${platform} reports reach back ${reports.capabilities.lookbackDays} days: from must be ${earliest} or later.`,
        { param: 'from' },
      );
    }
  }

  /** One platform's report; 400 when it cannot report or does not have the advertiser. */
  async forPlatform(ref: ConnectionRef, request: ReportRequest): Promise<ReportOutcome> {
    const accounts = this.scope(await this.calls.advertisers(ref), request.advertiser);
    if (!accounts.length) throw notConnectedAdvertiser(request.advertiser!);
    const reports = this.reports(ref.platform);
    if (!reports) throw unsupported(ref.platform);
    this.checkLookback(ref.platform, reports, request.from);
    const part = await this.part(ref, accounts, request);
    return this.outcome(ref, {
      customer: ref.customer,
      query: queryOf(request),
      parts: [part],
      unavailable: [],
    });
  }

  /**
   * Every connected platform's report (or the one named): a platform that cannot report this, or
   * fails, is listed in `unavailable` and the others still answer.
   */
  async acrossPlatforms(company: string, customer: string, request: ReportRequest, only?: PlatformId) {
    const connections = (await this.store.connections.list(company, customer)).filter(
      (c) =>
        (only === undefined || c.platform === only) &&
        this.scope(c.ad_accounts, request.advertiser).length > 0,
    );
    if (request.advertiser !== undefined && connections.length === 0) {
      throw notConnectedAdvertiser(request.advertiser);
    }
    const unavailable: Unavailable[] = [];
    const parts = await Promise.all(
      connections.map(async (connection) => {
        const ref = { company, customer, platform: connection.platform };
        try {
          const reports = this.reports(ref.platform);
          if (!reports) throw unsupported(ref.platform);
          this.checkLookback(ref.platform, reports, request.from);
          return await this.part(ref, this.scope(connection.ad_accounts, request.advertiser), request);
        } catch (err) {
          if (!(err instanceof AppError) || err.status === 503) throw err;
          unavailable.push(unavailableOf(ref.platform, err));
          return null;
        }
      }),
    );
    const run: StoredRun = {
      customer,
      query: queryOf(request),
      parts: parts.filter((p): p is Part => p !== null),
      unavailable,
    };
    return this.outcome({ company, customer }, run);
  }

  /** A run that answered 202: polled again, answered once every platform finished. */
  async resume(company: string, customer: string | undefined, id: string): Promise<ReportOutcome> {
    const raw = await this.store.reports.run(company, id);
    const run = raw === null ? null : (JSON.parse(raw) as StoredRun);
    // A run saved while its customer was being deleted is not theirs to read either.
    if (
      !run ||
      (customer !== undefined && run.customer !== customer) ||
      !(await this.store.customers.get(company, run.customer))
    ) {
      throw new AppError('report_not_found', `No such report: ${id}.`, { param: 'id' });
    }
    const pending = (p: Part) => Object.keys(p.jobs).length > 0;
    if (!run.parts.some(pending)) return { state: 'done', id, answer: this.answerOf(company, run) };
    const deadline = this.now() + this.settings.pollMs;
    const unavailable = [...run.unavailable];
    const parts: Part[] = [];
    for (const part of run.parts) {
      const ref = { company, customer: run.customer, platform: part.platform };
      try {
        parts.push(pending(part) ? await this.poll(ref, part, run.query, deadline) : part);
      } catch (err) {
        if (!(err instanceof AppError) || err.status === 503) throw err;
        unavailable.push(unavailableOf(part.platform, err));
      }
    }
    return this.outcome({ company, customer: run.customer }, { ...run, parts, unavailable }, id);
  }

  private scope(accounts: AdAccount[], advertiser: string | undefined): AdAccount[] {
    return advertiser === undefined ? accounts : accounts.filter((a) => a.id === advertiser);
  }

  /** One platform's part: from the cache, or started at the platform and polled until the deadline. */
  private async part(ref: ConnectionRef, accounts: AdAccount[], request: ReportRequest): Promise<Part> {
    const query = queryOf(request);
    const hash = reportCacheKey(query, accounts);
    if (!request.live) {
      const cached = await this.store.reports.cached(ref, hash);
      if (cached) {
        const reports = JSON.parse(cached.description) as AccountReport[];
        return { platform: ref.platform, accounts, reports, jobs: {}, cached: cached.rows };
      }
    }
    const deadline = this.now() + this.settings.pollMs;
    const runs = await this.calls.call(ref, (adapter, call) =>
      mapBounded(accounts, this.fanOut, (account) => adapter.reports!.start(call, account, query)),
    );
    const part: Part = { platform: ref.platform, accounts, reports: [], jobs: {} };
    runs.forEach((run, i) => {
      collect(part, accounts[i]!.id, run);
    });
    if (Object.keys(part.jobs).length > 0) return this.poll(ref, part, query, deadline);
    await this.cachePart(ref, part, query);
    return part;
  }

  /** Polls the part's pending jobs with backoff until all are done (then caches it) or the deadline passes. */
  private async poll(ref: ConnectionRef, part: Part, query: ReportQuery, deadline: number): Promise<Part> {
    let wait = FIRST_POLL_MS;
    for (;;) {
      const pending = Object.entries(part.jobs);
      if (pending.length === 0) {
        await this.cachePart(ref, part, query);
        return part;
      }
      const left = deadline - this.now();
      if (left <= 0) return part;
      await sleep(Math.min(wait, left));
      wait = Math.min(wait * 2, MAX_POLL_MS);
      const runs = await mapBounded(pending, this.fanOut, ([advertiser, job]) =>
        this.calls.call(
          ref,
          (adapter, call) => adapter.reports!.resume!(call, call.accounts[0]!, query, job),
          advertiser,
        ),
      );
      runs.forEach((run, i) => {
        collect(part, pending[i]![0], run);
      });
    }
  }

  /**
   * Closed days are cached longer than ranges that reach yesterday or today in an account's zone. A
   * part over the row cap is refused here, before its rows are put together or cached.
   */
  private async cachePart(ref: ConnectionRef, part: Part, query: ReportQuery): Promise<void> {
    checkRowCap(part.platform, query, part.reports, this.settings.maxRows);
    const now = this.now();
    const open = part.reports.some((r) => query.to >= yesterdayIn(r.timeZone, now));
    const ttl = open ? this.settings.openTtlSeconds : this.settings.closedTtlSeconds;
    const cached = await cachedReport(part.platform, part.reports);
    part.rows = cached.rows;
    if (ttl === 0) return;
    await this.store.reports.cache(ref, reportCacheKey(query, part.accounts), cached, ttl * 1000);
  }

  /** The run as it is kept at its id: every part's rows in it, none left behind in the cache. */
  private async kept(company: string, run: StoredRun): Promise<string> {
    const parts = await Promise.all(
      run.parts.map(async (part): Promise<Part> => {
        const rows =
          part.cached === undefined
            ? part.rows
            : await this.store.reports.allRows(
                { company, customer: run.customer, platform: part.platform },
                part.cached,
              );
        const { cached: _, ...rest } = part;
        return rows === undefined ? rest : { ...rest, reports: rest.reports.map(description), rows };
      }),
    );
    return JSON.stringify({ ...run, parts });
  }

  private answerOf(company: string, run: StoredRun): ReportAnswer {
    const advertisers = run.parts.flatMap((part) =>
      part.reports.map((r) => ({
        platform: part.platform,
        advertiser: r.advertiser,
        currency: r.currency,
        timeZone: r.timeZone,
      })),
    );
    const parts = [...run.parts].sort((a, b) => (prefix(a) < prefix(b) ? -1 : 1));
    const page = async (after: string | undefined, limit: number) => {
      const found: string[] = [];
      for (const part of parts) {
        if (found.length >= limit) break;
        const own = after?.startsWith(prefix(part));
        // Rows of platforms before the cursor's were on earlier pages.
        if (after !== undefined && !own && prefix(part) < after) continue;
        const bound = own ? afterKey(after!) : undefined;
        const wanted = limit - found.length;
        if (part.cached !== undefined) {
          const scope = { company, customer: run.customer, platform: part.platform };
          found.push(
            ...(await this.store.reports.rows(scope, part.cached, {
              limit: wanted,
              ...(bound === undefined ? {} : { after: bound }),
            })),
          );
        } else {
          part.rows ??= await serializedRows(part.platform, part.reports);
          const start = bound === undefined ? 0 : firstAfter(part.rows, bound);
          found.push(...part.rows.slice(start, start + wanted));
        }
      }
      return found;
    };
    return { page, advertisers, unavailable: run.unavailable };
  }

  private async outcome(
    ref: Pick<ConnectionRef, 'company' | 'customer'>,
    run: StoredRun,
    id?: string,
  ): Promise<ReportOutcome> {
    const pending = run.parts.some((p) => Object.keys(p.jobs).length > 0);
    // A pending run is kept to be polled; a finished one at an id stays readable (its pages) as long.
    const runId = pending ? (id ?? `rpt_${randomToken(12)}`) : id;
    if (runId !== undefined) {
      const kept = await this.kept(ref.company, run);
      await this.store.reports.saveRun(ref.company, run.customer, runId, kept, RUN_TTL_MS);
    }
    if (pending) {
      return {
        state: 'pending',
        id: runId!,
        retryAfterSeconds: Math.max(1, Math.ceil(this.settings.pollMs / 1000)),
      };
    }
    return {
      state: 'done',
      ...(id === undefined ? {} : { id }),
      answer: this.answerOf(ref.company, run),
    };
  }
}

function collect(part: Part, advertiser: string, run: ReportRun): void {
  if (run.state === 'done') {
    part.reports.push(run.report);
    delete part.jobs[advertiser];
  } else {
    part.jobs[advertiser] = run.job;
  }
}

const queryOf = (r: ReportRequest): ReportQuery => ({
  level: r.level,
  from: r.from,
  to: r.to,
  granularity: r.granularity,
  ...(r.campaignId === undefined ? {} : { campaignId: r.campaignId }),
  ...(r.adsetId === undefined ? {} : { adsetId: r.adsetId }),
});

const notConnectedAdvertiser = (advertiser: string) =>
  new AppError('invalid_request', `"${advertiser}" is not one of the customer's connected ad accounts.`, {
    param: 'advertiser',
  });

const unavailableOf = (platform: PlatformId, err: AppError): Unavailable => ({
  platform,
  code: err.code,
  message: err.message,
  ...(err.param === undefined ? {} : { param: err.param }),
});

/** Every row key of a part starts so: the parts in this order list their rows in key order. */
const prefix = (part: Part) => `${part.platform}|`;
