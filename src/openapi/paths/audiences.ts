import { z } from 'zod';
import { audienceListQuery, audienceQuery } from '../../api/audiences.js';
import { audienceChangesSchema, membersSchema, newAudienceSchema } from '../../audiences/input.js';
import { encodings } from '../form-encodings.js';
import type { Operation } from '../operation.js';
import { Audience, AudienceDeletion, AudienceJob, AudiencePage, MembersOutcome } from '../resources.js';
import { onPlatform, PARAMS, PLATFORM_ERRORS, platform, WRITE_ERRORS } from './adsets.js';
import { EXAMPLE } from './examples.js';

const onAudience = z.strictObject({ platform, id: z.string() });
const params = {
  ...PARAMS,
  id: 'The audience’s id at the platform.',
  job: 'The members upload’s id (from the 202).',
  advertiser: 'Only this ad account’s audiences (one of the connection’s chosen ones).',
};
const tag = 'Audiences';

const audience: z.infer<typeof Audience> = {
  id: 'aud_4kq9Zt7Lw2',
  name: 'Existing customers',
  description: 'From the shop',
  platform: 'sandbox',
  advertiser: EXAMPLE.adAccount.id,
  kind: 'CustomerList',
  size: 2300,
  status: 'Ready',
  updatedAt: '2026-11-20T09:30:00.000000Z',
};
const outcome = {
  received: 3,
  accepted: 2,
  invalid: [{ index: 1, field: 'emails', reason: 'not an email address' }],
};
const job = {
  id: 'job_7QkzN3v9cW1r',
  customer: '0b6c7f3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
  platform: 'sandbox',
  audience: audience.id,
  action: 'add',
  status: 'Running',
  received: 10000,
  accepted: 9998,
  invalid: [],
  sent: 3000,
  error: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:02.000Z',
};
const members = {
  emails: ['ann@example.com', 'not an address'],
  phones: ['+49 30 1234567'],
  sha256: { emails: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'] },
};
const membersBody = {
  required: true,
  description:
    'Up to 10,000 entries: plain `emails` and `phones` (normalized and hashed with SHA-256 by adlink, in memory), or `sha256` hashes already made. Nothing of them is kept.',
  content: { 'application/json': { schema: membersSchema, example: members } },
};
const membersAnswers = (verb: string) => ({
  200: {
    description: `What was ${verb} (sent while the request waited).`,
    schema: MembersOutcome,
    example: outcome,
  },
  202: {
    description: 'A larger upload, sent in the background: its job.',
    schema: AudienceJob,
    example: job,
  },
});

export const audienceOperations: Operation[] = [
  {
    method: 'get',
    path: '/v1/:platform/audiences',
    operationId: 'listAudiences',
    access: 'read',
    tag,
    summary: 'List the customer’s customer-list audiences',
    description:
      'Read live: an audience’s size and status change while the platform matches it. Ordered by id.',
    pathParams: onPlatform,
    query: audienceListQuery,
    params,
    responses: {
      200: {
        description: 'A page of audiences.',
        schema: AudiencePage,
        example: { has_more: false, data: [audience] },
      },
    },
    errors: [...PLATFORM_ERRORS, 'unsupported_for_platform'],
  },
  {
    method: 'post',
    path: '/v1/:platform/audiences',
    operationId: 'createAudience',
    access: 'write',
    tag,
    summary: 'Create a customer-list audience',
    pathParams: onPlatform,
    query: audienceQuery,
    params,
    idempotent: true,
    body: {
      required: true,
      description: 'JSON or form fields.',
      content: encodings(newAudienceSchema, { name: audience.name, advertiser: audience.advertiser }),
    },
    responses: {
      201: {
        description: 'The new audience.',
        schema: Audience,
        example: { ...audience, size: null, status: 'Matching' },
      },
    },
    errors: [
      ...WRITE_ERRORS,
      'parameter_repeated',
      'invalid_idempotency_key',
      'idempotency_key_in_use',
      'idempotency_key_reused',
      'quota_exceeded',
    ],
  },
  {
    method: 'get',
    path: '/v1/:platform/audiences/:id',
    operationId: 'getAudience',
    access: 'read',
    tag,
    summary: 'Get an audience, with its size and status',
    pathParams: onAudience,
    query: audienceQuery,
    params,
    responses: { 200: { description: 'The audience.', schema: Audience, example: audience } },
    errors: [...PLATFORM_ERRORS, 'unsupported_for_platform', 'audience_not_found'],
  },
  {
    method: 'put',
    path: '/v1/:platform/audiences/:id',
    operationId: 'updateAudience',
    access: 'write',
    tag,
    summary: 'Rename an audience, or change its description',
    pathParams: onAudience,
    query: audienceQuery,
    params,
    body: {
      required: true,
      description: 'JSON or form fields.',
      content: encodings(audienceChangesSchema, { name: 'Past customers' }),
    },
    responses: {
      200: {
        description: 'The audience now.',
        schema: Audience,
        example: { ...audience, name: 'Past customers' },
      },
    },
    errors: [...WRITE_ERRORS, 'audience_not_found'],
  },
  {
    method: 'delete',
    path: '/v1/:platform/audiences/:id',
    operationId: 'deleteAudience',
    access: 'write',
    tag,
    summary: 'Delete an audience at the platform',
    pathParams: onAudience,
    query: audienceQuery,
    params,
    responses: {
      200: {
        description: 'The deleted audience, as it was.',
        schema: AudienceDeletion,
        example: { deletions: 1, data: [audience] },
      },
    },
    errors: [...WRITE_ERRORS, 'audience_not_found'],
  },
  {
    method: 'post',
    path: '/v1/:platform/audiences/:id/members',
    operationId: 'addAudienceMembers',
    access: 'write',
    tag,
    summary: 'Add people to an audience',
    description:
      'Normalized as each platform documents (trim, lower-case, E.164 phones, Gmail dots where the platform says so), hashed with SHA-256 in memory, sent in the platform’s batches. An entry that cannot be read is listed in `invalid` and never fails the others.',
    pathParams: onAudience,
    query: audienceQuery,
    params,
    body: membersBody,
    responses: membersAnswers('added'),
    errors: [...WRITE_ERRORS, 'audience_not_found', 'platform_terms_required'],
  },
  {
    method: 'delete',
    path: '/v1/:platform/audiences/:id/members',
    operationId: 'removeAudienceMembers',
    access: 'write',
    tag,
    summary: 'Remove people from an audience',
    pathParams: onAudience,
    query: audienceQuery,
    params,
    body: membersBody,
    responses: membersAnswers('removed'),
    errors: [...WRITE_ERRORS, 'audience_not_found', 'platform_terms_required'],
  },
  {
    method: 'get',
    path: '/v1/:platform/audiences/:id/jobs/:job',
    operationId: 'getAudienceJob',
    access: 'read',
    tag,
    summary: 'Follow a members upload that answered 202',
    pathParams: z.strictObject({ platform, id: z.string(), job: z.string() }),
    query: audienceQuery,
    params,
    responses: {
      200: {
        description: 'The upload’s progress (counts only).',
        schema: AudienceJob,
        example: { ...job, status: 'Succeeded', sent: 9998 },
      },
    },
    errors: [...PLATFORM_ERRORS, 'audience_job_not_found'],
  },
];
