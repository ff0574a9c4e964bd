import type { Audience } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { addCustomerListBody, customerListUserDataBody, updateCustomerListBody } from './audience-body.js';
import { accepted, isMicrosoftId } from './campaign-reads.js';
import type { AccountApi, MicrosoftAdsApi } from './client.js';
import { NO_CREATION_TIME } from './mapping.js';
import type { BatchError, CustomerList } from './model.js';

/** "The maximum user data for CustomerListItems is 1000" (ApplyCustomerListUserData). */
const BATCH_SIZE = 1000;
/** "The audience needs to have at least 300 people before Microsoft Advertising will use it" (CustomerList). */
const MIN_SIZE = 300;

/** The refusals of an audience's fields (AddAudiences, UpdateAudiences PartialErrors): the unified parameter. */
const AUDIENCE_PARAMS: Record<string, string> = {
  InvalidAudienceName: 'name',
  DuplicateAudienceName: 'name',
  InvalidAudienceDescription: 'description',
  InvalidAudienceId: 'id',
};

/** SearchSize is empty while Microsoft builds the list; then the matched people on the Search network. */
export function toAudience(list: CustomerList, account: AdAccount): Audience {
  const size = list.SearchSize == null || list.SearchSize === '' ? null : Number(list.SearchSize);
  return {
    id: list.Id ?? '',
    name: list.Name ?? '',
    description: list.Description ?? null,
    platform: 'microsoft',
    advertiser: account.id,
    kind: 'CustomerList',
    size,
    status: size === null ? 'Matching' : size >= MIN_SIZE ? 'Ready' : 'TooSmall',
    // Microsoft keeps no modification time on audiences.
    updatedAt: NO_CREATION_TIME,
  };
}

/** The account's customer lists, or the one of `id` (GetAudiencesByIds answers null for an id it lacks). */
async function customerLists(api: AccountApi, id?: string): Promise<CustomerList[]> {
  const { Audiences } = await api.request<{
    Audiences?: (CustomerList | null)[];
    PartialErrors?: BatchError[];
  }>('POST', '/Audiences/QueryByIds', { AudienceIds: id === undefined ? null : [id], Type: 'CustomerList' });
  return (Audiences ?? []).filter((a): a is CustomerList => a?.Type === 'CustomerList');
}

/**
 * Customer lists on Microsoft Advertising (AddAudiences, GetAudiencesByIds, UpdateAudiences,
 * DeleteAudiences; members with ApplyCustomerListUserData). Microsoft matches emails only
 * (`phones: null`: the service lists phones as invalid). Where the customer has not accepted the
 * Customer Match terms, Microsoft answers 8003, a `terms` error (409 platform_terms_required).
 */
export function microsoftAudiences(ms: MicrosoftAdsApi): AudienceAdapter {
  async function read(call: PlatformCall, account: AdAccount, id: string): Promise<Audience | null> {
    const [list] = await customerLists(await ms.account(call, account.id), id);
    return list ? toAudience(list, account) : null;
  }

  async function mustRead(call: PlatformCall, account: AdAccount, id: string): Promise<Audience> {
    const audience = await read(call, account, id);
    if (!audience) throw new PlatformError('rejected', `Microsoft Advertising lost customer list ${id}`);
    return audience;
  }

  const accountOf = (call: PlatformCall, audience: Audience): AdAccount => {
    const account = call.accounts.find((a) => a.id === audience.advertiser);
    if (!account)
      throw new PlatformInputError('id', `No customer list ${audience.id} in the connected accounts.`);
    return account;
  };

  return {
    capabilities: { batchSize: BATCH_SIZE, minSize: MIN_SIZE, gmailDots: false, phones: null },

    async list(call, account) {
      const lists = await customerLists(await ms.account(call, account.id));
      return lists.map((list) => toAudience(list, account));
    },

    async get(call, id) {
      if (!isMicrosoftId(id)) return null;
      for (const account of call.accounts) {
        const audience = await read(call, account, id);
        if (audience) return audience;
      }
      return null;
    },

    async create(call, input, account) {
      const api = await ms.account(call, account.id);
      const { AudienceIds } = accepted(
        await api.request<{ AudienceIds?: (string | null)[]; PartialErrors?: BatchError[] }>(
          'POST',
          '/Audiences',
          addCustomerListBody(input, account.id),
        ),
        AUDIENCE_PARAMS,
      );
      const id = AudienceIds?.[0];
      if (!id) throw new PlatformError('rejected', 'Microsoft Advertising answered no audience id');
      return mustRead(call, account, id);
    },

    async update(call, audience, changes) {
      const account = accountOf(call, audience);
      const api = await ms.account(call, account.id);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>(
          'PUT',
          '/Audiences',
          updateCustomerListBody(audience.id, changes),
        ),
        AUDIENCE_PARAMS,
      );
      return mustRead(call, account, audience.id);
    },

    async delete(call, audience) {
      const api = await ms.account(call, accountOf(call, audience).id);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>('DELETE', '/Audiences', {
          AudienceIds: [audience.id],
        }),
        AUDIENCE_PARAMS,
      );
    },

    async changeMembers(call, audience, members, remove) {
      if (members.emails.length === 0) return;
      const api = await ms.account(call, accountOf(call, audience).id);
      accepted(
        await api.request<{ PartialErrors?: BatchError[] }>(
          'POST',
          '/CustomerListUserData/Apply',
          customerListUserDataBody(audience.id, members.emails, remove),
        ),
      );
    },
  };
}
