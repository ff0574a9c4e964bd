import type { AudienceChanges, NewAudience } from '../../audiences/model.js';
import type { FieldSource } from './errors.js';
import type { SnapSegment } from './model.js';

/** Snap's "lifetime" retention: members stay until removed. */
export const LIFETIME_DAYS = 9999;
/** The upload schema of each kind of member (Snap takes one identifier type a call). */
const SCHEMAS = { emails: 'EMAIL_SHA256', phones: 'PHONE_SHA256' } as const;
/** The segment fields a refusal may name, as unified parameters. */
export const SEGMENT_FIELDS: FieldSource[] = [
  ['name', 'name'],
  ['description', 'description'],
];

/** A new customer list: a FIRST_PARTY segment of the ad account, kept for Snap's lifetime. */
export const toSnapSegment = (input: NewAudience, account: string) => ({
  name: input.name,
  ...(input.description ? { description: input.description } : {}),
  source_type: 'FIRST_PARTY',
  retention_in_days: LIFETIME_DAYS,
  ad_account_id: account,
});

/** Snap's PUT replaces the segment: what was not changed is sent as it is. */
export function toSnapSegmentChanges(changes: AudienceChanges, current: SnapSegment) {
  const description = changes.description ?? current.description;
  return {
    id: current.id,
    name: changes.name ?? current.name,
    ...(description ? { description } : {}),
    source_type: current.source_type,
    retention_in_days: current.retention_in_days,
    ad_account_id: current.ad_account_id,
  };
}

/** One upload of one kind of member: `{users: [{schema, data: [[hash], …]}]}`; a removal names its segment. */
export const toSnapUsers = (
  kind: keyof typeof SCHEMAS,
  hashes: string[],
  segment: string,
  remove: boolean,
) => ({
  users: [
    {
      ...(remove ? { id: segment } : {}),
      schema: [SCHEMAS[kind]],
      data: hashes.map((hash) => [hash]),
    },
  ],
});
