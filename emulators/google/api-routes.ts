import { createHash, randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { adGroupAdLabelOperation, adGroupAdOperation, adOperation, labelOperation } from './ad-mutate.js';
import { budgetOperation, campaignOperation } from './campaign-mutate.js';
import { adsError, GoogleAdsException, sendAdsError, sendBadRequest, throttled } from './errors.js';
import { fieldMask, parseQuery, runQuery } from './gaql.js';
import type { Account, GoogleAdsState } from './model.js';
import { adGroupOperation, criterionOperation, type Transaction, UnknownFieldError } from './mutate.js';
import { ADWORDS_SCOPE } from './oauth-routes.js';

export interface ApiOptions {
  version: string;
  /** Rows per search page (Google's is a fixed 10,000). */
  pageSize: number;
}

type Json = Record<string, unknown>;

/** Rows per searchStream batch, Google's. */
const STREAM_BATCH = 10_000;

/** The Google Ads REST API under `/{version}`: account listing, GAQL search and the mutates. */
export function googleApiRoutes(
  state: GoogleAdsState,
  oauth: OAuthServer,
  controls: Controls,
  { version, pageSize }: ApiOptions,
): Router {
  const router = Router();
  const prefix = `/${version}`;
  router.use(prefix, express.json({ limit: '5mb' }), (req, _res, next) => {
    authenticate(req, oauth);
    if (controls.takeThrottle()) throw throttled(1);
    next();
  });

  router.get(`${prefix}/customers:listAccessibleCustomers`, (_req, res) => {
    res.json({ resourceNames: [...state.accessible].map((id) => `customers/${id}`) });
  });

  /** A query's rows on an account (and the accounts a manager's `customer_client` lists). */
  const answer = (account: Account, text: unknown) => {
    if (typeof text !== 'string' || text.trim() === '') {
      throw adsError(400, { requestError: 'REQUIRED_FIELD_MISSING' }, 'The query is required.', [
        { fieldName: 'query' },
      ]);
    }
    const query = parseQuery(text);
    const clients = [...state.accounts.values()].filter((a) => a.managedBy.includes(account.customer.id));
    return { query, rows: runQuery(account, query, clients) };
  };

  // REST answers the stream as one JSON array of SearchGoogleAdsStreamResponse batches (10,000 rows each).
  router.post(new RegExp(`^${prefix}/customers/([^/]+)/googleAds:searchStream$`), (req, res) => {
    const account = reach(state, req);
    const body = bodyOf(req, ['query', 'summaryRowSetting', 'customerId']);
    if (body.summaryRowSetting !== undefined && body.summaryRowSetting !== 'NO_SUMMARY_ROW') {
      throw adsError(
        400,
        { requestError: 'UNKNOWN' },
        'The emulator does not compute summary rows (summaryRowSetting NO_SUMMARY_ROW only).',
        [{ fieldName: 'summary_row_setting' }],
      );
    }
    const { query, rows } = answer(account, body.query);
    const requestId = randomBytes(16).toString('base64url');
    const batches = [];
    for (let at = 0; at === 0 || at < rows.length; at += STREAM_BATCH) {
      const results = rows.slice(at, at + STREAM_BATCH);
      batches.push({ ...(results.length > 0 ? { results } : {}), fieldMask: fieldMask(query), requestId });
    }
    res.json(batches);
  });

  router.post(new RegExp(`^${prefix}/customers/([^/]+)/googleAds:search$`), (req, res) => {
    const account = reach(state, req);
    const body = bodyOf(req, [
      'query',
      'pageToken',
      'pageSize',
      'validateOnly',
      'searchSettings',
      'customerId',
    ]);
    if (body.pageSize !== undefined) {
      throw adsError(
        400,
        { requestError: 'PAGE_SIZE_NOT_SUPPORTED' },
        'Setting the page size is not supported. Search responses have a fixed page size of 10000 rows.',
        [{ fieldName: 'page_size' }],
      );
    }
    const { query, rows } = answer(account, body.query);
    const fingerprint = createHash('sha256')
      .update(`${account.customer.id}\n${body.query}`)
      .digest('base64url')
      .slice(0, 16);
    const offset = body.pageToken === undefined ? 0 : pageOffset(body.pageToken, fingerprint);
    const page = rows.slice(offset, offset + pageSize);
    const next = offset + pageSize < rows.length ? offset + pageSize : null;
    res.json({
      ...(page.length > 0 ? { results: page } : {}),
      ...(next === null
        ? {}
        : { nextPageToken: Buffer.from(`${next}:${fingerprint}`).toString('base64url') }),
      fieldMask: fieldMask(query),
    });
  });

  const mutate = (path: string, run: (tx: Transaction, body: Json) => Json) => {
    router.post(new RegExp(`^${prefix}/customers/([^/]+)/${path}$`), (req, res) => {
      const account = reach(state, req);
      const keys = [
        'operations',
        'mutateOperations',
        'partialFailure',
        'validateOnly',
        'responseContentType',
        'customerId',
      ];
      const body = bodyOf(
        req,
        keys.filter((k) => (path === 'googleAds:mutate' ? k !== 'operations' : k !== 'mutateOperations')),
      );
      if (body.partialFailure === true) {
        throw adsError(
          400,
          { mutateError: 'OPERATION_DOES_NOT_SUPPORT_PARTIAL_FAILURE' },
          'The emulator runs mutates atomically only (partialFailure false).',
          [{ fieldName: 'partial_failure' }],
        );
      }
      const tx: Transaction = { state, account: structuredClone(account), errors: [], temp: new Map() };
      const answer = run(tx, body);
      if (tx.errors.length > 0) throw new GoogleAdsException(400, tx.errors);
      if (body.validateOnly !== true) state.accounts.set(account.customer.id, tx.account);
      res.json(body.validateOnly === true ? {} : answer);
    });
  };

  const contentOf = (body: Json) => (result: Json | null) =>
    body.responseContentType === 'MUTABLE_RESOURCE' ? result : { resourceName: result?.resourceName };

  mutate('adGroups:mutate', (tx, body) => ({
    results: operations(tx, body.operations, 'operations').map((op, i) =>
      contentOf(body)(adGroupOperation(tx, op, [{ fieldName: 'operations', index: i }], `operations[${i}].`)),
    ),
  }));
  const resourceNames = (operation: typeof budgetOperation) => (tx: Transaction, body: Json) => ({
    results: operations(tx, body.operations, 'operations').map((op, i) => ({
      resourceName: operation(tx, op, [{ fieldName: 'operations', index: i }], `operations[${i}].`)
        ?.resourceName,
    })),
  });
  mutate('campaignBudgets:mutate', resourceNames(budgetOperation));
  mutate('campaigns:mutate', resourceNames(campaignOperation));
  mutate('adGroupCriteria:mutate', resourceNames(criterionOperation));
  mutate('adGroupAds:mutate', resourceNames(adGroupAdOperation));
  mutate('ads:mutate', resourceNames(adOperation));
  mutate('labels:mutate', resourceNames(labelOperation));
  mutate('adGroupAdLabels:mutate', resourceNames(adGroupAdLabelOperation));
  mutate('googleAds:mutate', (tx, body) => ({
    mutateOperationResponses: operations(tx, body.mutateOperations, 'mutate_operations').map((raw, i) => {
      const op = (raw ?? {}) as Json;
      const at = (fieldName: string) => [{ fieldName: 'mutate_operations', index: i }, { fieldName }];
      const prefix = `mutateOperations[${i}].`;
      const kinds = [
        ['campaignBudgetOperation', 'campaign_budget_operation', budgetOperation, 'campaignBudgetResult'],
        ['campaignOperation', 'campaign_operation', campaignOperation, 'campaignResult'],
        [
          'adGroupCriterionOperation',
          'ad_group_criterion_operation',
          criterionOperation,
          'adGroupCriterionResult',
        ],
        ['adGroupAdOperation', 'ad_group_ad_operation', adGroupAdOperation, 'adGroupAdResult'],
        ['adOperation', 'ad_operation', adOperation, 'adResult'],
        ['labelOperation', 'label_operation', labelOperation, 'labelResult'],
        [
          'adGroupAdLabelOperation',
          'ad_group_ad_label_operation',
          adGroupAdLabelOperation,
          'adGroupAdLabelResult',
        ],
      ] as const;
      for (const [key, field, operation, result] of kinds) {
        if (op[key] === undefined) continue;
        return {
          [result]: { resourceName: operation(tx, op[key], at(field), `${prefix}${key}.`)?.resourceName },
        };
      }
      if (op.adGroupOperation !== undefined) {
        const result = adGroupOperation(
          tx,
          op.adGroupOperation,
          at('ad_group_operation'),
          `${prefix}adGroupOperation.`,
        );
        return { adGroupResult: contentOf(body)(result) };
      }
      tx.errors.push({
        errorCode: { requestError: 'OPERATION_REQUIRED' },
        message:
          'The emulator models the budget, campaign, ad group, criterion, ad group ad, ad, label and ad group ad label operations.',
        location: { fieldPathElements: [{ fieldName: 'mutate_operations', index: i }] },
      });
      return {};
    }),
  }));

  router.use(prefix, (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof GoogleAdsException) return sendAdsError(res, version, err);
    if (err instanceof UnknownFieldError)
      return sendBadRequest(res, err.field, `Unknown name "${err.field}": Cannot find field.`);
    if (err instanceof SyntaxError) return sendBadRequest(res, '', 'The request body is not JSON.');
    next(err);
  });
  return router;
}

/** The OAuth token (with the Ads scope) and the developer token every call needs. */
function authenticate(req: Request, oauth: OAuthServer): void {
  const header = req.headers.authorization;
  const grant = oauth.verify(header?.startsWith('Bearer ') ? header.slice(7) : undefined);
  if (typeof grant === 'string') {
    const code = {
      missing: 'AUTHENTICATION_ERROR',
      unknown: 'OAUTH_TOKEN_INVALID',
      expired: 'OAUTH_TOKEN_EXPIRED',
    }[grant];
    throw adsError(401, { authenticationError: code }, 'Authentication of the request failed.');
  }
  if (!grant.scope.includes(ADWORDS_SCOPE)) {
    throw adsError(
      403,
      { authorizationError: 'AUTHORIZATION_ERROR' },
      'Request had insufficient authentication scopes.',
    );
  }
  if (!req.headers['developer-token']) {
    throw adsError(
      400,
      { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' },
      'Developer token is missing from the request.',
    );
  }
}

/**
 * The account a call names in its path, reached directly or through the manager in
 * `login-customer-id`, as Google allows.
 */
function reach(state: GoogleAdsState, req: Request): Account {
  const cid = String(req.params[0]);
  if (!/^\d{10}$/.test(cid)) {
    throw adsError(
      400,
      { authenticationError: 'CLIENT_CUSTOMER_ID_INVALID' },
      'Client customer ID is not a number.',
    );
  }
  const login = req.headers['login-customer-id'];
  if (login !== undefined && (typeof login !== 'string' || !/^\d{10}$/.test(login))) {
    throw adsError(
      400,
      { headerError: 'INVALID_LOGIN_CUSTOMER_ID' },
      'The login customer ID could not be validated.',
    );
  }
  const account = state.accounts.get(cid);
  const through = login ?? cid;
  if (!account || !state.accessible.has(through)) {
    throw adsError(
      403,
      { authorizationError: 'USER_PERMISSION_DENIED' },
      "User doesn't have permission to access customer.",
    );
  }
  if (through !== cid && !account.managedBy.includes(through)) {
    throw adsError(
      403,
      { authorizationError: 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION' },
      'The login customer specified does not have access to the account specified, so the request is invalid.',
    );
  }
  return account;
}

function bodyOf(req: Request, allowed: string[]): Json {
  const body = (req.body ?? {}) as Json;
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw new UnknownFieldError(key);
  return body;
}

function operations(tx: Transaction, list: unknown, fieldName: string): unknown[] {
  if (!Array.isArray(list) || list.length === 0) {
    tx.errors.push({
      errorCode: { requestError: 'OPERATION_REQUIRED' },
      message: 'At least one operation is required.',
      location: { fieldPathElements: [{ fieldName }] },
    });
    return [];
  }
  return list;
}

function pageOffset(token: unknown, fingerprint: string): number {
  const [offset, issuedFor] = Buffer.from(String(token), 'base64url').toString().split(':');
  const value = Number(offset);
  if (issuedFor !== fingerprint || !Number.isInteger(value) || value < 0) {
    throw adsError(400, { requestError: 'INVALID_PAGE_TOKEN' }, 'Page token is invalid.', [
      { fieldName: 'page_token' },
    ]);
  }
  return value;
}
