import express, { type Request, Router } from 'express';
import { describeBodyIssues } from '../toolkit/body-schema.js';
import { accountOf } from './account-routes.js';
import { badRequest, notFound } from './errors.js';
import { type Audience, type CustomerList, MIN_AUDIENCE_SIZE, unixNow, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { page } from './paging.js';
import type { PinterestState } from './state.js';

/**
 * `CustomerListRequest.records`: "Emails must be lowercase and can be plain text or hashed using SHA1,
 * SHA256, or MD5" (hex of 40, 64 or 32 characters, lower-case as the emails); comma-separated, and the
 * update's example ends with a comma, so empty entries are skipped.
 */
const EMAIL_RECORD = /^(?:[^\sA-Z@,]+@[^\sA-Z@,]+\.[^\sA-Z@,]+|[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/;

function records(value: string): string[] {
  const list = value.split(',').filter((r) => r !== '');
  const bad = list.findIndex((r) => !EMAIL_RECORD.test(r));
  if (bad >= 0) {
    throw badRequest(
      `Invalid records: record ${bad} is neither a lower-case email address nor its SHA1, SHA256 or MD5 hash (lower-case hex).`,
    );
  }
  return list;
}

/** The body against its OpenAPI schema, or a 400 naming the fields. */
function checked(check: (body: unknown) => { field: string; message: string }[], body: unknown) {
  const issues = check(body);
  if (issues.length > 0) throw badRequest(`Invalid parameters: ${describeBodyIssues(issues)}`);
  return body as Record<string, unknown>;
}

/** Members match as they are sent here (every record is a Pinterest account). */
const listStatus = (list: CustomerList) =>
  list.matching ? 'PROCESSING' : list.members.size >= MIN_AUDIENCE_SIZE ? 'READY' : 'TOO_SMALL';

function renderList(list: CustomerList) {
  return {
    id: list.id,
    ad_account_id: list.ad_account_id,
    name: list.name,
    status: listStatus(list),
    num_batches: list.batches.length,
    num_uploaded_user_records: list.num_uploaded_user_records,
    num_removed_user_records: list.num_removed_user_records,
    exceptions: {},
    created_time: list.created_time,
    updated_time: list.updated_time,
    type: 'customerlist',
  };
}

/** An audience's size and status are its list's: INITIALIZING (no size) while the list matches. */
function renderAudience(state: PinterestState, audience: Audience) {
  const list = state.customerLists.get(audience.customer_list_id)!;
  const status = listStatus(list);
  return {
    id: audience.id,
    ad_account_id: audience.ad_account_id,
    name: audience.name,
    description: audience.description,
    audience_type: 'CUSTOMER_LIST',
    rule: { customer_list_id: list.id },
    size: status === 'PROCESSING' ? null : list.members.size,
    status: status === 'PROCESSING' ? 'INITIALIZING' : status,
    created_by_company_name: null,
    created_timestamp: audience.created_timestamp,
    updated_timestamp: audience.updated_timestamp,
    type: 'audience',
  };
}

/** A list's uploads: every call counts as a batch, and matching starts again. */
function upload(list: CustomerList, sent: string[], remove: boolean) {
  for (const record of sent) {
    if (remove) list.members.delete(record);
    else list.members.add(record);
  }
  (remove ? list.removed : list.added).push(...sent);
  if (remove) list.num_removed_user_records += sent.length;
  else list.num_uploaded_user_records += sent.length;
  list.batches.push(sent.length);
  list.matching = true;
  list.updated_time = unixNow();
}

/**
 * Customer lists (create, update: add or remove records; Pinterest has no DELETE for them) and the CUSTOMER_LIST
 * audiences made of them (create, list, get, update; `operation_type` REMOVE deletes one).
 */
export function audienceRoutes(state: PinterestState): Router {
  const router = Router();
  const lists = `${V5}/ad_accounts/:ad_account_id/customer_lists`;
  const audiences = `${V5}/ad_accounts/:ad_account_id/audiences`;

  const listOf = (req: Request, id: string) => {
    const account = accountOf(state, req);
    const list = state.customerLists.get(id);
    if (!list || list.ad_account_id !== account.id) throw notFound('Customer list not found.');
    return list;
  };
  const audienceOf = (req: Request) => {
    const account = accountOf(state, req);
    const audience = state.audiences.get(String(req.params.audience_id));
    if (!audience || audience.ad_account_id !== account.id) throw notFound('Audience not found.');
    return audience;
  };

  router.post(lists, (req, res) => {
    const account = accountOf(state, req);
    const body = checked(officialBody.customerListCreate, req.body);
    const listType = (body.list_type as string | undefined) ?? 'EMAIL';
    if (listType !== 'EMAIL') throw badRequest(`Invalid parameters: list_type ${listType} is not emulated.`);
    const name = String(body.name).trim();
    if (name === '') throw badRequest('Invalid parameters: name must not be empty.');
    const sent = records(String(body.records));
    const time = state.nextTime();
    const list: CustomerList = {
      id: state.nextId(3_540_000_000_000),
      ad_account_id: account.id,
      name,
      list_type: listType,
      members: new Set(),
      added: [],
      removed: [],
      batches: [],
      num_uploaded_user_records: 0,
      num_removed_user_records: 0,
      matching: false,
      created_time: time,
      updated_time: time,
    };
    upload(list, sent, false);
    state.customerLists.set(list.id, list);
    res.json(renderList(list));
  });

  router.patch(`${lists}/:customer_list_id`, (req, res) => {
    const list = listOf(req, String(req.params.customer_list_id));
    const body = checked(officialBody.customerListUpdate, req.body);
    const sent = records(String(body.records));
    if (sent.length === 0) throw badRequest('Invalid parameters: records has no record.');
    upload(list, sent, body.operation_type === 'REMOVE');
    res.json(renderList(list));
  });

  router.get(audiences, (req, res) => {
    const account = accountOf(state, req);
    const ownership = req.query.ownership_type ?? 'OWNED';
    if (ownership !== 'OWNED' && ownership !== 'RECEIVED') {
      throw badRequest('Invalid ad account audience parameters.');
    }
    // Nothing is shared with the emulated user's accounts, so it has received no audience.
    const own = [...state.audiences.values()].filter(
      (a) => ownership === 'OWNED' && a.ad_account_id === account.id,
    );
    res.json(page(own, req.query, (a) => renderAudience(state, a)));
  });

  router.get(`${audiences}/:audience_id`, (req, res) => {
    res.json(renderAudience(state, audienceOf(req)));
  });

  router.post(audiences, (req, res) => {
    const account = accountOf(state, req);
    const body = checked(officialBody.audienceCreate, req.body);
    if (body.audience_type !== 'CUSTOMER_LIST') {
      throw badRequest(`Invalid parameters: audience_type ${String(body.audience_type)} is not emulated.`);
    }
    if (body.ad_account_id !== undefined && body.ad_account_id !== account.id) {
      throw badRequest('Invalid parameters: ad_account_id is not the ad account of the path.');
    }
    const listId = (body.rule as { customer_list_id?: string }).customer_list_id;
    if (listId === undefined) throw badRequest('Invalid parameters: rule.customer_list_id is required.');
    listOf(req, listId);
    const name = String(body.name).trim();
    if (name === '') throw badRequest('Invalid parameters: name must not be empty.');
    const time = state.nextTime();
    const audience: Audience = {
      id: state.nextId(2_542_620_600_000),
      ad_account_id: account.id,
      name,
      description: (body.description as string | undefined) ?? null,
      customer_list_id: listId,
      created_timestamp: time,
      updated_timestamp: time,
    };
    state.audiences.set(audience.id, audience);
    res.json(renderAudience(state, audience));
  });

  router.patch(`${audiences}/:audience_id`, (req, res) => {
    const audience = audienceOf(req);
    const body = checked(officialBody.audienceUpdate, req.body);
    if (body.rule !== undefined) throw badRequest('Invalid parameters: rule of a CUSTOMER_LIST audience.');
    const rendered = renderAudience(state, audience);
    if (body.operation_type === 'REMOVE') {
      state.audiences.delete(audience.id);
      return res.json(rendered);
    }
    if (body.name !== undefined) {
      const name = String(body.name).trim();
      if (name === '') throw badRequest('Invalid parameters: name must not be empty.');
      audience.name = name;
    }
    if (body.description !== undefined) audience.description = body.description as string;
    audience.updated_timestamp = unixNow();
    res.json(renderAudience(state, audience));
  });

  return router;
}

/**
 * Test controls: `POST /_emulator/match` (`{customer_list_id}`, or every list) finishes matching, so
 * audiences leave INITIALIZING; `GET /_emulator/audiences/:id/records` is what the audience's list was
 * sent: `added`, `removed` and the records of each call (`batches`).
 */
export function audienceControl(state: PinterestState): Router {
  const router = Router();
  router.post('/_emulator/match', express.json({ limit: '10kb' }), (req, res) => {
    const id = (req.body as { customer_list_id?: unknown } | undefined)?.customer_list_id;
    const matched = [...state.customerLists.values()].filter((l) => id === undefined || l.id === id);
    for (const list of matched) list.matching = false;
    res.json({ matched: matched.map((l) => l.id) });
  });
  router.get('/_emulator/audiences/:id/records', (req, res) => {
    const audience = state.audiences.get(req.params.id);
    const list = audience && state.customerLists.get(audience.customer_list_id);
    if (!list) return res.status(404).json({ error: `no audience ${req.params.id}` });
    res.json({ added: list.added, removed: list.removed, batches: list.batches });
  });
  return router;
}
