import type { AudienceAdapter } from '../../audiences/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { toMetaAudience, toMetaAudienceChanges, usersPayload } from './audience-body.js';
import { fields, type GraphClient } from './client.js';
import { orNotFound } from './errors.js';
import { advertiserId, unifiedAudience } from './mapping.js';
import { FIELDS, type GraphCustomAudience } from './model.js';

/**
 * Customer-file custom audiences (`/act_{id}/customaudiences`, `/{custom_audience_id}`): created empty,
 * renamed, deleted for good; members added and removed through `/{custom_audience_id}/users`, 10,000
 * rows a call. Meta matches SHA-256 hashes of emails trimmed and lower-cased (no Gmail rule) and
 * serves an audience from 100 matched people.
 */
export function metaAudiences(graph: GraphClient): AudienceAdapter {
  const read = async (call: PlatformCall, id: string) => {
    if (!/^\d+$/.test(id)) return null;
    try {
      const audience = await orNotFound(
        graph.get<GraphCustomAudience>(call, `/${id}`, fields(FIELDS.customAudience)),
      );
      const mine = audience && call.accounts.some((a) => a.id === advertiserId(audience.account_id));
      return mine ? unifiedAudience(audience) : null;
    } catch (err) {
      // Another kind of node (a campaign's id) has none of the audience's fields: Meta's code 100.
      if (err instanceof PlatformError && err.code === '100') return null;
      throw err;
    }
  };

  async function mustRead(call: PlatformCall, id: string) {
    const audience = await read(call, id);
    if (!audience) throw new PlatformError('rejected', `Meta did not return custom audience ${id}`);
    return audience;
  }

  return {
    capabilities: { batchSize: 10_000, minSize: 100, gmailDots: false, phones: 'digits' },

    async list(call, account) {
      const audiences = await graph.all<GraphCustomAudience>(
        call,
        `/${account.id}/customaudiences`,
        fields(FIELDS.customAudience),
      );
      return audiences.map(unifiedAudience);
    },

    get: read,

    async create(call, input, account) {
      const created = await graph.post<{ id: string }>(
        call,
        `/${account.id}/customaudiences`,
        toMetaAudience(input),
        [
          ['name', 'name'],
          ['description', 'description'],
        ],
      );
      return mustRead(call, created.id);
    },

    async update(call, audience, changes) {
      await graph.post(call, `/${audience.id}`, toMetaAudienceChanges(changes), [
        ['name', 'name'],
        ['description', 'description'],
      ]);
      return mustRead(call, audience.id);
    },

    async delete(call, audience) {
      await graph.delete(call, `/${audience.id}`);
    },

    async changeMembers(call, audience, members, remove) {
      const path = `/${audience.id}/users`;
      if (remove) await graph.delete(call, path, usersPayload(members));
      else await graph.post(call, path, usersPayload(members));
    },
  };
}
