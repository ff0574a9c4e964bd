import type { Audience, AudienceStatus, HashedMembers } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { SEGMENT_FIELDS, toSnapSegment, toSnapSegmentChanges, toSnapUsers } from './audience-body.js';
import type { SnapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import type { SnapSegment } from './model.js';

const id = (value: string) => encodeURIComponent(value);
const accountSegments = (account: string) => ({
  path: `/adaccounts/${id(account)}/segments`,
  plural: 'segments',
  singular: 'segment',
});

/**
 * Snap's upload and targetable status to the unified status: an upload still processing is Matching
 * (its size unknown); a list with no upload yet has nobody, TooSmall; then READY or TOO_FEW_USERS.
 */
export function audienceStatus(segment: SnapSegment): { status: AudienceStatus; size: number | null } {
  const size = segment.approximate_number_users ?? 0;
  if (segment.upload_status === 'NO_UPLOAD') return { status: 'TooSmall', size: 0 };
  if (segment.upload_status === 'PROCESSING') return { status: 'Matching', size: null };
  if (segment.targetable_status === 'READY') return { status: 'Ready', size };
  if (segment.targetable_status === 'TOO_FEW_USERS') return { status: 'TooSmall', size };
  return { status: 'Matching', size: null };
}

export const toAudience = (segment: SnapSegment): Audience => ({
  id: segment.id,
  name: segment.name,
  description: segment.description ?? null,
  platform: 'snapchat',
  advertiser: segment.ad_account_id,
  kind: 'CustomerList',
  ...audienceStatus(segment),
  updatedAt: segment.updated_at,
});

/**
 * Customer lists (Snap's Customer Lists page): FIRST_PARTY segments, created and replaced whole with
 * `POST`/`PUT /adaccounts/{id}/segments`, deleted with `DELETE /segments/{id}`; members are added with
 * `POST` and removed with `DELETE /segments/{id}/users`, one identifier type (schema) a call.
 */
export function snapchatAudiences(snap: SnapClient): AudienceAdapter {
  /** The customer list as Snap has it, or null for an unknown id, another kind of segment or a foreign one. */
  async function read(call: PlatformCall, segmentId: string) {
    try {
      const [segment] = await snap.get<SnapSegment>(call, {
        path: `/segments/${id(segmentId)}`,
        plural: 'segments',
        singular: 'segment',
      });
      const ours =
        segment?.source_type === 'FIRST_PARTY' && call.accounts.some((a) => a.id === segment.ad_account_id);
      return ours ? segment : null;
    } catch (err) {
      if (err instanceof PlatformError && err.code === NOT_FOUND_CODE) return null;
      throw err;
    }
  }

  async function upload(call: PlatformCall, audience: Audience, members: HashedMembers, remove: boolean) {
    for (const kind of ['emails', 'phones'] as const) {
      if (members[kind].length === 0) continue;
      const body = toSnapUsers(kind, members[kind], audience.id, remove);
      await snap.submit(call, remove ? 'DELETE' : 'POST', `/segments/${id(audience.id)}/users`, body);
    }
  }

  return {
    capabilities: {
      // "Identifiers should be grouped in batches of a maximum of 100,000 identifiers/request."
      batchSize: 100_000,
      minSize: 1_000,
      gmailDots: false,
      // Snap hashes phones as digits with the country code, no `+` (docs/platforms/snapchat.md).
      phones: 'digits',
    },

    async list(call, account) {
      const segments = await snap.all<SnapSegment>(call, accountSegments(account.id));
      return segments.filter((s) => s.source_type === 'FIRST_PARTY').map(toAudience);
    },

    get: async (call, segmentId) => {
      const segment = await read(call, segmentId);
      return segment && toAudience(segment);
    },

    async create(call, input, account) {
      const segment = toSnapSegment(input, account.id);
      const list = accountSegments(account.id);
      return toAudience(await snap.write<SnapSegment>(call, 'POST', list, segment, SEGMENT_FIELDS));
    },

    async update(call, audience, changes) {
      const current = await read(call, audience.id);
      if (!current) throw new PlatformError('rejected', `Snapchat did not return segment ${audience.id}`);
      const segment = toSnapSegmentChanges(changes, current);
      const list = accountSegments(current.ad_account_id);
      return toAudience(await snap.write<SnapSegment>(call, 'PUT', list, segment, SEGMENT_FIELDS));
    },

    async delete(call, audience) {
      await snap.delete(call, `/segments/${id(audience.id)}`);
    },

    changeMembers: upload,
  };
}
