import express, { type Request, type Response, Router } from 'express';
import type { Controls } from '../toolkit/controls.js';
import type { OAuthServer } from '../toolkit/oauth.js';
import { AnalyticsRefusal, adAnalytics } from './analytics.js';
import { createErrors, DELETED, patchErrors, patched } from './campaign-rules.js';
import { createGroupErrors, patchGroupErrors } from './group-rules.js';
import { patchedSchedule, readPatch } from './patch.js';
import { type Authorized, liError, refuseInput, restGate, restliMethod } from './protocol.js';
import { type RestliData, restliParams } from './restli.js';
import { type Account, type Campaign, type Group, type LinkedInState, MEMBER, urn } from './state.js';

/** Default and largest `pageSize` of the cursor-paged search finders (LinkedIn: 100 and 1000). */
export const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;

export class BadQuery extends Error {}

/** The Rest.li query of a request, read from the raw URL (Express's own parsing would decode URNs). */
export function query(req: Request): Record<string, RestliData> {
  const raw = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  try {
    return restliParams(raw);
  } catch (err) {
    throw new BadQuery(`Invalid Rest.li query: ${(err as Error).message}`);
  }
}

export const list = (value: RestliData | undefined): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new BadQuery('expected List(…)');
  return value as string[];
};

/** `search=(field:(values:List(…)),…)`: the value lists per field; unknown fields are refused. */
function searchCriteria(value: RestliData | undefined, fields: string[]): Record<string, string[]> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new BadQuery('search must be a record');
  const criteria: Record<string, string[]> = {};
  for (const [field, spec] of Object.entries(value)) {
    if (!fields.includes(field)) throw new BadQuery(`unknown search field ${field}`);
    const values = typeof spec === 'object' && !Array.isArray(spec) ? list(spec.values) : undefined;
    if (!values) throw new BadQuery(`search.${field} must be (values:List(…))`);
    criteria[field] = values;
  }
  return criteria;
}

/** One page of a cursor finder: `pageSize`, `pageToken`, and `metadata.nextPageToken` while more remain. */
export function page<T>(items: T[], params: Record<string, RestliData>) {
  const size = params.pageSize === undefined ? PAGE_SIZE : Number(params.pageSize);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new BadQuery(`pageSize must be 1–${MAX_PAGE_SIZE}`);
  const start =
    params.pageToken === undefined
      ? 0
      : Number(Buffer.from(String(params.pageToken), 'base64url').toString());
  if (!Number.isInteger(start) || start < 0) throw new BadQuery('invalid pageToken');
  const next =
    start + size < items.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
  return { elements: items.slice(start, start + size), metadata: next ? { nextPageToken: next } : {} };
}

/** The ad account of the path, if the member has a role on it (else LinkedIn answers 403). */
export function accountOf(state: LinkedInState, req: Request, res: Response): Account | undefined {
  const id = String(req.params.account);
  const found = state.accounts.get(id);
  if (!found) return void liError(res, 404, 'NOT_FOUND', `Ad account ${id} does not exist.`);
  const role = state.roles.get(id);
  if (!role)
    return void liError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access ad account ${id}.`, {
      serviceErrorCode: 100,
    });
  if (req.method !== 'GET' && role === 'VIEWER') {
    return void liError(res, 403, 'ACCESS_DENIED', 'The VIEWER role cannot change campaigns.', {
      serviceErrorCode: 100,
    });
  }
  return found;
}

/** A route body whose malformed query (or refused analytics request) is LinkedIn's 400 ILLEGAL_ARGUMENT. */
export const handle =
  (work: (req: Authorized, res: Response) => unknown) => (req: Authorized, res: Response) => {
    try {
      work(req, res);
    } catch (err) {
      if (!(err instanceof BadQuery || err instanceof AnalyticsRefusal)) throw err;
      liError(res, 400, 'ILLEGAL_ARGUMENT', err.message);
    }
  };

/** The finder's parameters, when the query names this finder. */
export const finder = (req: Request, name: string) => {
  const params = query(req);
  if (params.q !== name) throw new BadQuery(`this resource has the finder q=${name}`);
  return params;
};

/** `/rest/...`: ad accounts, campaign groups, campaigns and creatives of the emulated member. */
export function apiRoutes(state: LinkedInState, oauth: OAuthServer, controls: Controls): Router {
  const router = Router();
  // A route, not a mount: a mounted middleware would see (and record) paths without `/rest`.
  router.all('/rest/{*resource}', restGate(oauth, controls), express.json({ limit: '100kb' }));

  const campaignView = (c: Campaign) => ({ ...c, servingStatuses: state.servingStatuses(c) });
  const groupView = (g: Group) => ({
    ...g,
    servingStatuses: g.status === 'ACTIVE' ? ['RUNNABLE'] : ['STOPPED'],
  });

  const account = (req: Request, res: Response) => accountOf(state, req, res);
  const campaignOf = (req: Request, res: Response) => {
    const found = account(req, res);
    if (!found) return undefined;
    const campaign = state.campaigns.get(String(req.params.campaign));
    if (!campaign || campaign.account !== urn.account(found.id) || campaign.status === 'REMOVED') {
      return void liError(
        res,
        404,
        'NOT_FOUND',
        `Campaign ${req.params.campaign} does not exist in ad account ${found.id}.`,
      );
    }
    return { account: found, campaign };
  };
  router.get(
    '/rest/adAccountUsers',
    handle((req, res) => {
      finder(req, 'authenticatedUser');
      const elements = [...state.roles].map(([id, role]) => ({
        account: urn.account(id),
        role,
        user: MEMBER,
      }));
      res.json({ elements, paging: { start: 0, count: elements.length, links: [] } });
    }),
  );

  router.get('/rest/adAccounts/:account', (req, res) => {
    const found = account(req, res);
    if (found) res.json(found);
  });

  router.get(
    '/rest/adAccounts/:account/adCampaignGroups',
    handle((req, res) => {
      const found = account(req, res);
      if (!found) return;
      const params = finder(req, 'search');
      const { status } = searchCriteria(params.search, ['status']);
      const groups = [...state.groups.values()].filter(
        (g) =>
          g.account === urn.account(found.id) &&
          (status ? status.includes(g.status) : !DELETED.includes(g.status)),
      );
      res.json(page(groups.map(groupView), params));
    }),
  );

  router.get('/rest/adAccounts/:account/adCampaignGroups/:group', (req, res) => {
    const found = account(req, res);
    if (!found) return;
    const group = state.groups.get(String(req.params.group));
    if (!group || group.account !== urn.account(found.id))
      return liError(res, 404, 'NOT_FOUND', `Campaign group ${req.params.group} does not exist.`);
    res.json(groupView(group));
  });

  const groupOf = (req: Request, res: Response) => {
    const found = account(req, res);
    if (!found) return undefined;
    const group = state.groups.get(String(req.params.group));
    if (!group || group.account !== urn.account(found.id) || group.status === 'REMOVED') {
      return void liError(res, 404, 'NOT_FOUND', `Campaign group ${req.params.group} does not exist.`);
    }
    return { account: found, group };
  };

  router.post('/rest/adAccounts/:account/adCampaignGroups', (req, res) => {
    const method = restliMethod(req);
    if (method !== undefined && method !== 'create')
      return liError(res, 400, 'ILLEGAL_ARGUMENT', `X-RestLi-Method ${method} is not supported here.`);
    const found = account(req, res);
    if (!found) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = createGroupErrors(body, found);
    if (errors.length > 0) return refuseInput(res, errors);
    const group = state.addGroup(body as unknown as Omit<Group, 'id' | 'test'>);
    res.status(201).set('x-restli-id', String(group.id)).set('x-linkedin-id', String(group.id)).end();
  });

  router.post('/rest/adAccounts/:account/adCampaignGroups/:group', (req, res) => {
    if (restliMethod(req) !== 'partial_update') {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        'Updates need the header X-RestLi-Method: PARTIAL_UPDATE.',
      );
    }
    const found = groupOf(req, res);
    if (!found) return;
    const patch = readPatch(req.body);
    if (typeof patch === 'string') return liError(res, 400, 'ILLEGAL_ARGUMENT', patch);
    const errors = patchGroupErrors(patch, found.group, found.account);
    if (errors.length > 0) return refuseInput(res, errors);
    Object.assign(found.group, patch.set, { runSchedule: patchedSchedule(found.group.runSchedule, patch) });
    res.status(204).end();
  });

  /** Only a DRAFT campaign group can be deleted; any other is archived (or canceled) instead. */
  router.delete('/rest/adAccounts/:account/adCampaignGroups/:group', (req, res) => {
    const found = groupOf(req, res);
    if (!found) return;
    if (found.group.status !== 'DRAFT') {
      return refuseInput(res, [
        {
          fieldPath: 'status',
          code: 'INVALID_VALUE',
          description: `Only DRAFT campaign groups can be deleted; campaign group ${found.group.id} is ${found.group.status}.`,
        },
      ]);
    }
    state.groups.delete(String(found.group.id));
    res.status(204).end();
  });

  router.get(
    '/rest/adAccounts/:account/adCampaigns',
    handle((req, res) => {
      const found = account(req, res);
      if (!found) return;
      const params = finder(req, 'search');
      const search = searchCriteria(params.search, ['status', 'campaignGroup', 'id', 'type', 'name']);
      const matches = (c: Campaign) =>
        (search.status ? search.status.includes(c.status) : !DELETED.includes(c.status)) &&
        (!search.campaignGroup || search.campaignGroup.includes(c.campaignGroup)) &&
        (!search.id || search.id.includes(urn.campaign(c.id))) &&
        (!search.type || search.type.includes(c.type)) &&
        (!search.name || search.name.includes(c.name));
      const campaigns = [...state.campaigns.values()].filter(
        (c) => c.account === urn.account(found.id) && c.status !== 'REMOVED' && matches(c),
      );
      res.json(page(campaigns.map(campaignView), params));
    }),
  );

  router.get('/rest/adAccounts/:account/adCampaigns/:campaign', (req, res) => {
    const found = campaignOf(req, res);
    if (found) res.json(campaignView(found.campaign));
  });

  router.post('/rest/adAccounts/:account/adCampaigns', (req, res) => {
    const method = restliMethod(req);
    if (method !== undefined && method !== 'create')
      return liError(res, 400, 'ILLEGAL_ARGUMENT', `X-RestLi-Method ${method} is not supported here.`);
    const found = account(req, res);
    if (!found) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = createErrors(body, found, state);
    if (errors.length > 0) return refuseInput(res, errors);
    const campaign = state.addCampaign(
      body as unknown as Omit<Campaign, 'id' | 'changeAuditStamps' | 'test'>,
    );
    res.status(201).set('x-restli-id', String(campaign.id)).set('x-linkedin-id', String(campaign.id)).end();
  });

  router.post('/rest/adAccounts/:account/adCampaigns/:campaign', (req, res) => {
    if (restliMethod(req) !== 'partial_update') {
      return liError(
        res,
        400,
        'ILLEGAL_ARGUMENT',
        'Updates need the header X-RestLi-Method: PARTIAL_UPDATE.',
      );
    }
    const found = campaignOf(req, res);
    if (!found) return;
    const patch = readPatch(req.body);
    if (typeof patch === 'string') return liError(res, 400, 'ILLEGAL_ARGUMENT', patch);
    const errors = patchErrors(patch, found.campaign, found.account);
    if (errors.length > 0) return refuseInput(res, errors);
    Object.assign(found.campaign, patched(found.campaign, patch), {
      changeAuditStamps: { ...found.campaign.changeAuditStamps, lastModified: { time: Date.now() } },
    });
    res.status(204).end();
  });

  /** A DRAFT campaign is deleted outright; any other is marked PENDING_DELETION (and stays readable). */
  router.delete('/rest/adAccounts/:account/adCampaigns/:campaign', (req, res) => {
    const found = campaignOf(req, res);
    if (!found) return;
    if (found.campaign.status === 'DRAFT') state.campaigns.delete(String(found.campaign.id));
    else found.campaign.status = 'PENDING_DELETION';
    res.status(204).end();
  });

  router.get(
    '/rest/adAnalytics',
    handle((req, res) => res.json(adAnalytics(state, query(req)))),
  );

  return router;
}
