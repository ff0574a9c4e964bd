import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { newAccessTokenBody } from '../access-tokens/model.js';
import { type AccessTokenService, accessTokenNotFound } from '../access-tokens/service.js';
import { actorOf } from '../domain/actor.js';
import { decodeCursor, pageAnswer } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { integerParam, noQuery, parseJsonBody, parseQuery } from '../http/validate.js';
import { ACCESS_TOKEN_ID } from '../store/access-tokens.js';
import type { Store } from '../store/index.js';
import { findCustomer } from './customers.js';

export const accessTokenListQuery = z.strictObject({
  limit: integerParam(1, 100, 20),
  cursor: z.string().max(500).optional(),
});

/** What a `next_cursor` carries: the index position of the page's last token. */
export const accessTokenCursor = z.strictObject({
  after: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z\|atok_[A-Za-z0-9_-]{22}$/),
});

/**
 * `/customers/:id/access_tokens`: issue, list and revoke the tokens that act for one customer. Only
 * the company token may (`vendor` are the company guards).
 */
export function createAccessTokenRoutes(
  store: Store,
  accessTokens: AccessTokenService,
  vendor: RequestHandler[],
): Router {
  const router = Router();

  resource(
    router,
    '/customers/:id/access_tokens',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        const input = parseJsonBody(newAccessTokenBody, req);
        const customer = await findCustomer(store, req, req.params.id as string);
        res.status(201).json(await accessTokens.create(customer, input, actorOf(req.auth!)));
      },
      get: async (req, res) => {
        const query = parseQuery(accessTokenListQuery, req);
        const customer = await findCustomer(store, req, req.params.id as string);
        const after =
          query.cursor === undefined ? undefined : decodeCursor(accessTokenCursor, query.cursor).after;
        const page = await accessTokens.list(customer, query.limit, after);
        res.json(pageAnswer(page));
      },
    },
    vendor,
  );

  resource(
    router,
    '/customers/:id/access_tokens/:token_id',
    {
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const customer = await findCustomer(store, req, req.params.id as string);
        const id = req.params.token_id as string;
        if (!ACCESS_TOKEN_ID.test(id)) throw accessTokenNotFound(id);
        const revoked = await accessTokens.revoke(customer, id, actorOf(req.auth!));
        res.json({ id: revoked.id, deleted: true });
      },
    },
    vendor,
  );

  return router;
}
