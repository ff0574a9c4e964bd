import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { disconnect } from '../connect/disconnect.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError, quotaExceeded } from '../errors.js';
import type { Events } from '../events/events.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { integerParam, noQuery, parseJsonBody, parseQuery } from '../http/validate.js';
import { isUuid } from '../ids.js';
import { displayName } from '../names.js';
import type { Platforms } from '../platforms/registry.js';
import type { Customer } from '../store/customers.js';
import type { Store } from '../store/index.js';

export const createBody = z.strictObject({ name: displayName });

export const listQuery = z.strictObject({
  limit: integerParam(1, 100, 20),
  starting_after: z.string().optional(),
});

export const customerNotFound = (id: string, param = 'id') =>
  new AppError('customer_not_found', `No such customer: ${id}.`, { param });

/** The customer of the authenticated company, or 404 — another company's customer reads as missing. */
export async function findCustomer(
  store: Store,
  company: string,
  id: string,
  param = 'id',
): Promise<Customer> {
  const customer = isUuid(id) ? await store.customers.get(company, id) : null;
  if (!customer) throw customerNotFound(id, param);
  return customer;
}

export function createCustomerRoutes(
  store: Store,
  vendor: RequestHandler[],
  platforms: Platforms,
  events: Events,
): Router {
  const router = Router();

  resource(
    router,
    '/customers',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        const { name } = parseJsonBody(createBody, req);
        const company = req.auth!.company;
        await sendIdempotent(store, req, res, { name }, async () => {
          const quota = req.app.locals.limits.customers;
          if ((await store.customers.count(company)) >= quota) throw quotaExceeded('customers', quota);
          return { status: 201, body: await store.customers.create(company, name) };
        });
      },
      get: async (req, res) => {
        const { limit, starting_after } = parseQuery(listQuery, req);
        const company = req.auth!.company;
        const after =
          starting_after === undefined
            ? undefined
            : await findCustomer(store, company, starting_after, 'starting_after');
        res.json(await store.customers.list(company, limit, after));
      },
    },
    vendor,
  );

  resource(
    router,
    '/customers/:id',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await findCustomer(store, req.auth!.company, req.params.id as string));
      },
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const customer = await findCustomer(store, req.auth!.company, req.params.id as string);
        // One disconnect per platform, all at once: at most one call per platform in the catalog, so
        // the answer waits at most one platform timeout for the revocations.
        await Promise.all(
          customer.platforms.map((p) =>
            disconnect(store, platforms, events, customer.company, customer.id, p as PlatformId),
          ),
        );
        await store.customers.delete(customer);
        res.json({ id: customer.id, deleted: true });
      },
    },
    vendor,
  );

  resource(
    router,
    '/customers/:id/platforms',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await findCustomer(store, req.auth!.company, req.params.id as string));
      },
    },
    vendor,
  );

  return router;
}
