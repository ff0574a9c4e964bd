import { Router } from 'express';
import { z } from 'zod';
import { attemptCursor } from '../api/connect-attempts.js';
import { isCustomerId } from '../domain/own-customer.js';
import { isPlatformId } from '../domain/platform-ids.js';
import { decodeCursor, encodeCursor } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { parseQuery } from '../http/validate.js';
import type { MessageKey } from '../locales/en.js';
import { locale } from '../locales/i18n.js';
import type { Platforms } from '../ports/platforms.js';
import type { ConnectAttemptRecord } from '../store/connect-attempts.js';
import type { Store } from '../store/index.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards, VendorPageError } from './session.js';

const t = locale().t;

export const ATTEMPTS_PER_PAGE = 50;

const activityQuery = z.strictObject({
  customer: z.string().max(100).optional(),
  cursor: z.string().max(500).optional(),
});

export interface ActivityPagesDeps extends IntegrationsDeps {
  platforms: Platforms;
}

/** Table rows for connect attempts, with the names of their customers (null once a customer is deleted). */
export async function attemptRows(
  store: Store,
  platforms: Platforms,
  company: string,
  attempts: ConnectAttemptRecord[],
) {
  const ids = [...new Set(attempts.map((a) => a.customer))];
  const customers = await Promise.all(
    ids.map((id) => (isCustomerId(id) ? store.customers.get(company, id) : null)),
  );
  const names = new Map(ids.map((id, i) => [id, customers[i]?.name ?? null]));
  return attempts.map((a) => ({
    id: a.id,
    customer: a.customer,
    customerName: names.get(a.customer) ?? null,
    platform: a.platform,
    platformName: isPlatformId(a.platform) ? platforms.entry(a.platform).name : a.platform,
    outcome: a.outcome,
    outcomeLabel: t(`integrations.activity.outcome.${a.outcome}` as MessageKey),
    error_code: a.error_code,
    created_at: a.created_at,
    time: shortTime(a.created_at),
  }));
}

/** /integrations/activity: the company's connect attempts, newest first, optionally of one customer. */
export function createActivityPages(deps: ActivityPagesDeps): Router {
  const { store, platforms } = deps;
  const router = Router();
  const page = vendorPages(store);

  resource(
    router,
    '/integrations/activity',
    {
      get: async (req, res) => {
        const query = parseQuery(activityQuery, req);
        const company = req.vendor!.company;
        const customer =
          query.customer === undefined
            ? null
            : isCustomerId(query.customer)
              ? await store.customers.get(company, query.customer)
              : null;
        if (query.customer !== undefined && !customer) throw new VendorPageError('not_found', 404);
        const after =
          query.cursor === undefined ? undefined : decodeCursor(attemptCursor, query.cursor).after;
        const result = await store.connectAttempts.list(company, {
          limit: ATTEMPTS_PER_PAGE,
          ...(after === undefined ? {} : { after }),
          ...(customer ? { customer: customer.id } : {}),
        });
        const filter: Record<string, string> = customer ? { customer: customer.id } : {};
        const href = (params: Record<string, string>) => {
          const search = new URLSearchParams(params).toString();
          return search ? `/integrations/activity?${search}` : '/integrations/activity';
        };
        await page(req, res, 'activity', 'integrations/activity', {
          title: t('integrations.activity.title'),
          customer,
          rows: await attemptRows(store, platforms, company, result.data),
          older: result.next ? href({ ...filter, cursor: encodeCursor({ after: result.next }) }) : null,
          newest: after === undefined ? null : href(filter),
        });
      },
    },
    formGuards(deps),
  );

  return router;
}
