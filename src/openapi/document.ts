import { errorExamples, errorTable } from './errors.js';
import { HEADERS, PARAMETERS } from './headers.js';
import { componentSchemas } from './json-schema.js';
import { type Operation, openApiPath, operationErrors, operationObject } from './operation.js';
import { accessTokenOperations } from './paths/access-tokens.js';
import { adOperations } from './paths/ads.js';
import { adSetOperations } from './paths/adsets.js';
import { audienceOperations } from './paths/audiences.js';
import { campaignOperations } from './paths/campaigns.js';
import { companyOperations } from './paths/company.js';
import { connectOperations } from './paths/connect.js';
import { customerOperations } from './paths/customers.js';
import { eventOperations } from './paths/events.js';
import { reportOperations } from './paths/reports.js';
import { serviceOperations } from './paths/service.js';

/** Every operation the document describes; test/openapi-routes.test.ts compares them with the app's routes. */
export const OPERATIONS: Operation[] = [
  ...customerOperations,
  ...accessTokenOperations,
  ...connectOperations,
  ...companyOperations,
  ...adSetOperations,
  ...campaignOperations,
  ...adOperations,
  ...audienceOperations,
  ...reportOperations,
  ...eventOperations,
  ...serviceOperations,
];

const TAGS = [
  { name: 'Customers', description: 'Your customers: each connects its own ad accounts.' },
  {
    name: 'Access tokens',
    description:
      'Narrower credentials than the company token: each acts for one customer, reading or writing.',
  },
  { name: 'Connect links', description: 'Links to the hosted pages, and checking their session tokens.' },
  { name: 'Connections', description: 'What customers connected, and what they tried.' },
  { name: 'Company', description: 'Redirect URIs and the secrets that sign the redirect.' },
  { name: 'Ad sets', description: 'One API for ad sets and advertisers on every platform.' },
  {
    name: 'Campaigns',
    description: 'Campaigns on every platform: budgets and runtimes where the platform keeps them there.',
  },
  {
    name: 'Ads',
    description: 'Ads with their creatives and review, and the images and identities they are made with.',
  },
  {
    name: 'Audiences',
    description: 'Customers’ own customer lists, matched on each platform; members are hashed, never kept.',
  },
  {
    name: 'Reports',
    description: 'What ads spent and achieved, per campaign, ad set or ad and day, on every platform.',
  },
  { name: 'Events and webhooks', description: 'What happened, and where adlink sends it as it happens.' },
  { name: 'Service', description: 'Health checks and this document; no authentication.' },
];

/** The API's version: the document's, and the MCP server's. */
export const API_VERSION = '1';

/** adlink is not open source (package.json: UNLICENSED); SPDX names such a license `LicenseRef-…`. */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

const DESCRIPTION = `adlink lets a software vendor connect its customers' ad accounts on Meta, Google Ads, TikTok,
LinkedIn, Microsoft Advertising, Snapchat, Pinterest or the sandbox, and manage their ad sets through one API.

## Authentication

Every vendor endpoint needs \`Authorization: Bearer <company token>\` (\`adl_live_…\`). Tokens are created
on the integrations pages or with \`npx adlink token create\`.

Endpoints that act for one customer also take an **access token** (\`adl_at_…\`, \`POST
/customers/{id}/access_tokens\`): it acts for that customer without naming it, with the scope \`read\`
(GET only) or \`write\`, and spends its customer's own rate limit and quotas, apart from the company's.
With it, naming another customer is 403 \`customer_not_allowed\`, an endpoint about the whole company 403
\`company_token_required\`, and a change with a read token 403 \`insufficient_scope\`. Each operation says
whether it takes one.

## Conventions

- Answers are JSON, never cached, and carry \`X-Request-Id\`.
- Schemas are strict: an unknown field or query parameter is 400 \`unknown_parameter\`, a query parameter
  given twice 400 \`parameter_repeated\`, both naming it in \`param\`.
- Bodies are JSON (else 415) of at most 100 kB (else 413); the ad-set and campaign writes and introspection also take forms.
- Every authenticated answer carries \`RateLimit-Policy\` and \`RateLimit\` of the budget it counted against
  (\`"api"\`: the company's; \`"customer"\`: an access token's customer's); past it, 429 \`rate_limited\` with
  \`Retry-After\`.
- \`POST /customers\`, \`POST /v1/{platform}/adsets\` and \`POST /v1/{platform}/campaigns\` take an \`Idempotency-Key\`.
- A customer of another company is answered exactly like a missing one.

## Errors

Every error is \`{"error": {"type", "code", "message", "param"?, "request_id"}}\`. Match on \`code\`:

${errorTable()}
`;

/** The OpenAPI 3.1 document of the vendor API, for a deployment reached at `baseUrl`. */
export function openApiDocument(baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method]: operationObject(op) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'adlink API', version: API_VERSION, description: DESCRIPTION, license: LICENSE },
    servers: [{ url: baseUrl }],
    security: [{ companyToken: [] }],
    tags: TAGS,
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        companyToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Your company token: `Authorization: Bearer adl_live_…`.',
        },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token of one customer: `Authorization: Bearer adl_at_…`.',
        },
      },
      parameters: PARAMETERS,
      headers: HEADERS,
      examples: errorExamples(OPERATIONS.flatMap(operationErrors)),
    },
  };
}
