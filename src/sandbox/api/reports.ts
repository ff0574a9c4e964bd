import { randomToken } from '../../ids.js';
import { type AdAccount, LOOKBACK_DAYS, type SandboxReportRow } from '../../platforms/sandbox/model.js';
import { wallClock } from '../../platforms/zoned-time.js';
import type { Kv } from '../../store/kv.js';
import { ApiError } from '../errors.js';
import { type SandboxKeys, userKey } from '../keys.js';
import { adDayMetrics, daysBetween } from './ad-day-metrics.js';
import type { AdsStore } from './ads-store.js';
import type { ReportRequest } from './report-input.js';

/** Report runs (and the test delay) are kept this long. */
const RUN_TTL_MS = 60 * 60_000;

interface ReportRun {
  id: string;
  account_id: string;
  request: ReportRequest;
  /** When the run is finished (ms since the epoch). */
  ready: number;
}

const dayIn = (ms: number, timeZone: string) => wallClock(ms, timeZone).slice(0, 10);

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The sandbox's reports: a run is started for one ad account and finishes at once, or after the
 * user's test delay (`PUT /_test/report_delay`), like the asynchronous reporting APIs of the real
 * platforms. Its rows are computed when it is read, from the deterministic metrics of each ad per day
 * since its ad set was created, up to the account's today.
 */
export class SandboxReports {
  constructor(
    private readonly kv: Kv,
    private readonly k: SandboxKeys,
    private readonly ads: AdsStore,
  ) {}

  async setDelay(login: string, delayMs: number): Promise<void> {
    await this.kv.set(this.k.reportDelay(userKey(login)), String(delayMs), { ttlMs: RUN_TTL_MS });
  }

  async start(login: string, account: AdAccount, request: ReportRequest, now: number) {
    const today = dayIn(now, account.timezone);
    if (request.since < shiftDay(today, -LOOKBACK_DAYS)) {
      throw new ApiError(
        400,
        'invalid_request',
        `Reports reach back ${LOOKBACK_DAYS} days: since must be ${shiftDay(today, -LOOKBACK_DAYS)} or later.`,
        'since',
      );
    }
    const u = userKey(login);
    const delay = Number((await this.kv.get(this.k.reportDelay(u))) ?? '0');
    const run: ReportRun = {
      id: `rpt_${randomToken(12)}`,
      account_id: account.id,
      request,
      ready: now + delay,
    };
    await this.kv.set(this.k.reportRun(u, run.id), JSON.stringify(run), { ttlMs: RUN_TTL_MS });
    return this.answer(login, run, account, now);
  }

  /** The run, or null when there is none of this user's by that id. */
  async get(login: string, id: string, now: number) {
    const raw = await this.kv.get(this.k.reportRun(userKey(login), id));
    if (!raw) return null;
    const run = JSON.parse(raw) as ReportRun;
    const account = (await this.ads.accounts(login)).find((a) => a.id === run.account_id)!;
    return this.answer(login, run, account, now);
  }

  private async answer(login: string, run: ReportRun, account: AdAccount, now: number) {
    const head = { id: run.id, account_id: account.id };
    if (now < run.ready) return { ...head, status: 'RUNNING' as const };
    return {
      ...head,
      status: 'COMPLETED' as const,
      currency: account.currency,
      time_zone: account.timezone,
      data: await this.rows(login, account, run.request, dayIn(now, account.timezone)),
    };
  }

  private async rows(login: string, account: AdAccount, r: ReportRequest, today: string) {
    const adsets = (await this.ads.allAdsets(login, account.id)).filter(
      (s) =>
        (r.campaign_id === undefined || s.campaign_id === r.campaign_id) &&
        (r.adset_id === undefined || s.id === r.adset_id),
    );
    const withAds = await this.ads.withAds(login, adsets);
    const campaignNames = new Map<string, string>();
    for (const id of new Set(adsets.map((s) => s.campaign_id))) {
      campaignNames.set(id, (await this.ads.campaign(login, id))?.name ?? id);
    }
    const rows = new Map<string, SandboxReportRow>();
    const days = daysBetween(r.since, r.until < today ? r.until : today);
    for (const adset of withAds) {
      const createdDay = dayIn(Date.parse(adset.created_time), account.timezone);
      for (const ad of adset.ads) {
        const entity: Omit<SandboxReportRow, 'spend' | 'impressions' | 'clicks' | 'conversions'> = {
          campaign_id: adset.campaign_id,
          campaign_name: campaignNames.get(adset.campaign_id)!,
          ...(r.level === 'CAMPAIGN' ? {} : { adset_id: adset.id, adset_name: adset.name }),
          ...(r.level === 'AD' ? { ad_id: ad.id, ad_name: ad.name } : {}),
        };
        for (const day of days) {
          const m = adDayMetrics(ad.id, day, account.currency, { createdDay, today });
          if (!m) continue;
          const date = r.time_increment === 'DAILY' ? day : undefined;
          const key = `${entity.ad_id ?? entity.adset_id ?? entity.campaign_id}|${date ?? ''}`;
          const row = rows.get(key) ?? {
            ...entity,
            ...(date ? { date } : {}),
            spend: 0,
            impressions: 0,
            clicks: 0,
            conversions: 0,
          };
          row.spend += m.spendMinor;
          row.impressions += m.impressions;
          row.clicks += m.clicks;
          row.conversions += m.conversions;
          rows.set(key, row);
        }
      }
    }
    return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  }
}
