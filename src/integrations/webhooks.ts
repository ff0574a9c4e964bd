import { type Request, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import type { Delivery } from '../events/webhooks/delivery-store.js';
import {
  ENDPOINTS_PER_COMPANY,
  endpointNotFound,
  type WebhookEndpoint,
} from '../events/webhooks/endpoint-store.js';
import { DELIVERY_ID, ENDPOINT_ID, webhookUrl } from '../events/webhooks/schemas.js';
import { ALL_EVENTS } from '../events/webhooks/subscriptions.js';
import { resource } from '../http/routes.js';
import { validateBody } from '../http/validate.js';
import { locale } from '../locales/i18n.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, vendorPages } from './routes.js';
import { formGuards } from './session.js';

const t = locale().t;
const addForm = z.strictObject({ _csrf: z.string(), url: webhookUrl });
const actionForm = z.strictObject({
  _csrf: z.string(),
  action: z.enum(['enable', 'disable', 'delete', 'test', 'resend']),
  delivery: z.string().regex(DELIVERY_ID).optional(),
});

const deliveryRow = (d: Delivery) => {
  const last = d.attempts.at(-1);
  return {
    id: d.id,
    event: d.event_type,
    state: d.state,
    attempts: d.attempts.length,
    last: last ? (last.status === null ? (last.error ?? '') : String(last.status)) : '',
    time: shortTime(d.created_at),
  };
};

/** /integrations/webhooks: the company's endpoints, their recent deliveries, a test and a resend. */
export function createWebhookPages(deps: IntegrationsDeps & { events: Events }): Router {
  const { store, events } = deps;
  const { webhooks } = events;
  const router = Router();
  const page = vendorPages(store);

  const show = async (req: Request, res: Parameters<typeof page>[1], extra: Record<string, unknown> = {}) => {
    const company = req.vendor!.company;
    const endpoints = await webhooks.endpoints.list(company);
    const rows = await Promise.all(
      endpoints.map(async (e: WebhookEndpoint) => ({
        ...e,
        eventList: e.events.includes(ALL_EVENTS)
          ? t('integrations.webhooks.all_events')
          : e.events.join(', '),
        failingSince: e.failing_since ? shortTime(e.failing_since) : null,
        deliveries: (await webhooks.deliveries.list(company, e.id, 10)).map(deliveryRow),
      })),
    );
    await page(req, res, 'webhooks', 'integrations/webhooks', {
      title: t('integrations.webhooks.title'),
      endpoints: rows,
      limit: ENDPOINTS_PER_COMPANY,
      secret: null,
      error: null,
      ...extra,
    });
  };

  resource(
    router,
    '/integrations/webhooks',
    {
      get: async (req, res) => show(req, res),
      // The new endpoint's secret is shown in this response only.
      post: async (req, res) => {
        const result = addForm.safeParse(req.body);
        if (!result.success) return show(req, res, { status: 400, error: t('integrations.webhooks.url') });
        try {
          const created = await webhooks.endpoints.create(req.vendor!.company, {
            url: result.data.url,
            events: [ALL_EVENTS],
            enabled: true,
          });
          await show(req, res, { secret: { url: created.endpoint.url, value: created.secret } });
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'quota_exceeded')) throw err;
          await show(req, res, { status: 400, error: err.message });
        }
      },
    },
    formGuards(deps),
  );

  resource(
    router,
    '/integrations/webhooks/:id',
    {
      post: async (req, res) => {
        const { action, delivery } = validateBody(actionForm, req.body);
        const company = req.vendor!.company;
        const id = req.params.id as string;
        if (!ENDPOINT_ID.test(id)) throw endpointNotFound(id);
        const endpoint = await webhooks.endpoint(company, id);
        if (action === 'enable' || action === 'disable') {
          await webhooks.endpoints.update(company, id, { enabled: action === 'enable' });
        } else if (action === 'delete') {
          await webhooks.endpoints.delete(company, id);
        } else if (action === 'test') {
          await webhooks.ping(company, endpoint);
        } else if (delivery) {
          await webhooks.resend(company, id, delivery);
        }
        res.redirect(303, '/integrations/webhooks');
      },
    },
    formGuards(deps),
  );

  return router;
}
