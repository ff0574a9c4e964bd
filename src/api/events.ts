import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { EVENT_TYPES } from '../events/model.js';
import { EVENT_ID } from '../events/webhooks/schemas.js';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { integerParam, noQuery, parseQuery } from '../http/validate.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';

export const eventListQuery = z.strictObject({
  type: z.enum(EVENT_TYPES).optional(),
  customer: z.string().max(100).optional(),
  limit: integerParam(1, 100, 20),
  cursor: z.string().max(500).optional(),
});

/** What a `next_cursor` carries: the index position of the last event of the page. */
const eventCursor = z.strictObject({
  after: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z\|evt_[A-Za-z0-9_-]{22}$/),
});

const eventNotFound = (id: string) =>
  new AppError('event_not_found', `No such event: ${id}.`, { param: 'id' });

/** The company's events of the last 30 days, newest first (`GET /events`), and one by id. */
export function createEventRoutes(store: Store, events: Events, vendor: RequestHandler[]): Router {
  const router = Router();

  resource(
    router,
    '/events',
    {
      get: async (req, res) => {
        const query = parseQuery(eventListQuery, req);
        const company = req.auth!.company;
        const customer =
          query.customer === undefined
            ? undefined
            : (await findCustomer(store, req, query.customer, 'customer')).id;
        const page = await events.store.list(company, {
          limit: query.limit,
          ...(query.cursor === undefined ? {} : { after: decodeCursor(eventCursor, query.cursor).after }),
          ...(query.type === undefined ? {} : { type: query.type }),
          ...(customer === undefined ? {} : { customer }),
        });
        res.json(pageAnswer(page));
      },
    },
    vendor,
  );

  resource(
    router,
    '/events/:id',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        const id = req.params.id as string;
        const event = EVENT_ID.test(id) ? await events.store.get(req.auth!.company, id) : null;
        if (!event) throw eventNotFound(id);
        res.json(event);
      },
    },
    vendor,
  );

  return router;
}
