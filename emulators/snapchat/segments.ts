import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { invalid } from './envelope.js';
import { parseObject } from './input.js';

/**
 * Customer lists (Snap Audience Match): the segments of the Customer Lists page
 * (https://developers.snap.com/api/marketing-api/Ads-API/customer-lists) and their uploads. `name`,
 * `retention_in_days`, `source_type` and `ad_account_id` are R, `description` O; an undocumented field is
 * refused. Only FIRST_PARTY (customer-list) segments are emulated.
 */

export const SOURCE_TYPES = [
  'FIRST_PARTY',
  'ENGAGEMENT',
  'PIXEL',
  'MOBILE',
  'FOOT_TRAFFIC_INSIGHTS',
] as const;
export const UPLOAD_STATUSES = ['NO_UPLOAD', 'PROCESSING', 'COMPLETE'] as const;
export const TARGETABLE_STATUSES = ['NOT_READY', 'TOO_FEW_USERS', 'READY'] as const;
/** The identifier types of an upload's `schema`. */
export const USER_SCHEMAS = ['EMAIL_SHA256', 'PHONE_SHA256', 'MOBILE_AD_ID_SHA256'] as const;
/** "Identifiers should be grouped in batches of a maximum of 100,000 identifiers/request." */
export const MAX_IDENTIFIERS = 100_000;
/** Matched Snapchatters a customer list needs before it can be targeted. */
export const MIN_TARGETABLE = 1_000;
/** How long an upload matches before the list is COMPLETE (or `/_emulator/segments/{id}/matched`). */
export const MATCHING_MS = 60_000;

export interface Segment {
  id: string;
  ad_account_id: string;
  name: string;
  description?: string;
  source_type: 'FIRST_PARTY';
  retention_in_days: number;
  status: 'ACTIVE';
  created_at: string;
  updated_at: string;
  /** The emulator's own bookkeeping, never rendered: matched hashes and what each upload carried. */
  uploads: {
    members: Set<string>;
    added: string[];
    removed: string[];
    /** Identifiers of each upload call (added or removed), in order. */
    batches: number[];
    /** Until when the last upload matches; null before any upload. */
    matchingUntil: number | null;
    /** The size as of the last completed match. */
    matched: number;
  };
}

const name = z.string().min(1, 'must not be empty').max(375, 'must be at most 375 characters');
const writable = {
  ad_account_id: z.string(),
  name,
  description: z.string().optional(),
  retention_in_days: z
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(9999, 'must be at most 9999 (lifetime)'),
  source_type: z.enum(SOURCE_TYPES),
};
export const segmentSchema = z.strictObject(writable);
/** A full update: the segment with its `id`; the read-only fields are accepted and ignored. */
export const segmentUpdateSchema = z.strictObject({
  ...writable,
  id: z.string(),
  status: z.unknown().optional(),
  upload_status: z.unknown().optional(),
  targetable_status: z.unknown().optional(),
  approximate_number_users: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
});

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex SHA-256 hash (64 characters)');
/** One upload: `{"users": [{"schema": [type], "data": [[hash], …]}]}`, one identifier type a call. */
export const usersSchema = z.strictObject({
  users: z
    .array(
      z.strictObject({
        id: z.string().optional(),
        schema: z.array(z.enum(USER_SCHEMAS)).length(1, 'must name one identifier type'),
        data: z
          .array(z.array(hash).length(1, 'must hold one identifier'))
          .min(1, 'must not be empty')
          .max(MAX_IDENTIFIERS, `must hold at most ${MAX_IDENTIFIERS} identifiers a request`),
      }),
    )
    .length(1, 'must hold one entry'),
});

/** The segment a create (or, with `id`, an update) body describes, for the ad account of the path. */
export function segmentValues<T extends z.ZodType<z.infer<typeof segmentSchema>>>(
  schema: T,
  sent: unknown,
  account: string,
): z.infer<T> & { source_type: 'FIRST_PARTY' } {
  const values = parseObject(schema, sent, 'a segment', 'segment');
  if (values.ad_account_id !== account) throw invalid('ad_account_id', "must be the path's ad account");
  if (values.source_type !== 'FIRST_PARTY') {
    throw invalid('source_type', 'only FIRST_PARTY (customer lists) is emulated');
  }
  return values as z.infer<T> & { source_type: 'FIRST_PARTY' };
}

/** The hashes of an upload body; its `id`, where given, must be the path's segment. */
export function uploadOf(body: unknown, segment: string) {
  const [entry] = parseObject(usersSchema, body, 'an upload', 'users').users;
  if (entry!.id !== undefined && entry!.id !== segment)
    throw invalid('users.0.id', "must be the path's segment");
  return entry!.data.map(([value]) => value!);
}

/** Snap's segment ids are 16-digit numbers (as strings). */
export const segmentId = () => String(1e15 + randomInt(2 ** 47));

/** The segment as Snap answers it: upload and targetable status from its last upload. */
export function renderSegment({ uploads, ...segment }: Segment, now = Date.now()) {
  const matching = uploads.matchingUntil !== null && now < uploads.matchingUntil;
  if (uploads.matchingUntil !== null && !matching) uploads.matched = uploads.members.size;
  const targetable =
    uploads.matchingUntil === null || matching
      ? 'NOT_READY'
      : uploads.matched >= MIN_TARGETABLE
        ? 'READY'
        : 'TOO_FEW_USERS';
  return {
    ...segment,
    upload_status: uploads.matchingUntil === null ? 'NO_UPLOAD' : matching ? 'PROCESSING' : 'COMPLETE',
    targetable_status: targetable,
    approximate_number_users: uploads.matched,
  };
}
