import { z } from 'zod';
import { AUDIENCE_STATUSES } from '../../audiences/model.js';
import { listOf, platformId, register } from './registry.js';

/** Customer-list audiences, what a members request did, and a members upload's job. */
export const Audience = register(
  'Audience',
  z.strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    platform: platformId,
    advertiser: z.string(),
    kind: z.literal('CustomerList'),
    size: z
      .number()
      .int()
      .nullable()
      .describe('The platform’s estimate of matched people; null while it matches.'),
    status: z.enum(AUDIENCE_STATUSES),
    updatedAt: z.string(),
  }),
  'A customer list on a platform, matched by the platform against its users.',
);

export const AudiencePage = register('AudiencePage', listOf(Audience));

export const AudienceDeletion = register(
  'AudienceDeletion',
  z.strictObject({ deletions: z.literal(1), data: z.array(Audience).length(1) }),
);

const invalidMember = z.strictObject({
  index: z.number().int(),
  field: z.enum(['emails', 'phones', 'sha256.emails', 'sha256.phones']),
  reason: z.string(),
});

export const MembersOutcome = register(
  'MembersOutcome',
  z.strictObject({ received: z.number().int(), accepted: z.number().int(), invalid: z.array(invalidMember) }),
  'How many entries came, how many were sent (hashed), and each entry that was not, with why.',
);

export const AudienceJob = register(
  'AudienceJob',
  z.strictObject({
    id: z.string(),
    customer: z.string(),
    platform: platformId,
    audience: z.string(),
    action: z.enum(['add', 'remove']),
    status: z.enum(['Running', 'Succeeded', 'Failed']),
    received: z.number().int(),
    accepted: z.number().int(),
    invalid: z.array(invalidMember),
    sent: z.number().int().describe('Members sent so far.'),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  'A members upload sent in the background (counts only: no member is kept).',
);
