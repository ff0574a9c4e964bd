import { Router } from 'express';
import { advertiserOf, handle } from './access.js';
import { answer, invalid } from './envelope.js';
import { jsonParam, paginate, requiredString, stringList } from './query.js';
import type { TikTokState } from './state.js';

/** The id types of `/segment/mapping/` (`id_schema`), as TikTok's Streaming API lists them. */
export const ID_SCHEMAS = [
  'IDFA_MD5',
  'AAID_MD5',
  'IDFA_SHA256',
  'AAID_SHA256',
  'EMAIL_SHA256',
  'PHONE_SHA256',
];
/** Rows of `batch_data` one mapping call takes (the emulator's bound, see README.md). */
export const MAX_BATCH = 1000;
/** Names longer than this are cut to 67 characters and "..." (`/segment/audience/`). */
const NAME_CUT = 70;
const HASH = { MD5: /^[0-9a-f]{32}$/, SHA256: /^[0-9a-f]{64}$/ };

/** A Streaming API audience: its members' hashes, what it was sent, and whether it is still matching. */
export interface CustomAudience {
  advertiser_id: string;
  audience_id: string;
  name: string;
  members: Set<string>;
  /** Every hash added and removed, and the rows of each mapping call, for tests. */
  added: string[];
  removed: string[];
  batches: number[];
  /** Matching after a change, until it has been read once. */
  calculating: boolean;
  create_time: string;
  deleted: boolean;
}

const details = (a: CustomAudience) => ({
  audience_id: a.audience_id,
  name: a.name,
  audience_type: 'Customer File Audience',
  is_creator: true,
  shared: false,
  cover_num: a.calculating ? 0 : a.members.size,
  is_valid: !a.calculating,
  is_expiring: false,
  create_time: a.create_time,
  expired_time: '2027-01-05 09:00:00',
});

/** Answers an audience as it stands, then lets its matching finish (so the next read shows the result). */
function read(a: CustomAudience) {
  const shown = details(a);
  a.calculating = false;
  return shown;
}

export function audienceOf(state: TikTokState, advertiserId: string, id: string, field: string) {
  const audience = state.audiences.get(id);
  if (!audience || audience.deleted || audience.advertiser_id !== advertiserId) {
    throw invalid(field, `Audience ${id} does not exist in advertiser ${advertiserId}.`);
  }
  return audience;
}

/** One `batch_data` row: one `{id, audience_ids}` per `id_schema` entry, each id hashed as its type says. */
function checkRow(row: unknown, index: number, schema: string[]) {
  if (!Array.isArray(row) || row.length !== schema.length) {
    throw invalid(`batch_data[${index}]`, `Must hold one entry per id_schema type (${schema.length}).`);
  }
  return row.map((entry, i) => {
    const { id, audience_ids } = (entry ?? {}) as Record<string, unknown>;
    const algorithm = schema[i]!.endsWith('MD5') ? 'MD5' : 'SHA256';
    if (typeof id !== 'string' || !HASH[algorithm].test(id)) {
      throw invalid(
        `batch_data[${index}][${i}].id`,
        `Must be a lower-case hex ${algorithm} hash (${schema[i]}).`,
      );
    }
    return { id, audiences: stringList(audience_ids, `batch_data[${index}][${i}].audience_ids`, 100)! };
  });
}

/**
 * Customer-list audiences: created and filled through the Streaming API (`/segment/audience/`,
 * `/segment/mapping/`), read, renamed and deleted through the SDK's AudienceApi (`/dmp/custom_audience/…`).
 */
export function audienceRoutes(state: TikTokState): Router {
  const router = Router();

  router.post(
    '/segment/audience/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const advertiser = advertiserOf(state, body);
      const action = body.action ?? 'create';
      if (action === 'delete') {
        const id = requiredString(body, 'delete_audience_id');
        audienceOf(state, advertiser.advertiser_id, id, 'delete_audience_id').deleted = true;
        return answer(res, { audience_id: id });
      }
      if (action !== 'create') throw invalid('action', 'Must be one of create, delete.');
      const name = requiredString(body, 'custom_audience_name');
      const audience: CustomAudience = {
        advertiser_id: advertiser.advertiser_id,
        audience_id: state.id(),
        name: name.length > NAME_CUT ? `${name.slice(0, 67)}...` : name,
        members: new Set(),
        added: [],
        removed: [],
        batches: [],
        calculating: true,
        create_time: state.now(),
        deleted: false,
      };
      state.audiences.set(audience.audience_id, audience);
      answer(res, { audience_id: audience.audience_id });
    }),
  );

  router.post(
    '/segment/mapping/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const [advertiserId] = stringList(body.advertiser_ids, 'advertiser_ids', 100) ?? [];
      if (!advertiserId) throw invalid('advertiser_ids', 'Missing data for required field.');
      advertiserOf(state, { advertiser_id: advertiserId });
      const action = body.action ?? 'add';
      if (action !== 'add' && action !== 'delete') throw invalid('action', 'Must be one of add, delete.');
      const schema = (stringList(body.id_schema, 'id_schema', ID_SCHEMAS.length) ?? []).map((s) =>
        s.toUpperCase(),
      );
      if (schema.length === 0) throw invalid('id_schema', 'Missing data for required field.');
      if (schema.some((s) => !ID_SCHEMAS.includes(s)) || new Set(schema).size !== schema.length) {
        throw invalid('id_schema', `Must be distinct values of ${ID_SCHEMAS.join(', ')}.`);
      }
      const rows = body.batch_data;
      if (!Array.isArray(rows) || rows.length === 0)
        throw invalid('batch_data', 'Missing data for required field.');
      if (rows.length > MAX_BATCH) throw invalid('batch_data', `At most ${MAX_BATCH} rows per request.`);
      const entries = rows.flatMap((row, index) => checkRow(row, index, schema));
      const targets = new Set(entries.flatMap((e) => e.audiences));
      for (const id of targets) audienceOf(state, advertiserId, id, 'audience_ids');
      for (const { id, audiences } of entries) {
        for (const audienceId of audiences) {
          const audience = state.audiences.get(audienceId)!;
          if (action === 'add') audience.members.add(id);
          else audience.members.delete(id);
          (action === 'add' ? audience.added : audience.removed).push(id);
        }
      }
      for (const id of targets) {
        const audience = state.audiences.get(id)!;
        audience.batches.push(rows.length);
        audience.calculating = true;
      }
      answer(res, {});
    }),
  );

  router.get(
    '/dmp/custom_audience/list/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const advertiser = advertiserOf(state, query);
      const only = stringList(jsonParam(query, 'custom_audience_ids'), 'custom_audience_ids', 100);
      const audiences = [...state.audiences.values()].filter(
        (a) =>
          a.advertiser_id === advertiser.advertiser_id &&
          !a.deleted &&
          (!only || only.includes(a.audience_id)),
      );
      const page = paginate(query, audiences, 100);
      answer(res, { ...page, list: page.list.map(read) });
    }),
  );

  router.get(
    '/dmp/custom_audience/get/',
    handle((req, res) => {
      const query = req.query as Record<string, unknown>;
      const advertiser = advertiserOf(state, query);
      const ids = stringList(jsonParam(query, 'custom_audience_ids'), 'custom_audience_ids', 100);
      if (!ids) throw invalid('custom_audience_ids', 'Missing data for required field.');
      const list = ids.map((id) => ({
        audience_details: read(audienceOf(state, advertiser.advertiser_id, id, 'custom_audience_ids')),
        audience_history: [],
      }));
      answer(res, { list });
    }),
  );

  router.post(
    '/dmp/custom_audience/update/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const advertiser = advertiserOf(state, body);
      const id = requiredString(body, 'custom_audience_id');
      const audience = audienceOf(state, advertiser.advertiser_id, id, 'custom_audience_id');
      const known = ['advertiser_id', 'custom_audience_id', 'custom_audience_name', 'file_paths', 'action'];
      const unknown = Object.keys(body).find((k) => !known.includes(k));
      if (unknown) throw invalid(unknown, 'Not emulated.');
      if (body.file_paths !== undefined) throw invalid('file_paths', 'Customer files are not emulated.');
      const name = body.custom_audience_name;
      if (typeof name !== 'string' || name === '') {
        throw invalid('custom_audience_name', 'Pass in either custom_audience_name or file_paths.');
      }
      if (name.length > 128) throw invalid('custom_audience_name', 'Length limit: 128 characters.');
      audience.name = name;
      answer(res, {});
    }),
  );

  router.post(
    '/dmp/custom_audience/delete/',
    handle((req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const advertiser = advertiserOf(state, body);
      const ids = stringList(body.custom_audience_ids, 'custom_audience_ids', 100);
      if (!ids) throw invalid('custom_audience_ids', 'Missing data for required field.');
      const audiences = ids.map((id) =>
        audienceOf(state, advertiser.advertiser_id, id, 'custom_audience_ids'),
      );
      for (const audience of audiences) audience.deleted = true;
      answer(res, {});
    }),
  );

  return router;
}

/** Test control: what an audience was sent (`GET /_emulator/audiences/:id`). */
export function audienceControls(state: TikTokState, router: Router): void {
  router.get('/_emulator/audiences/:id', (req, res) => {
    const audience = state.audiences.get(req.params.id);
    if (!audience) return res.status(404).json({ error: 'no such audience' });
    res.json({ hashes: audience.added, removed: audience.removed, batches: audience.batches });
  });
}
