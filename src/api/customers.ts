import { type Request, Router } from 'express';
import { z } from 'zod';
import type { AccessTokenService } from '../access-tokens/service.js';
import { disconnect } from '../connect/disconnect.js';
import { actorOf } from '../domain/actor.js';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError, customerNotFound, quotaExceeded } from '../errors.js';
import type { Events } from '../events/events.js';
import { actingFor, type VendorGuards } from '../http/access.js';
import { sendIdempotent } from '../http/idempotency.js';
import { resource } from '../http/routes.js';
import { integerParam, noQuery, parseJsonBody, parseQuery } from '../http/validate.js';
import { isUuid } from '../ids.js';
import { displayName } from '../names.js';
import type { Platforms } from '../ports/platforms.js';
import type { Customer } from '../store/customers.js';
import type { Store } from '../store/index.js';

export const createBody = z.strictObject({ name: displayName });

export const listQuery = z.strictObject({
  limit: integerParam(1, 100, 20),
  starting_after: z.string().optional(),
});

/**
 * The customer a request acts for (see `actingFor`), of the authenticated company, or 404 — another
 * company's customer reads as missing. The built-in customer (the company's own ad accounts) is
 * created on first use.
 */
export async function findCustomer(
  store: Store,
  req: Request,
  named: string | undefined,
  param = 'id',
): Promise<Customer> {
  const id = actingFor(req, named, param);
  const company = req.auth!.company;
  if (id === OWN_CUSTOMER) return store.customers.own(company);
  const customer = isUuid(id) ? await store.customers.get(company, id) : null;
  if (!customer) throw customerNotFound(id, param);
  return customer;
}

export interface CustomerRouteDeps {
  store: Store;
  platforms: Platforms;
  events: Events;
  accessTokens: AccessTokenService;
}

export function createCustomerRoutes(
  { store, platforms, events, accessTokens }: CustomerRouteDeps,
  vendor: VendorGuards,
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
        // The built-in customer is not in the list, so no page starts after it.
        if (starting_after === OWN_CUSTOMER) throw customerNotFound(starting_after, 'starting_after');
        const after =
          starting_after === undefined
            ? undefined
            : await findCustomer(store, req, starting_after, 'starting_after');
        res.json(await store.customers.list(company, limit, after));
      },
    },
    vendor.company,
  );

  resource(
    router,
    '/customers/:id',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await findCustomer(store, req, req.params.id as string));
      },
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const customer = await findCustomer(store, req, req.params.id as string);
        const actor = actorOf(req.auth!);
        if (customer.id === OWN_CUSTOMER) {
          throw new AppError(
            'customer_not_deletable',
            'The built-in customer holds your company’s own ad accounts and cannot be deleted; disconnect its platforms instead.',
            { param: 'id' },
          );
        }
        // One disconnect per platform, all at once: at most one call per platform in the catalog, so
        // the answer waits at most one platform timeout for the revocations.
        await Promise.all(
          customer.platforms.map((p) =>
            disconnect(store, platforms, events, customer.company, customer.id, p as PlatformId, actor),
          ),
        );
        await store.customers.delete(customer);
        // After the customer is gone, so no token can be issued for it past this point.
        await accessTokens.customerDeleted(customer, actor);
        res.json({ id: customer.id, deleted: true });
      },
    },
    // Deleting the customer is the company's decision, not its access token's.
    { get: vendor.customer, delete: vendor.company },
  );

  resource(
    router,
    '/customers/:id/platforms',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await findCustomer(store, req, req.params.id as string));
      },
    },
    vendor.customer,
  );

  return router;
}
