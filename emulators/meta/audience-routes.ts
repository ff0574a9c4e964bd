import express, { type Request, Router } from 'express';
import {
  customAudienceChanges,
  newCustomAudience,
  termsNotAccepted,
  usersPayload,
} from './audience-input.js';
import { invalidParam, noSuchObject } from './graph-error.js';
import { accountOf, graphContext } from './graph-routes.js';
import {
  CUSTOM_AUDIENCE_CREATE_PARAMS,
  CUSTOM_AUDIENCE_UPDATE_PARAMS,
  type CustomAudience,
  USERS_PARAMS,
} from './model.js';
import { page } from './paging.js';
import { postParams } from './params.js';
import type { MetaStore } from './store.js';

/** How long an upload is matched before the audience's size and delivery status say the outcome. */
export const MATCHING_MS = 60_000;

/** `/users` bodies carry up to 10,000 rows of hashes: larger than the other Graph calls' 100 kB. */
export const usersBodies = [
  express.urlencoded({ extended: false, limit: '5mb' }),
  express.json({ limit: '5mb' }),
];

const seconds = () => Math.floor(Date.now() / 1000);

/** The session of a batched upload, when sent: `session_id` (a number) and its optional batch fields. */
function checkSession(session: unknown): void {
  if (session === undefined) return;
  const id = (session as { session_id?: unknown } | null)?.session_id;
  if (typeof session !== 'object' || session === null || !Number.isSafeInteger(Number(id))) {
    throw invalidParam('Param session must be a JSON object with a numeric session_id');
  }
}

/**
 * Customer-file custom audiences, under `/{version}` before the other Graph paths: an ad account's
 * `customaudiences` (list, create), each audience read, renamed and deleted (for good), its `users`
 * added and removed. Each ad account's Custom Audience terms must be accepted (see `tos`).
 */
export function audienceRoutes(store: MetaStore, baseUrl: string): Router {
  const router = Router();
  const context = graphContext(store, baseUrl);
  const account = accountOf(store);

  const audienceOf = (req: Request) => store.customAudiences.get(req.params.node as string);
  const withTerms = (accountId: string) => {
    if (!store.tosAccepted.has(accountId)) throw termsNotAccepted(accountId);
  };

  router.get('/:node/customaudiences', (req, res) => {
    const { account_id } = account(req.params.node, 'GET');
    const { fields, url, render } = context(req);
    const audiences = [...store.customAudiences.values()]
      .filter((a) => a.account_id === account_id)
      .reverse();
    res.json(page(url, audiences, (a) => render.customAudience(a, fields)));
  });

  router.post('/:node/customaudiences', (req, res) => {
    const { account_id } = account(req.params.node, 'POST');
    const values = newCustomAudience(postParams(req.query, req.body, CUSTOM_AUDIENCE_CREATE_PARAMS));
    withTerms(account_id);
    const now = seconds();
    const audience: CustomAudience = {
      id: store.nextId('customAudience'),
      account_id,
      ...values,
      time_created: now,
      time_updated: now,
      added: [],
      removed: [],
      batches: [],
      matching_until: 0,
    };
    store.customAudiences.set(audience.id, audience);
    res.json({ id: audience.id });
  });

  const users = (list: 'added' | 'removed') => (req: Request, res: express.Response) => {
    const audience = audienceOf(req);
    if (!audience) throw noSuchObject(req.params.node as string, req.method);
    const params = postParams(req.query, req.body, USERS_PARAMS);
    checkSession(params.session);
    const { rows, hashes } = usersPayload(params);
    withTerms(audience.account_id);
    audience[list].push(...hashes);
    audience.batches.push(rows);
    Object.assign(audience, { time_updated: seconds(), matching_until: Date.now() + MATCHING_MS });
    res.json({
      audience_id: audience.id,
      session_id: String((params.session as { session_id?: unknown } | undefined)?.session_id ?? Date.now()),
      num_received: rows,
      num_invalid_entries: 0,
      invalid_entry_samples: {},
    });
  };
  router.post('/:node/users', users('added'));
  router.delete('/:node/users', users('removed'));

  router.get('/:node', (req, res, next) => {
    const audience = audienceOf(req);
    if (!audience) return next();
    const { fields, render } = context(req);
    res.json(render.customAudience(audience, fields));
  });

  router.post('/:node', (req, res, next) => {
    const audience = audienceOf(req);
    if (!audience) return next();
    const changes = customAudienceChanges(postParams(req.query, req.body, CUSTOM_AUDIENCE_UPDATE_PARAMS));
    Object.assign(audience, changes, { time_updated: seconds() });
    res.json({ success: true });
  });

  /** Deleting a custom audience is for good: its id then answers as unknown. */
  router.delete('/:node', (req, res, next) => {
    if (!store.customAudiences.delete(req.params.node)) return next();
    res.json({ success: true });
  });

  return router;
}

/**
 * Test controls: `GET /_emulator/custom-audiences/{id}` (the hashes added and removed, the rows of each
 * upload call), `POST /_emulator/custom-audience-match {"audience"}` (its matching ends now) and
 * `POST /_emulator/custom-audience-tos {"account", "accepted"}` (the account's terms accepted or not).
 */
export function audienceControl(store: MetaStore): Router {
  const router = Router();
  router.get('/_emulator/custom-audiences/:id', (req, res) => {
    const audience = store.customAudiences.get(req.params.id);
    if (!audience) return res.status(404).json({ error: 'no such custom audience' });
    const { added, removed, batches } = audience;
    res.json({ added, removed, batches });
  });
  router.post('/_emulator/custom-audience-match', express.json(), (req, res) => {
    const audience = store.customAudiences.get(String(req.body?.audience));
    if (!audience) return res.status(404).json({ error: 'give audience: the id of a custom audience' });
    audience.matching_until = 0;
    res.json({ audience: audience.id });
  });
  router.post('/_emulator/custom-audience-tos', express.json(), (req, res) => {
    const { account: id, accepted } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !store.accounts.has(id) || typeof accepted !== 'boolean') {
      return res.status(400).json({ error: 'give account (digits of an ad account) and accepted (boolean)' });
    }
    if (accepted) store.tosAccepted.add(id);
    else store.tosAccepted.delete(id);
    res.json({ account: id, accepted });
  });
  return router;
}
