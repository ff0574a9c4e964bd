import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Events } from '../events/events.js';
import type { Delivery } from '../events/webhooks/delivery-store.js';
import { endpointNotFound } from '../events/webhooks/endpoint-store.js';
import {
  DELIVERY_ID,
  ENDPOINT_ID,
  webhookEndpointCreate,
  webhookEndpointUpdate,
} from '../events/webhooks/schemas.js';
import { ALL_EVENTS } from '../events/webhooks/subscriptions.js';
import { deliveryNotFound } from '../events/webhooks/webhooks.js';
import { resource } from '../http/routes.js';
import { noQuery, parseJsonBody, parseQuery } from '../http/validate.js';

const noBody = z.strictObject({});

/** A delivery as the API shows it: its attempts, not the body (that is the event, `GET /events/:id`). */
export const deliveryView = ({ body: _body, ...delivery }: Delivery) => delivery;

/** `/webhook_endpoints`: a company's endpoints (at most 5), their secrets, test pings and deliveries. */
export function createWebhookEndpointRoutes(events: Events, vendor: RequestHandler[]): Router {
  const router = Router();
  const { webhooks } = events;
  const endpointOf = (req: Parameters<RequestHandler>[0]) => {
    const id = req.params.id as string;
    if (!ENDPOINT_ID.test(id)) throw endpointNotFound(id);
    return webhooks.endpoint(req.auth!.company, id);
  };

  resource(
    router,
    '/webhook_endpoints',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json({ data: await webhooks.endpoints.list(req.auth!.company) });
      },
      post: async (req, res) => {
        parseQuery(noQuery, req);
        const input = parseJsonBody(webhookEndpointCreate, req);
        const { endpoint, secret } = await webhooks.endpoints.create(req.auth!.company, {
          url: input.url,
          events: input.events ?? [ALL_EVENTS],
          enabled: input.enabled ?? true,
        });
        res.status(201).json({ ...endpoint, secret });
      },
    },
    vendor,
  );

  resource(
    router,
    '/webhook_endpoints/:id',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await endpointOf(req));
      },
      patch: async (req, res) => {
        parseQuery(noQuery, req);
        const changes = parseJsonBody(webhookEndpointUpdate, req);
        const { id } = await endpointOf(req);
        res.json(await webhooks.endpoints.update(req.auth!.company, id, changes));
      },
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const { id } = await endpointOf(req);
        await webhooks.endpoints.delete(req.auth!.company, id);
        res.json({ id, deleted: true });
      },
    },
    vendor,
  );

  resource(
    router,
    '/webhook_endpoints/:id/test',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        parseJsonBody(noBody, req);
        res.json(deliveryView(await webhooks.ping(req.auth!.company, await endpointOf(req))));
      },
    },
    vendor,
  );

  resource(
    router,
    '/webhook_endpoints/:id/rotate_secret',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        parseJsonBody(noBody, req);
        const { id } = await endpointOf(req);
        res.json({ id, secret: await webhooks.endpoints.rotateSecret(req.auth!.company, id) });
      },
    },
    vendor,
  );

  resource(
    router,
    '/webhook_endpoints/:id/deliveries',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        const { id } = await endpointOf(req);
        const deliveries = await webhooks.deliveries.list(req.auth!.company, id, 100);
        res.json({ data: deliveries.map(deliveryView) });
      },
    },
    vendor,
  );

  resource(
    router,
    '/webhook_endpoints/:id/deliveries/:delivery/resend',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        parseJsonBody(noBody, req);
        const { id } = await endpointOf(req);
        const delivery = req.params.delivery as string;
        if (!DELIVERY_ID.test(delivery)) throw deliveryNotFound(delivery);
        res.status(202).json(deliveryView(await webhooks.resend(req.auth!.company, id, delivery)));
      },
    },
    vendor,
  );

  return router;
}
