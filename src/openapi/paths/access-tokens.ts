import { z } from 'zod';
import { newAccessTokenBody } from '../../access-tokens/model.js';
import { accessTokenListQuery } from '../../api/access-tokens.js';
import type { Operation } from '../operation.js';
import { AccessTokenList, customerId, NewAccessToken, RevokedAccessToken } from '../resources.js';
import { EXAMPLE } from './examples.js';

const customerPath = z.strictObject({ id: customerId });
const tokenPath = z.strictObject({ id: customerId, token_id: z.string() });
const token = {
  id: 'atok_Qm9vYmFyQmF6cXV4MTIzNA',
  customer: EXAMPLE.customer,
  scope: 'read',
  prefix: 'adl_at_kq3VJA',
  created_at: EXAMPLE.createdAt,
  expires_at: '2026-11-22T11:00:00.123Z',
};
const idParam = { id: 'The customer’s id.' };

export const accessTokenOperations: Operation[] = [
  {
    method: 'post',
    path: '/customers/:id/access_tokens',
    operationId: 'createAccessToken',
    tag: 'Access tokens',
    summary: 'Create an access token that acts for this customer only',
    description:
      'Requests with the token act for this customer without naming it (`customer` may be left out), within its scope; everything about the whole company is refused (403). With the customer’s other tokens, it has a rate limit and quotas of its own, apart from your company’s; it expires after `expires_in` seconds and can be revoked at any time.',
    pathParams: customerPath,
    params: idParam,
    body: {
      required: true,
      description: 'The scope, and optionally the lifetime.',
      content: {
        'application/json': { schema: newAccessTokenBody, example: { scope: 'read', expires_in: 3600 } },
      },
    },
    responses: {
      201: {
        description: 'The new token; `token` is shown this once.',
        schema: NewAccessToken,
        example: { ...token, token: 'adl_at_kq3VJA4bq1Cw0zTj2mW8pXQm9vYmFyQmF6cXV4MTIzN' },
      },
    },
    errors: ['customer_not_found', 'quota_exceeded'],
  },
  {
    method: 'get',
    path: '/customers/:id/access_tokens',
    operationId: 'listAccessTokens',
    tag: 'Access tokens',
    summary: 'The customer’s live access tokens, newest first',
    description: 'Never the tokens themselves. Revoked and expired tokens are not listed.',
    pathParams: customerPath,
    query: accessTokenListQuery,
    params: {
      ...idParam,
      limit: 'How many to return (1–100).',
      cursor: 'The `next_cursor` of the previous page.',
    },
    responses: {
      200: {
        description: 'A page of tokens.',
        schema: AccessTokenList,
        example: { has_more: false, data: [{ ...token, last_used_at: EXAMPLE.createdAt }] },
      },
    },
    errors: ['customer_not_found'],
  },
  {
    method: 'delete',
    path: '/customers/:id/access_tokens/:token_id',
    operationId: 'revokeAccessToken',
    tag: 'Access tokens',
    summary: 'Revoke an access token',
    description: 'The token is refused from the next request on, on every instance.',
    pathParams: tokenPath,
    params: { ...idParam, token_id: 'The token’s id (`atok_…`).' },
    responses: {
      200: { description: 'Revoked.', schema: RevokedAccessToken, example: { id: token.id, deleted: true } },
    },
    errors: ['customer_not_found', 'access_token_not_found'],
  },
];
