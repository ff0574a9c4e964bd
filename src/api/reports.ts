import { createHash } from 'node:crypto';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { isPlatformId, type PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { customer, parseQuery } from '../http/validate.js';
import { adSetReportQuery, campaignReportQuery, reportRunQuery, reportsQuery } from '../reports/input.js';
import { rowsCsv, serializedJson, serializedKey, type UnifiedReportRow } from '../reports/rows.js';
import type { ReportOutcome, ReportRequest, ReportService } from '../reports/service.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';
import { platformScope } from './platform-scope.js';

export interface ReportRouteDeps {
  store: Store;
  reports: ReportService;
}

/** Page cursors carry the query they belong to, so a cursor cannot continue another report. */
const reportCursor = z.strictObject({ after: z.string().min(1), q: z.string().min(1) });

const fingerprint = (query: object): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(query).filter(([k]) => !['cursor', 'limit'].includes(k))))
    .digest('base64url')
    .slice(0, 16);

/**
 * The customer alone, checked before the report's own parameters: a token naming a customer it may
 * not act for is refused as such, whatever else the request lacks.
 */
const customerOnly = z.object({ customer });

const wantsCsv = (req: Request) => req.accepts(['application/json', 'text/csv']) === 'text/csv';

/**
 * Answers a report outcome: 202 with Retry-After while a platform still works on it, else one page
 * of rows as JSON or CSV (`Accept: text/csv`; the next page's URL in a `Link` header).
 */
async function send(
  req: Request,
  res: Response,
  outcome: ReportOutcome,
  page: { limit: number; cursor: string | undefined; q: string },
): Promise<void> {
  if (outcome.state === 'pending') {
    res
      .status(202)
      .set('Retry-After', String(outcome.retryAfterSeconds))
      .json({ id: outcome.id, status: 'pending' });
    return;
  }
  const { advertisers, unavailable } = outcome.answer;
  let after: string | undefined;
  if (page.cursor !== undefined) {
    const cursor = decodeCursor(reportCursor, page.cursor);
    if (cursor.q !== page.q) {
      throw new AppError('invalid_request', 'This cursor belongs to another report.', { param: 'cursor' });
    }
    after = cursor.after;
  }
  const found = await outcome.answer.page(after, page.limit + 1);
  const hasMore = found.length > page.limit;
  const rows = found.slice(0, page.limit);
  const next = hasMore ? encodeCursor({ after: serializedKey(rows.at(-1)!), q: page.q }) : undefined;
  const data = rows.map(serializedJson);
  if (wantsCsv(req)) {
    if (next !== undefined) {
      const url = new URL(req.originalUrl, 'http://adlink.invalid');
      url.searchParams.set('cursor', next);
      res.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
    }
    res.type('text/csv; charset=utf-8').send(rowsCsv(data.map((row) => JSON.parse(row) as UnifiedReportRow)));
    return;
  }
  // The rows are JSON already: the answer is put together around them rather than parsed and written again.
  const head = JSON.stringify({
    ...(outcome.id === undefined ? {} : { id: outcome.id, status: 'done' }),
    has_more: hasMore,
    ...(next === undefined ? {} : { next_cursor: next }),
  });
  const tail = JSON.stringify({ advertisers, ...(unavailable.length ? { unavailable } : {}) });
  res.type('application/json').send(`${head.slice(0, -1)},"data":[${data.join(',')}],${tail.slice(1)}`);
}

const request = (
  q: {
    level: ReportRequest['level'];
    from: string;
    to: string;
    granularity: ReportRequest['granularity'];
  } & {
    advertiser?: string | undefined;
    dismissDatabase: boolean;
  },
  ids: { campaignId?: string | undefined; adsetId?: string | undefined },
): ReportRequest => ({
  level: q.level,
  from: q.from,
  to: q.to,
  granularity: q.granularity,
  ...(ids.campaignId === undefined ? {} : { campaignId: ids.campaignId }),
  ...(ids.adsetId === undefined ? {} : { adsetId: ids.adsetId }),
  ...(q.advertiser === undefined ? {} : { advertiser: q.advertiser }),
  live: q.dismissDatabase,
});

/** Performance reports: across platforms at `/reports`, per ad set and campaign under `/v1/:platform`. */
export function createReportRoutes({ store, reports }: ReportRouteDeps, vendor: RequestHandler[]): Router {
  const router = Router();

  resource(
    router,
    '/reports',
    {
      get: async (req, res) => {
        const found = await findCustomer(store, req, parseQuery(customerOnly, req).customer, 'customer');
        const query = parseQuery(reportsQuery, req);
        let platform: PlatformId | undefined;
        if (query.platform !== undefined) {
          if (!isPlatformId(query.platform)) {
            throw new AppError('platform_not_found', `No platform "${query.platform}".`, {
              param: 'platform',
            });
          }
          platform = query.platform;
        }
        if (query.adset !== undefined && query.level === 'campaign') {
          throw new AppError('invalid_request', 'A report filtered by ad set has level adset or ad.', {
            param: 'level',
          });
        }
        const wanted = request(query, { campaignId: query.campaignId, adsetId: query.adset });
        const outcome = platform
          ? await reports.forPlatform({ company: found.company, customer: found.id, platform }, wanted)
          : await reports.acrossPlatforms(found.company, found.id, wanted);
        await send(req, res, outcome, { limit: query.limit, cursor: query.cursor, q: fingerprint(query) });
      },
    },
    vendor,
  );

  resource(
    router,
    '/reports/:id',
    {
      get: async (req, res) => {
        const found = await findCustomer(store, req, parseQuery(customerOnly, req).customer, 'customer');
        const query = parseQuery(reportRunQuery, req);
        const id = req.params.id as string;
        // A company token may read any of its customers' runs; an access token only its customer's.
        const customer =
          req.auth?.customer === undefined && query.customer === undefined ? undefined : found.id;
        const outcome = await reports.resume(found.company, customer, id);
        await send(req, res, outcome, { limit: query.limit, cursor: query.cursor, q: id });
      },
    },
    vendor,
  );

  /** A report narrowed to one ad set or campaign: the ids come from the path, the rest as on /reports. */
  const shortcut = (
    path: string,
    schema: typeof adSetReportQuery | typeof campaignReportQuery,
    filter: 'adsetId' | 'campaignId',
  ) =>
    resource(
      router,
      path,
      {
        get: async (req, res) => {
          const ref = await platformScope(store, req, parseQuery(customerOnly, req).customer);
          const query = parseQuery(schema, req);
          const id = req.params.id as string;
          await send(req, res, await reports.forPlatform(ref, request(query, { [filter]: id })), {
            limit: query.limit,
            cursor: query.cursor,
            q: fingerprint({
              ...query,
              platform: ref.platform,
              [filter === 'adsetId' ? 'adset' : filter]: id,
            }),
          });
        },
      },
      vendor,
    );
  shortcut('/v1/:platform/adsets/:id/report', adSetReportQuery, 'adsetId');
  shortcut('/v1/:platform/campaigns/:id/report', campaignReportQuery, 'campaignId');

  return router;
}
