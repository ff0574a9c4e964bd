import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { toSandboxChanges, toSandboxInput } from './adset-body.js';
import type { SandboxApi } from './client.js';
import { orNull } from './errors.js';
import { type SandboxAdSet, toAdSet } from './mapping.js';

/** The sandbox's ad sets (`/ad_accounts/:id/adsets`, `/adsets/:id`). */
export function sandboxAdSets({ request, allPages }: SandboxApi): AdSetAdapter {
  const read = async (call: PlatformCall, id: string) =>
    toAdSet((await request(call, `/adsets/${encodeURIComponent(id)}?expand=ads`)) as SandboxAdSet);

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['KeywordTargeting', 'GeoTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'adset',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
        targetings: ['KeywordTargeting', 'GeoTargeting', 'AudienceTargeting'],
        budgetKindChange: true,
      },
      channelKinds: ['Social', 'Search', 'Display', 'Video', 'Audio', 'DOOH', 'CTV', 'Mail'],
    },

    async list(call, advertiser) {
      const path = `/ad_accounts/${encodeURIComponent(advertiser.id)}/adsets?expand=ads`;
      const [live, deleted] = await Promise.all([
        allPages<SandboxAdSet>(call, path),
        allPages<SandboxAdSet>(call, `${path}&status=DELETED`),
      ]);
      return [...live, ...deleted].map(toAdSet);
    },

    async get(call, id) {
      const adset = await orNull(request(call, `/adsets/${encodeURIComponent(id)}?expand=ads`));
      return adset ? toAdSet(adset as SandboxAdSet) : null;
    },

    async create(call, input, account) {
      const created = (await request(call, `/ad_accounts/${encodeURIComponent(input.advertiser)}/adsets`, {
        method: 'POST',
        body: JSON.stringify(toSandboxInput(input, account)),
      })) as SandboxAdSet;
      return toAdSet(created);
    },

    async update(call, id, changes) {
      await request(call, `/adsets/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify(toSandboxChanges(changes, call.accounts[0])),
      });
      return read(call, id);
    },

    async delete(call, id) {
      await request(call, `/adsets/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return read(call, id);
    },
  };
}
