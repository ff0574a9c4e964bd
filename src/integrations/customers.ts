import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { AccessTokenService } from '../access-tokens/service.js';
import { accessTokenCursor } from '../api/access-tokens.js';
import { disconnect } from '../connect/disconnect.js';
import type { ConnectLinks } from '../connect/links.js';
import { OWN_CUSTOMER } from '../domain/own-customer.js';
import { isPlatformId, type PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { decodeCursor, encodeCursor } from '../http/cursor.js';
import { resource } from '../http/routes.js';
import { parseQuery, validateBody } from '../http/validate.js';
import { isUuid } from '../ids.js';
import type { MessageKey } from '../locales/en.js';
import { locale } from '../locales/i18n.js';
import type { Platforms } from '../ports/platforms.js';
import { ACCESS_TOKEN_ID, type AccessToken } from '../store/access-tokens.js';
import type { Connection } from '../store/connections.js';
import type { Customer, Page, PageFrom } from '../store/customers.js';
import { attemptRows } from './activity.js';
import { shortTime } from './format.js';
import { type IntegrationsDeps, type Section, vendorPages } from './routes.js';
import { formGuards, VendorPageError } from './session.js';

const t = locale().t;

export interface CustomerPagesDeps extends IntegrationsDeps {
  links: ConnectLinks;
  platforms: Platforms;
  events: Events;
  accessTokens: AccessTokenService;
}

export const CUSTOMERS_PER_PAGE = 25;
/** Attempts shown on a customer's page; the activity page has them all. */
const RECENT_ATTEMPTS = 10;
/** The lifetime of a link made here: the API's default `expires_in`. */
const LINK_EXPIRES_IN = 900;
/** Access tokens shown on a customer's page at once. */
const ACCESS_TOKENS_PER_PAGE = 25;

const listQuery = z.strictObject({
  q: z.string().max(200).optional(),
  starting_after: z.string().max(100).optional(),
  ending_before: z.string().max(100).optional(),
});
const customerQuery = z.strictObject({
  disconnected: z.string().max(20).optional(),
  /** The prefix of the access token just revoked (it no longer works, so showing it gives nothing away). */
  revoked: z.string().max(20).optional(),
  /** Where the list of access tokens continues. */
  tokens: z.string().max(500).optional(),
});
const REVOKED_PREFIX = /^adl_at_[A-Za-z0-9_-]{6}$/;
const csrfOnly = z.strictObject({ _csrf: z.string() });

/** `Sandbox Ads`; an id this deployment does not know is shown as it is. */
export const platformName = (platforms: Platforms, id: string): string =>
  isPlatformId(id) ? platforms.entry(id).name : id;

const tokenRow = (token: AccessToken) => ({
  ...token,
  scopeLabel: t(`integrations.customers.tokens.scope.${token.scope}`),
  created: shortTime(token.created_at),
  expires: shortTime(token.expires_at),
  lastUsed: token.last_used_at ? shortTime(token.last_used_at) : null,
});

export function createCustomerPages(deps: CustomerPagesDeps): Router {
  const { store, links, platforms, log, events, accessTokens } = deps;
  const router = Router();
  const guards = formGuards(deps);
  const page = vendorPages(store);

  /** A customer of the signed-in company's list; another company's, or a malformed id, is "not found". */
  const listedCustomer = async (req: Request, id: string): Promise<Customer> => {
    const customer = isUuid(id) ? await store.customers.get(req.vendor!.company, id) : null;
    if (!customer) throw new VendorPageError('not_found', 404);
    return customer;
  };

  /** The signed-in company's customer with this id, or its built-in one (its own ad accounts, created on first use). */
  const customerOf = (req: Request, id = req.params.id as string): Promise<Customer> =>
    id === OWN_CUSTOMER ? store.customers.own(req.vendor!.company) : listedCustomer(req, id);

  /** The company's own ad accounts have a section of their own. */
  const sectionOf = (customer: Customer): Section => (customer.id === OWN_CUSTOMER ? 'own' : 'customers');

  const statusLabel = (connection: Pick<Connection, 'platform' | 'status'>) =>
    t(`integrations.customers.status.${connection.status}` as MessageKey, {
      platform: platformName(platforms, connection.platform),
    });

  /** The customer's connection of this platform, or "not found". */
  const ownConnection = async (req: Request) => {
    const customer = await customerOf(req);
    const platform = req.params.platform as string;
    const connection = isPlatformId(platform)
      ? await store.connections.get(customer.company, customer.id, platform)
      : null;
    if (!connection) throw new VendorPageError('not_found', 404);
    return { customer, platform: platform as PlatformId, connection };
  };

  resource(
    router,
    '/integrations/customers',
    {
      get: async (req, res) => {
        const query = parseQuery(listQuery, req);
        if (query.starting_after !== undefined && query.ending_before !== undefined) {
          throw new AppError('invalid_request', 'Give starting_after or ending_before, not both.', {
            param: 'ending_before',
          });
        }
        const company = req.vendor!.company;
        const q = query.q?.trim() ?? '';
        const from: PageFrom =
          query.starting_after !== undefined
            ? { startingAfter: await listedCustomer(req, query.starting_after) }
            : query.ending_before !== undefined
              ? { endingBefore: await listedCustomer(req, query.ending_before) }
              : undefined;
        const result: Page<Customer> = q
          ? await store.customers.search(company, q, CUSTOMERS_PER_PAGE, from)
          : await store.customers.list(company, CUSTOMERS_PER_PAGE, from);
        const connections = await Promise.all(
          result.data.map((c) => (c.platforms.length > 0 ? store.connections.list(company, c.id) : [])),
        );
        const rows = result.data.map((customer, i) => ({
          id: customer.id,
          name: customer.name,
          created_at: customer.created_at,
          created: shortTime(customer.created_at),
          platforms: connections[i]!.map((c) => ({ status: c.status, label: statusLabel(c) })),
        }));
        const backwards = from !== undefined && 'endingBefore' in from;
        const pageLink = (cursor: 'starting_after' | 'ending_before', id: string) =>
          `/integrations/customers?${new URLSearchParams({ ...(q ? { q } : {}), [cursor]: id })}`;
        // Going forward there is a previous page whenever we came from a cursor; going back, a next one.
        const first = rows[0];
        const last = rows.at(-1);
        const previous =
          first && (backwards ? result.has_more : from !== undefined)
            ? pageLink('ending_before', first.id)
            : null;
        const next =
          last && (backwards ? true : result.has_more) ? pageLink('starting_after', last.id) : null;
        await page(req, res, 'customers', 'integrations/customers', {
          title: q ? t('integrations.customers.search.title', { q }) : t('integrations.customers.title'),
          q,
          rows,
          previous,
          next,
          // A page reached with a cursor that shows nothing newer gets a way back to the start.
          firstPage:
            from !== undefined && !previous && !backwards
              ? `/integrations/customers${q ? `?${new URLSearchParams({ q })}` : ''}`
              : null,
          paged: from !== undefined,
        });
      },
    },
    guards,
  );

  /** `act` on the access token the path names (of the customer `act` is bound to), or "not found". */
  const onAccessToken = async <T>(req: Request, act: (id: string) => Promise<T>) => {
    const id = req.params.token as string;
    if (!ACCESS_TOKEN_ID.test(id)) throw new VendorPageError('not_found', 404);
    return act(id).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'access_token_not_found'
        ? new VendorPageError('not_found', 404)
        : err;
    });
  };

  /** The customer's page; `extra` adds a notice, or what a POST shows once (a new connect link). */
  const showCustomer = async (
    req: Request,
    res: Response,
    customer: Customer,
    extra: {
      link?: { connect_url: string; expires_at: string };
      disconnected?: string;
      revoked?: string;
      tokensAfter?: string;
    } = {},
  ) => {
    const [connections, attempts, tokens] = await Promise.all([
      store.connections.list(customer.company, customer.id),
      store.connectAttempts.list(customer.company, { limit: RECENT_ATTEMPTS, customer: customer.id }),
      accessTokens.list(customer, ACCESS_TOKENS_PER_PAGE, extra.tokensAfter),
    ]);
    const here = `/integrations/customers/${encodeURIComponent(customer.id)}`;
    const own = customer.id === OWN_CUSTOMER;
    await page(req, res, sectionOf(customer), 'integrations/customer', {
      title: own ? t('integrations.own.title') : customer.name,
      own,
      customer: { ...customer, created: shortTime(customer.created_at) },
      connections: connections.map((c) => ({
        ...c,
        name: platformName(platforms, c.platform),
        statusLabel: t(`integrations.customers.connection.${c.status}` as MessageKey),
        connected: shortTime(c.connected_at),
      })),
      attempts: await attemptRows(store, platforms, customer.company, attempts.data),
      tokens: tokens.data.map(tokenRow),
      tokensOlder: tokens.next
        ? `${here}?${new URLSearchParams({ tokens: encodeCursor({ after: tokens.next }) })}`
        : null,
      tokensNewest: extra.tokensAfter === undefined ? null : here,
      link: extra.link ? { ...extra.link, expires: shortTime(extra.link.expires_at) } : null,
      linkMinutes: LINK_EXPIRES_IN / 60,
      notice: extra.disconnected
        ? t('integrations.customers.disconnected', { platform: platformName(platforms, extra.disconnected) })
        : extra.revoked
          ? t('integrations.customers.tokens.revoked', { prefix: extra.revoked })
          : null,
      ...(extra.link ? { scripts: ['/assets/copy.js'] } : {}),
    });
  };

  resource(
    router,
    '/integrations/customers/:id',
    {
      get: async (req, res) => {
        const customer = await customerOf(req);
        const { disconnected, revoked, tokens } = parseQuery(customerQuery, req);
        const shown = disconnected !== undefined && isPlatformId(disconnected) ? disconnected : undefined;
        await showCustomer(req, res, customer, {
          ...(shown ? { disconnected: shown } : {}),
          ...(revoked !== undefined && REVOKED_PREFIX.test(revoked) ? { revoked } : {}),
          ...(tokens === undefined ? {} : { tokensAfter: decodeCursor(accessTokenCursor, tokens).after }),
        });
      },
    },
    guards,
  );

  // The link is shown in this response only: never in a URL or a redirect of ours.
  resource(
    router,
    '/integrations/customers/:id/connect-link',
    {
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const customer = await customerOf(req);
        const link = await links.create({
          company: customer.company,
          customer: customer.id,
          // The company's own visit ends on its own Done page (back to these pages), not at its app.
          ...(customer.id === OWN_CUSTOMER ? { redirectUri: null } : {}),
          platforms: null,
          expiresIn: LINK_EXPIRES_IN,
        });
        log.info(
          { company: customer.company, customer: customer.id },
          'connect link created on the integrations pages',
        );
        await showCustomer(req, res, customer, { link });
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/customers/:id/connections/:platform/disconnect',
    {
      get: async (req, res) => {
        const { customer, platform, connection } = await ownConnection(req);
        const name = platformName(platforms, platform);
        await page(req, res, sectionOf(customer), 'integrations/customer-disconnect', {
          title: t('integrations.customers.disconnect.title', { platform: name, customer: customer.name }),
          customer,
          platform,
          platformName: name,
          accounts: connection.ad_accounts,
        });
      },
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const { customer, platform } = await ownConnection(req);
        const outcome = await disconnect(store, platforms, events, customer.company, customer.id, platform);
        log.info(
          { company: customer.company, customer: customer.id, platform, ...outcome },
          'platform disconnected on the integrations pages',
        );
        res.redirect(
          303,
          `/integrations/customers/${encodeURIComponent(customer.id)}?disconnected=${encodeURIComponent(platform)}`,
        );
      },
    },
    guards,
  );

  resource(
    router,
    '/integrations/customers/:id/access-tokens/:token/revoke',
    {
      get: async (req, res) => {
        const customer = await customerOf(req);
        const token = tokenRow(await onAccessToken(req, (id) => accessTokens.get(customer, id)));
        await page(req, res, sectionOf(customer), 'integrations/customer-token-revoke', {
          title: t('integrations.customers.tokens.confirm.title', { prefix: token.prefix }),
          customer,
          token,
        });
      },
      post: async (req, res) => {
        validateBody(csrfOnly, req.body);
        const customer = await customerOf(req);
        const revoked = await onAccessToken(req, (id) => accessTokens.revoke(customer, id));
        log.info(
          { company: customer.company, customer: customer.id, token: revoked.id },
          'access token revoked on the integrations pages',
        );
        res.redirect(
          303,
          `/integrations/customers/${encodeURIComponent(customer.id)}?revoked=${encodeURIComponent(revoked.prefix)}`,
        );
      },
    },
    guards,
  );

  return router;
}
