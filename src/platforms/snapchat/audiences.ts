import type { Audience, AudienceStatus, HashedMembers } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import type { SnapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import type { SnapSegment } from './model.js';

const id = (value: string) => encodeURIComponent(value);
const accountSegments = (account: string) => ({
  path: `/adaccounts/${id(account)}/segments`,
  plural: 'segments',
  singular: 'segment',
});
/** Snap's "lifetime" retention: members stay until removed. */
const LIFETIME_DAYS = 9999;
/** The upload schema of each kind of member (Snap takes one identifier type a call). */
const SCHEMAS = { emails: 'EMAIL_SHA256', phones: 'PHONE_SHA256' } as const;

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
      const users = [
        {
          ...(remove ? { id: audience.id } : {}),
          schema: [SCHEMAS[kind]],
          data: members[kind].map((hash) => [hash]),
        },
      ];
      await snap.submit(call, remove ? 'DELETE' : 'POST', `/segments/${id(audience.id)}/users`, { users });
    }
  }

  return {
    capabilities: {
      // "Identifiers should be grouped in batches of a maximum of 100,000 identifiers/request."
      batchSize: 100_000,
      minSize: 1_000,
      gmailDots: false,
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
      const segment = {
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        source_type: 'FIRST_PARTY',
        retention_in_days: LIFETIME_DAYS,
        ad_account_id: account.id,
      };
      const created = await snap.write<SnapSegment>(call, 'POST', accountSegments(account.id), segment, [
        ['name', 'name'],
        ['description', 'description'],
      ]);
      return toAudience(created);
    },

    async update(call, audience, changes) {
      const current = await read(call, audience.id);
      if (!current) throw new PlatformError('rejected', `Snapchat did not return segment ${audience.id}`);
      // Snap's PUT replaces the segment: what was not changed is sent as it is.
      const description = changes.description ?? current.description;
      const segment = {
        id: current.id,
        name: changes.name ?? current.name,
        ...(description ? { description } : {}),
        source_type: current.source_type,
        retention_in_days: current.retention_in_days,
        ad_account_id: current.ad_account_id,
      };
      const list = accountSegments(current.ad_account_id);
      const written = await snap.write<SnapSegment>(call, 'PUT', list, segment, [
        ['name', 'name'],
        ['description', 'description'],
      ]);
      return toAudience(written);
    },

    async delete(call, audience) {
      await snap.delete(call, `/segments/${id(audience.id)}`);
    },

    changeMembers: upload,
  };
}
