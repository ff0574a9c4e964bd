import type { HashedMembers } from '../../audiences/model.js';
import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { inAccounts, type TikTokApi } from './client.js';
import { AUDIENCE_MIN_SIZE, toAudience } from './mapping.js';
import type { TikTokCustomAudience } from './model.js';

/** Rows adlink sends in one `/segment/mapping/` call (TikTok documents no bound; see docs/platforms/tiktok.md). */
const BATCH_SIZE = 1000;
/** `/segment/audience/` cuts longer names to 67 characters and "..."; `/dmp/custom_audience/update/` takes 128. */
const CREATE_NAME = 70;
const MAX_NAME = 128;

const NAME_PARAMS = { custom_audience_name: 'name' };

/**
 * TikTok customer-list audiences: created empty and filled with the Streaming API (`/segment/audience/`,
 * `/segment/mapping/`, hashes sent as JSON), read, renamed and deleted with the SDK's AudienceApi
 * (`/dmp/custom_audience/…`). TikTok ids need their advertiser, so a get looks in each account.
 */
export function tiktokAudiences(api: TikTokApi): AudienceAdapter {
  async function read(call: PlatformCall, advertiserId: string, id: string) {
    const { list } = await api.get(call, '/dmp/custom_audience/get/', {
      advertiser_id: advertiserId,
      custom_audience_ids: [id],
    });
    const [found] = (list ?? []) as { audience_details: TikTokCustomAudience }[];
    return found && toAudience(found.audience_details, advertiserId);
  }

  async function mustRead(call: PlatformCall, advertiserId: string, id: string) {
    const audience = await read(call, advertiserId, id);
    if (!audience) throw new PlatformError('rejected', `audience ${id} not found`, undefined, 404);
    return audience;
  }

  const rename = (call: PlatformCall, advertiserId: string, id: string, name: string) =>
    api.post(
      call,
      '/dmp/custom_audience/update/',
      { advertiser_id: advertiserId, custom_audience_id: id, custom_audience_name: name },
      NAME_PARAMS,
    );

  const checkName = (name: string) => {
    if (name.length > MAX_NAME) {
      throw new PlatformInputError('name', `TikTok audience names are at most ${MAX_NAME} characters.`);
    }
  };

  /** One mapping call per id type: TikTok's rows hold one id of each `id_schema` type. */
  async function map(
    call: PlatformCall,
    advertiserId: string,
    id: string,
    hashes: string[],
    schema: string,
    action: string,
  ) {
    if (hashes.length === 0) return;
    await api.post(call, '/segment/mapping/', {
      advertiser_ids: [advertiserId],
      action,
      id_schema: [schema],
      batch_data: hashes.map((hash) => [{ id: hash, audience_ids: [id] }]),
    });
  }

  return {
    capabilities: { batchSize: BATCH_SIZE, minSize: AUDIENCE_MIN_SIZE, gmailDots: false, phones: 'e164' },

    async list(call, account) {
      const list = await api.all<TikTokCustomAudience>(
        call,
        '/dmp/custom_audience/list/',
        { advertiser_id: account.id },
        undefined,
        { key: 'list', size: 100 },
      );
      return list.map((a) => toAudience(a, account.id));
    },

    async get(call, id) {
      const found = await inAccounts(call, id, (advertiserId) =>
        read(call, advertiserId, id).catch(notFound),
      );
      return found?.record ?? null;
    },

    async create(call, input, account) {
      checkName(input.name);
      const { audience_id } = (await api.post(
        call,
        '/segment/audience/',
        {
          advertiser_id: account.id,
          action: 'create',
          custom_audience_name: input.name.slice(0, CREATE_NAME),
        },
        NAME_PARAMS,
      )) as { audience_id: string };
      if (input.name.length > CREATE_NAME) await rename(call, account.id, audience_id, input.name);
      return mustRead(call, account.id, audience_id);
    },

    async update(call, audience, changes) {
      if (changes.description !== undefined) {
        throw new PlatformInputError('description', 'TikTok audiences have no description.');
      }
      if (changes.name !== undefined) {
        checkName(changes.name);
        await rename(call, audience.advertiser, audience.id, changes.name);
      }
      return mustRead(call, audience.advertiser, audience.id);
    },

    async delete(call, audience) {
      await api.post(call, '/dmp/custom_audience/delete/', {
        advertiser_id: audience.advertiser,
        custom_audience_ids: [audience.id],
      });
    },

    async changeMembers(call, audience, members: HashedMembers, remove) {
      const action = remove ? 'delete' : 'add';
      await map(call, audience.advertiser, audience.id, members.emails, 'EMAIL_SHA256', action);
      await map(call, audience.advertiser, audience.id, members.phones, 'PHONE_SHA256', action);
    },
  };
}

/** An audience another advertiser holds: TikTok refuses the id (40002) rather than answering none. */
function notFound(err: unknown): undefined {
  if (err instanceof PlatformError && err.kind === 'invalid') return undefined;
  throw err;
}
