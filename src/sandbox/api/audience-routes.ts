import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { monotonicTimestamp, randomToken } from '../../ids.js';
import { AUDIENCE_BATCH } from '../../platforms/sandbox/model.js';
import { userKey } from '../keys.js';
import type { AccessContext } from '../oauth/grants.js';
import { apiResources, OBJECT_ID, requireAccount, requireScope, visible } from './access.js';
import { text } from './adset-input.js';
import { noQuery, parseBody, parseQuery } from './api-input.js';
import type { AudienceStore, StoredAudience } from './audience-store.js';
import { accessOf } from './bearer.js';
import type { CreativeStore } from './creative-store.js';
import type { Lookups } from './lookups.js';

const createBody = z.strictObject({ name: text(200), description: z.string().max(500).optional() });
const updateBody = z.strictObject({
  name: text(200).optional(),
  description: z.string().max(500).optional(),
});
/** Hashes only: 64 lower-case hexadecimal characters, one kind a call, at most 1,000. */
const usersBody = z.strictObject({
  schema: z.enum(['EMAIL_SHA256', 'PHONE_SHA256']),
  hashes: z
    .array(z.string().regex(/^[0-9a-f]{64}$/, 'must be SHA-256 hashes: 64 lower-case hexadecimal characters'))
    .min(1, 'must not be empty')
    .max(AUDIENCE_BATCH, `takes at most ${AUDIENCE_BATCH} hashes a call`),
});

/**
 * Customer lists (`/ad_accounts/:id/audiences`, `/audiences/:id`) and their members
 * (`/audiences/:id/users`, hashes only); matching takes the user's review delay, after which an
 * audience of fewer than 100 people is TOO_SMALL.
 */
export function registerAudienceRoutes(
  router: Router,
  { accountOf }: Lookups,
  audiences: AudienceStore,
  creatives: CreativeStore,
): void {
  const resource = apiResources(router);

  async function find(access: AccessContext, id: string): Promise<StoredAudience> {
    return visible(
      access,
      OBJECT_ID.test(id) ? await audiences.get(access.grant.login, id) : null,
      'audience',
    );
  }
  /** Matching starts again with each change of members, for the user's review delay. */
  const matchedAt = async (login: string) =>
    new Date(Date.now() + (await creatives.reviewDelayMs(login))).toISOString();

  resource('/ad_accounts/:account/audiences', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const { login } = access.grant;
      const list = await audiences.list(login, requireAccount(access, req.params.account as string));
      const now = Date.now();
      res.json({ data: await Promise.all(list.map((a) => audiences.shown(login, a, now))) });
    },
    post: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const account = await accountOf(login, requireAccount(access, req.params.account as string));
      const input = parseBody(createBody, req);
      const now = monotonicTimestamp();
      const audience: StoredAudience = {
        id: `aud_${userKey(login)}${randomToken(9)}`,
        account_id: account.id,
        name: input.name,
        description: input.description ?? null,
        created_time: now,
        updated_time: now,
        matched_at: await matchedAt(login),
      };
      await audiences.save(login, audience);
      res.status(201).json(await audiences.shown(login, audience, Date.now()));
    },
  });

  resource('/audiences/:id', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const audience = await find(access, req.params.id as string);
      res.json(await audiences.shown(access.grant.login, audience, Date.now()));
    },
    patch: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const audience = await find(access, req.params.id as string);
      const input = parseBody(updateBody, req);
      const changed: StoredAudience = {
        ...audience,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        updated_time: monotonicTimestamp(),
      };
      await audiences.save(access.grant.login, changed);
      res.json(await audiences.shown(access.grant.login, changed, Date.now()));
    },
    delete: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const audience = await find(access, req.params.id as string);
      await audiences.delete(access.grant.login, audience);
      res.json({ id: audience.id, deleted: true });
    },
  });

  const users =
    (remove: boolean): RequestHandler =>
    async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'write');
      const { login } = access.grant;
      const audience = await find(access, req.params.id as string);
      const input = parseBody(usersBody, req);
      await audiences.changeUsers(login, audience.id, input.hashes, remove);
      await audiences.save(login, {
        ...audience,
        updated_time: monotonicTimestamp(),
        matched_at: await matchedAt(login),
      });
      res.json({ received: input.hashes.length });
    };
  resource('/audiences/:id/users', { post: users(false), delete: users(true) });

  resource('/_test/audiences/:id/users', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      const access = accessOf(res);
      requireScope(access, 'read');
      const audience = await find(access, req.params.id as string);
      res.json(await audiences.received(access.grant.login, audience.id));
    },
  });
}
