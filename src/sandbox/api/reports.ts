import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { wallClock } from '../../domain/zoned-time.js';
import { randomToken } from '../../ids.js';
import {
  type Ad,
  type AdAccount,
  type AdSet,
  LOOKBACK_DAYS,
  type SandboxReportRow,
} from '../../platforms/sandbox/model.js';
import type { Kv } from '../../store/kv.js';
import { ApiError } from '../errors.js';
import { type SandboxKeys, userKey } from '../keys.js';
import { adDayMetrics, daysBetween } from './ad-day-metrics.js';
import type { AdsStore } from './ads-store.js';
import { encodeCursor } from './cursor.js';
import type { ReportRequest } from './report-input.js';

/** Report runs (and the test delay) are kept this long. */
const RUN_TTL_MS = 60 * 60_000;
/** Rows per page of a report run. */
export const REPORT_PAGE_ROWS = 10_000;

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
 * platforms. Its rows are computed when a page of them is read, from the deterministic metrics of
 * each ad per day since its ad set was created, up to the account's today.
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

  /** The run (the page of rows after `after`), or null when there is none of this user's by that id. */
  async get(login: string, id: string, now: number, after?: string) {
    const raw = await this.kv.get(this.k.reportRun(userKey(login), id));
    if (!raw) return null;
    const run = JSON.parse(raw) as ReportRun;
    const account = (await this.ads.accounts(login)).find((a) => a.id === run.account_id)!;
    return this.answer(login, run, account, now, after);
  }

  private async answer(login: string, run: ReportRun, account: AdAccount, now: number, after?: string) {
    const head = { id: run.id, account_id: account.id };
    if (now < run.ready) return { ...head, status: 'RUNNING' as const };
    const { rows, next } = await this.page(login, account, run.request, dayIn(now, account.timezone), after);
    return {
      ...head,
      status: 'COMPLETED' as const,
      currency: account.currency,
      time_zone: account.timezone,
      data: rows,
      paging: next === undefined ? {} : { next: encodeCursor(next) },
    };
  }

  /**
   * The rows after the row key `after` (`<entity id>|<date>`), REPORT_PAGE_ROWS at most, and the key
   * to continue from when more follow. Only the entities of the page are computed: a page costs the
   * same however large the report.
   */
  private async page(login: string, account: AdAccount, r: ReportRequest, today: string, after?: string) {
    const adsets = (await this.ads.allAdsets(login, account.id)).filter(
      (s) =>
        (r.campaign_id === undefined || s.campaign_id === r.campaign_id) &&
        (r.adset_id === undefined || s.id === r.adset_id),
    );
    // Each entity of the level, with the ads it sums and the day each one's ad set was created.
    const entities = new Map<string, { adset: AdSet; ad: Ad; ads: { id: string; createdDay: string }[] }>();
    for (const adset of await this.ads.withAds(login, adsets)) {
      const createdDay = dayIn(Date.parse(adset.created_time), account.timezone);
      for (const ad of adset.ads) {
        const id = r.level === 'AD' ? ad.id : r.level === 'ADSET' ? adset.id : adset.campaign_id;
        const entity = entities.get(id) ?? { adset, ad, ads: [] };
        entity.ads.push({ id: ad.id, createdDay });
        entities.set(id, entity);
      }
    }
    const ids = [...entities.keys()].sort((a, b) => (`${a}|` < `${b}|` ? -1 : 1));
    const first = after === undefined ? '' : after.slice(0, after.indexOf('|') + 1);
    const days = daysBetween(r.since, r.until < today ? r.until : today);
    const campaignNames = new Map<string, string>();
    const rows: { key: string; row: SandboxReportRow }[] = [];
    for (const id of ids) {
      if (`${id}|` < first) continue;
      const { adset, ad, ads } = entities.get(id)!;
      const campaign = adset.campaign_id;
      if (!campaignNames.has(campaign)) {
        campaignNames.set(campaign, (await this.ads.campaign(login, campaign))?.name ?? campaign);
      }
      const entity = {
        campaign_id: campaign,
        campaign_name: campaignNames.get(campaign)!,
        ...(r.level === 'CAMPAIGN' ? {} : { adset_id: adset.id, adset_name: adset.name }),
        ...(r.level === 'AD' ? { ad_id: ad.id, ad_name: ad.name } : {}),
      };
      for (const row of await entityRows(entity, ads, days, r.time_increment, account.currency, today)) {
        const key = `${id}|${row.date ?? ''}`;
        if (after === undefined || key > after) rows.push({ key, row });
      }
      if (rows.length > REPORT_PAGE_ROWS) break;
    }
    const page = rows.slice(0, REPORT_PAGE_ROWS);
    return {
      rows: page.map(({ row }) => row),
      next: rows.length > REPORT_PAGE_ROWS ? page.at(-1)!.key : undefined,
    };
  }
}

/**
 * One entity's rows, in day order: a row a day (DAILY) or one for the range (ALL_DAYS), the sums of
 * its ads' metrics over the days one of them delivered.
 */
async function entityRows(
  entity: Omit<SandboxReportRow, 'date' | 'spend' | 'impressions' | 'clicks' | 'conversions'>,
  ads: { id: string; createdDay: string }[],
  days: string[],
  increment: ReportRequest['time_increment'],
  currency: string,
  today: string,
): Promise<SandboxReportRow[]> {
  const byDate = new Map<string, SandboxReportRow>();
  for (const ad of ads) {
    // A day's metrics cost a hash: an ad at a time, so that a large report lets other requests run.
    await yieldToOthers();
    for (const day of days) {
      const m = adDayMetrics(ad.id, day, currency, { createdDay: ad.createdDay, today });
      if (!m) continue;
      const date = increment === 'DAILY' ? day : '';
      const row = byDate.get(date) ?? {
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
      byDate.set(date, row);
    }
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}
