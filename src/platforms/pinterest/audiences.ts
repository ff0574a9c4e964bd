import type { Audience, AudienceStatus } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { accountPath, inSomeAccount } from './accounts.js';
import type { PinterestClient } from './client.js';
import type { ParamSource } from './errors.js';
import type { PinterestAudience, PinterestCustomerList } from './model.js';

/**
 * Records a `PATCH customer_lists/{id}` call carries: Pinterest states no limit, so this is adlink's
 * (about 330 kB of hashes a call).
 */
const BATCH_SIZE = 5_000;

/** "Each audience list needs to have at least 100 people with Pinterest accounts" (`Audience.status`). */
const MIN_SIZE = 100;

const SOURCES: ParamSource[] = [
  ['name', 'name'],
  ['description', 'description'],
];

/** INITIALIZING (and a list still PROCESSING or UPLOADING) is Matching, without a size. */
function toStatus(status: string | undefined): AudienceStatus {
  switch (status) {
    case 'READY':
      return 'Ready';
    case 'TOO_SMALL':
      return 'TooSmall';
    case 'INITIALIZING':
    case 'PROCESSING':
    case 'UPLOADING':
      return 'Matching';
    default:
      return 'Error';
  }
}

function toAudience(audience: PinterestAudience): Audience {
  const status = toStatus(audience.status);
  const seconds = audience.updated_timestamp ?? audience.created_timestamp ?? 0;
  return {
    id: audience.id,
    name: audience.name,
    description: audience.description ?? null,
    platform: 'pinterest',
    advertiser: audience.ad_account_id,
    kind: 'CustomerList',
    size: status === 'Matching' ? null : (audience.size ?? null),
    status,
    updatedAt: new Date(seconds * 1000).toISOString(),
  };
}

const isCustomerList = (audience: PinterestAudience) => audience.audience_type === 'CUSTOMER_LIST';

/**
 * Pinterest customer-list audiences: adlink's audience is a CUSTOMER_LIST audience (name,
 * description, size, status), made of a customer list of its own (`rule.customer_list_id`), which
 * takes the members. Lists take emails (and mobile ad ids), not phone numbers.
 */
export function pinterestAudiences(pin: PinterestClient): AudienceAdapter {
  const path = (account: string, id = '') => `${accountPath(account)}/audiences${id ? `/${id}` : ''}`;

  const read = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) => pin.get<PinterestAudience>(call, path(account, id)));

  return {
    capabilities: { batchSize: BATCH_SIZE, minSize: MIN_SIZE, gmailDots: false, phones: null },

    async list(call, account) {
      const audiences = await pin.all<PinterestAudience>(call, path(account.id));
      return audiences.filter(isCustomerList).map(toAudience);
    },

    async get(call, id) {
      const audience = await read(call, id);
      return audience && isCustomerList(audience) ? toAudience(audience) : null;
    },

    /**
     * A customer list with no records yet (members come with `changeMembers`), then the audience made
     * of it. Pinterest has no DELETE for customer lists: if the audience is refused, the empty list stays.
     */
    async create(call, input, account) {
      const list = await pin.post<PinterestCustomerList>(
        call,
        `${accountPath(account.id)}/customer_lists`,
        { name: input.name, records: '', list_type: 'EMAIL' },
        SOURCES,
      );
      const body = {
        ad_account_id: account.id,
        name: input.name,
        audience_type: 'CUSTOMER_LIST',
        rule: { customer_list_id: list.id },
        ...(input.description === undefined ? {} : { description: input.description }),
      };
      return toAudience(await pin.post<PinterestAudience>(call, path(account.id), body, SOURCES));
    },

    async update(call, audience, changes) {
      const body = {
        operation_type: 'UPDATE',
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
      };
      return toAudience(
        await pin.patch<PinterestAudience>(call, path(audience.advertiser, audience.id), body, SOURCES),
      );
    },

    async delete(call, audience) {
      await pin.patch(call, path(audience.advertiser, audience.id), { operation_type: 'REMOVE' }, SOURCES);
    },

    /** SHA-256 hashes of lower-case emails, comma-separated, to the audience's customer list. */
    async changeMembers(call, audience, members, remove) {
      const current = await pin.get<PinterestAudience>(call, path(audience.advertiser, audience.id));
      const list = current.rule?.customer_list_id;
      if (!list) throw new PlatformError('rejected', `audience ${audience.id} has no customer list`);
      await pin.patch(
        call,
        `${accountPath(audience.advertiser)}/customer_lists/${encodeURIComponent(list)}`,
        { operation_type: remove ? 'REMOVE' : 'ADD', records: members.emails.join(',') },
        [['records', 'emails']],
      );
    },
  };
}
