import { emptyBody } from '../../api/connect.js';
import { companySettingsSchema } from '../../connect/redirect-uris.js';
import type { Operation } from '../operation.js';
import { CompanySettings, NewSigningSecret, SigningSecretList } from '../resources.js';
import { EXAMPLE } from './examples.js';

const settings = {
  redirect_uris: ['https://app.example.com/adlink/return'],
  default_redirect_uri: 'https://app.example.com/adlink/return',
};
const secret = { id: 'ss_7QkzN3v9cW1rT5yX', created_at: EXAMPLE.createdAt, expires_at: null };

export const companyOperations: Operation[] = [
  {
    method: 'get',
    path: '/company/settings',
    operationId: 'getCompanySettings',
    tag: 'Company',
    summary: 'Allowed redirect URIs',
    responses: { 200: { description: 'The settings.', schema: CompanySettings, example: settings } },
  },
  {
    method: 'put',
    path: '/company/settings',
    operationId: 'putCompanySettings',
    tag: 'Company',
    summary: 'Replace the allowed redirect URIs',
    description:
      'Absolute https URIs (http only for localhost) in canonical form, without fragment or user info, at most 20; the default must be one of them.',
    body: {
      required: true,
      description: 'Both fields are replaced.',
      content: { 'application/json': { schema: companySettingsSchema, example: settings } },
    },
    responses: { 200: { description: 'The new settings.', schema: CompanySettings, example: settings } },
  },
  {
    method: 'get',
    path: '/company/signing_secrets',
    operationId: 'listSigningSecrets',
    tag: 'Company',
    summary: 'Signing secrets (without the secrets)',
    responses: {
      200: { description: 'The active secrets.', schema: SigningSecretList, example: { data: [secret] } },
    },
  },
  {
    method: 'post',
    path: '/company/signing_secrets',
    operationId: 'createSigningSecret',
    tag: 'Company',
    summary: 'Create a signing secret for the signed redirect',
    description: 'The secret is shown once; the previous ones keep verifying for 24 hours.',
    body: {
      required: false,
      description: 'Nothing, or an empty JSON object.',
      content: { 'application/json': { schema: emptyBody, example: {} } },
    },
    responses: {
      201: {
        description: 'The new secret.',
        schema: NewSigningSecret,
        example: { ...secret, secret: 'adl_sig_kq3VJA4bq1Cw0zTj2mW8pX' },
      },
    },
  },
];
