import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { AdSetService } from '../adsets/service.js';
import { chosenAmong, keepAccounts } from '../connect/account-choice.js';
import { disconnect } from '../connect/disconnect.js';
import type { ConnectLinks, LinkContext, LinkRequest } from '../connect/links.js';
import { companySettingsSchema } from '../connect/redirect-uris.js';
import type { SessionTokens } from '../connect/session-token.js';
import type { ConnectionRef } from '../connections/access-tokens.js';
import { actorOf } from '../domain/actor.js';
import type { Spender } from '../domain/budget.js';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../domain/platform-ids.js';
import { AppError, customerNotFound } from '../errors.js';
import type { Events } from '../events/events.js';
import { actingFor, requireWriteScope, type VendorGuards } from '../http/access.js';
import { readsWithGate } from '../http/reads-with-gate.js';
import { resource } from '../http/routes.js';
import { integerParam, noQuery, parseJsonBody, parseQuery } from '../http/validate.js';
import { bodyAhead } from '../http/vendor-body.js';
import { LANGUAGES } from '../locales/i18n.js';
import type { Platforms } from '../ports/platforms.js';
import type { TokenOwner } from '../store/companies.js';
import { offeredOf } from '../store/company-profile.js';
import type { Store } from '../store/index.js';
import { readPlans } from '../store/kv.js';
import { findCustomer } from './customers.js';

export const connectQuery = z.strictObject({
  redirect_uri: z.string().min(1).max(2000).optional(),
  platforms: z.string().min(1).max(500).optional(),
  expires_in: integerParam(60, 3600, 900),
  locale: z.enum(LANGUAGES as [string, ...string[]]).optional(),
});

/** `PUT /customers/:id/connections/:platform`: the ad accounts adlink may use, among those the grant reaches. */
export const connectionChangesBody = z.strictObject({
  advertisers: z.array(z.string().min(1).max(200)).min(1, 'must name at least one ad account').max(2000),
});

export const introspectBody = z.strictObject({ token: z.string().max(8192) });
/** Creating a signing secret takes no parameters: an empty JSON object, or no body. */
export const emptyBody = z.strictObject({});

export interface ConnectApiDeps {
  store: Store;
  adSets: AdSetService;
  links: ConnectLinks;
  tokens: SessionTokens;
  platforms: Platforms;
  events: Events;
}

/**
 * The link's `platforms`: each must be available on this deployment and offered by the company (its
 * integrations pages, Platforms). Null (no list): whatever the company offers when the link is used.
 */
function offeredPlatforms(
  list: string | undefined,
  available: PlatformId[],
  offered: PlatformId[],
): PlatformId[] | null {
  if (list === undefined) return null;
  const ids = [...new Set(list.split(','))];
  for (const id of ids) {
    if (!isPlatformId(id)) {
      throw new AppError('invalid_request', `Unknown platform "${id}". Known: ${PLATFORM_IDS.join(', ')}.`, {
        param: 'platforms',
      });
    }
    if (!available.includes(id)) {
      throw new AppError('invalid_request', `The platform "${id}" is not available on this deployment.`, {
        param: 'platforms',
      });
    }
    if (!offered.includes(id)) {
      throw new AppError(
        'invalid_request',
        `Your company does not offer "${id}" to its customers; offer it on the Platforms page of your integration settings.`,
        { param: 'platforms' },
      );
    }
  }
  return ids as PlatformId[];
}

/** Vendor endpoints of the connection flow: links, settings, connections, introspection, keys. */
export function createConnectApiRoutes(
  { store, adSets, links, tokens, platforms, events }: ConnectApiDeps,
  vendor: VendorGuards,
) {
  const router = Router();
  const customerOf = (req: Parameters<RequestHandler>[0]) =>
    findCustomer(store, req, req.params.id as string);
  const connectionNotFound = (platform: PlatformId) =>
    new AppError('connection_not_found', `The customer has no ${platform} connection.`, {
      param: 'platform',
    });
  /** The customer's connection the path names, or 404. */
  const connectionOf = async (req: Parameters<RequestHandler>[0]): Promise<ConnectionRef> => {
    const customer = await customerOf(req);
    const platform = req.params.platform as string;
    if (!isPlatformId(platform)) {
      throw new AppError('platform_not_found', `No platform "${platform}".`, { param: 'platform' });
    }
    if (!(await store.connections.get(customer.company, customer.id, platform))) {
      throw connectionNotFound(platform);
    }
    return { company: customer.company, customer: customer.id, platform, actor: actorOf(req.auth!) };
  };

  resource(router, '/.well-known/jwks.json', {
    get: async (req, res) => {
      parseQuery(noQuery, req);
      res.set('Cache-Control', 'public, max-age=300').json(await tokens.jwks());
    },
  });

  const ownLinkContext = async (spender: Spender) => {
    await store.customers.own(spender.company);
    const [context] = await readPlans(store.kv, links.contextPlan(spender, OWN_CUSTOMER));
    return context;
  };
  /** The link a request asks for, from what was read for it; throws what the request breaks. */
  const linkRequest = (
    query: z.infer<typeof connectQuery>,
    { customer, hidden }: LinkContext,
    spender: Spender,
  ): LinkRequest => {
    const offered = offeredOf(platforms.available(), hidden);
    const chosen = offeredPlatforms(query.platforms, platforms.available(), offered);
    if (offered.length === 0) {
      throw new AppError(
        'no_platform_available',
        platforms.available().length === 0
          ? 'No ad platform is configured on this deployment, so a connect link would lead nowhere.'
          : 'Your company offers no ad platform to its customers; offer one on the Platforms page of your integration settings.',
      );
    }
    return {
      company: customer.company,
      customer: customer.id,
      ...(query.redirect_uri === undefined ? {} : { redirectUri: query.redirect_uri }),
      platforms: chosen,
      expiresIn: query.expires_in,
      ...(query.locale === undefined ? {} : { locale: query.locale }),
      spender,
    };
  };
  /** The checks of the route below, for `owner`, before it is authenticated; throws as the route would. */
  const checkedQuery = (req: Request, owner: TokenOwner) => {
    const as = { auth: owner } as Request;
    // A link lets whoever opens it connect ad accounts for the customer: a change, though a GET.
    requireWriteScope(as);
    const query = parseQuery(connectQuery, req);
    return { query, id: actingFor(as, req.params.id as string, 'id') };
  };
  // The link written by the gate, in its round trip, when this process issued one for the same
  // customer before and nothing it was decided from changed since (http/reads-with-gate.ts).
  const linkContext = readsWithGate(
    (req, owner) => links.contextPlan(owner, req.params.id as string),
    (req, owner, known) => {
      if (!known) return undefined;
      try {
        const { query } = checkedQuery(req, owner);
        return links.ahead(linkRequest(query, known, owner), known.settings);
      } catch {
        return undefined; // refused: the route says why, in its own round trips
      }
    },
  );
  resource(
    router,
    '/customers/:id/connect',
    {
      get: async (req, res) => {
        const { query, id } = checkedQuery(req, req.auth!);
        const written = linkContext.written(req);
        if (written) {
          links.issued();
          res.json(written);
          return;
        }
        const context =
          (await linkContext.read(req, store.kv)) ??
          // The built-in customer is created on first use: read again once it is.
          (id === OWN_CUSTOMER ? await ownLinkContext(req.auth!) : null);
        if (!context) throw customerNotFound(id);
        res.json(await links.create(linkRequest(query, context, req.auth!), context));
      },
    },
    [linkContext.offer, ...vendor.customer],
  );

  resource(
    router,
    '/customers/:id/connect/sessions',
    {
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const customer = await customerOf(req);
        res.json({ revoked: await store.sessions.revokeSessions(customer.company, customer.id) });
      },
    },
    vendor.customer,
  );

  resource(
    router,
    '/customers/:id/connections',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        const customer = await customerOf(req);
        res.json({ data: await store.connections.list(customer.company, customer.id) });
      },
    },
    vendor.customer,
  );

  resource(
    router,
    '/customers/:id/connections/:platform',
    {
      put: async (req, res) => {
        parseQuery(noQuery, req);
        const ref = await connectionOf(req);
        const { advertisers } = parseJsonBody(connectionChangesBody, req);
        const chosen = chosenAmong(await adSets.reachableAccounts(ref), advertisers);
        if (!(await keepAccounts(store, events, ref, chosen))) throw connectionNotFound(ref.platform);
        res.json(await store.connections.get(ref.company, ref.customer, ref.platform));
      },
      delete: async (req, res) => {
        parseQuery(noQuery, req);
        const { company, customer, platform, actor } = await connectionOf(req);
        const outcome = await disconnect(store, platforms, events, company, customer, platform, actor);
        res.json({ platform, deleted: true, ...outcome });
      },
    },
    vendor.customer,
  );

  resource(
    router,
    '/company/settings',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json(await store.settings.get(req.auth!.company));
      },
      put: async (req, res) => {
        parseQuery(noQuery, req);
        const settings = parseJsonBody(companySettingsSchema, req);
        res.json(await store.settings.put(req.auth!.company, settings));
      },
    },
    vendor.company,
  );

  resource(
    router,
    '/company/signing_secrets',
    {
      get: async (req, res) => {
        parseQuery(noQuery, req);
        res.json({ data: await store.settings.listSecrets(req.auth!.company) });
      },
      post: async (req, res) => {
        parseQuery(noQuery, req);
        parseJsonBody(emptyBody, req);
        res.status(201).json(await store.settings.rotateSecret(req.auth!.company));
      },
    },
    vendor.company,
  );

  const introspection = readsWithGate((req, owner) =>
    links.introspectionPlan(owner.company, (req.body as { token?: unknown } | undefined)?.token),
  );
  resource(
    router,
    '/sessions/introspect',
    {
      post: async (req, res) => {
        parseQuery(noQuery, req);
        const { token } = parseIntrospection(req);
        res.json(await links.introspect(req.auth!.company, token, await introspection.read(req, store.kv)));
      },
    },
    // The body is read before authentication: the session of its token goes with the gate.
    [bodyAhead(), introspection.offer, ...vendor.company],
  );

  return router;
}

/** RFC 7662 sends a form; JSON is accepted too. */
function parseIntrospection(req: Parameters<RequestHandler>[0]) {
  if (req.is('application/x-www-form-urlencoded')) {
    const result = introspectBody.safeParse(req.body);
    if (!result.success) {
      throw new AppError('invalid_request', 'Send the session token as the single form field `token`.', {
        param: 'token',
      });
    }
    return result.data;
  }
  return parseJsonBody(introspectBody, req);
}
