import type { AdSet } from '../../adsets/model.js';
import type { AdSetAdapter } from '../../adsets/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import { toSnapAdSquad } from './adset-body.js';
import { toSnapSquadChanges } from './adset-changes.js';
import { campaignsOf, READ_DELETED } from './campaigns.js';
import type { SnapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import { currencyOf, objectiveOf, toAdSet } from './mapping.js';
import type { SnapAdSquad, SnapCampaign } from './model.js';

const id = (value: string) => encodeURIComponent(value);

/** Snap's ad squads (under campaigns), as adlink's ad sets. */
export function snapchatAdSets(snap: SnapClient): AdSetAdapter {
  const campaignOf = async (call: PlatformCall, campaign: string) =>
    (
      await snap.get<SnapCampaign>(call, {
        path: `/campaigns/${id(campaign)}`,
        plural: 'campaigns',
        singular: 'campaign',
        query: READ_DELETED,
      })
    )[0];
  const campaignObjective = async (call: PlatformCall, campaign: string) => {
    const found = await campaignOf(call, campaign);
    return found && objectiveOf(found);
  };

  /** The squad as Snap has it (deleted ones included), or null for an unknown or foreign id. */
  async function readSquad(call: PlatformCall, squadId: string): Promise<SnapAdSquad | null> {
    try {
      const [squad] = await snap.get<SnapAdSquad>(call, {
        path: `/adsquads/${id(squadId)}`,
        plural: 'adsquads',
        singular: 'adsquad',
        query: READ_DELETED,
      });
      return squad && call.accounts.some((a) => a.id === squad.ad_account_id) ? squad : null;
    } catch (err) {
      if (err instanceof PlatformError && err.code === NOT_FOUND_CODE) return null;
      throw err;
    }
  }

  async function withDetails(call: PlatformCall, squad: SnapAdSquad): Promise<AdSet> {
    const account = call.accounts.find((a) => a.id === squad.ad_account_id)!;
    return toAdSet(squad, currencyOf(account), await campaignObjective(call, squad.campaign_id));
  }

  async function mustRead(call: PlatformCall, squadId: string): Promise<AdSet> {
    const squad = await readSquad(call, squadId);
    if (!squad) throw new PlatformError('rejected', `Snapchat did not return ad squad ${squadId}`);
    return withDetails(call, squad);
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['GeoTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // adlink keeps a squad's budget kind: its bid cap is derived from it (see adset-body.ts).
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting', 'AudienceTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    /** One list after the other: a throttled account stops at its first list, not at two at once. */
    async list(call, advertiser) {
      const account = id(advertiser.id);
      const squads = await snap.all<SnapAdSquad>(call, {
        path: `/adaccounts/${account}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
        query: READ_DELETED,
      });
      const campaigns = await campaignsOf(snap, call, advertiser.id);
      const objectives = new Map(campaigns.map((c) => [c.id, objectiveOf(c)]));
      const currency = currencyOf(advertiser);
      return squads.map((squad) => toAdSet(squad, currency, objectives.get(squad.campaign_id)));
    },

    async get(call, squadId) {
      const squad = await readSquad(call, squadId);
      return squad ? withDetails(call, squad) : null;
    },

    async create(call, input, account) {
      const campaign = await campaignOf(call, input.parentId);
      if (campaign?.deleted) {
        throw new PlatformInputError('parentId', `Snapchat campaign ${input.parentId} is deleted.`);
      }
      const objective = campaign && objectiveOf(campaign);
      const { squad, fields } = toSnapAdSquad(input, account, objective, new Date());
      const list = {
        path: `/campaigns/${id(input.parentId)}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
      };
      const created = await snap.write<SnapAdSquad>(call, 'POST', list, squad, fields);
      return toAdSet(created, currencyOf(account), objective);
    },

    /** Snap's update replaces the whole squad: read it, change what was sent, write it back. */
    async update(call, squadId, changes) {
      const current = await readSquad(call, squadId);
      if (!current) throw new PlatformError('rejected', `Snapchat did not return ad squad ${squadId}`);
      if (current.deleted)
        throw new PlatformInputError('id', `Snapchat ad squad ${squadId} is deleted and cannot change.`);
      const account = call.accounts.find((a) => a.id === current.ad_account_id)!;
      const { squad, fields } = toSnapSquadChanges(changes, current, {
        ...account,
        currency: currencyOf(account),
      });
      const list = {
        path: `/campaigns/${id(current.campaign_id)}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
      };
      const written = await snap.write<SnapAdSquad>(call, 'PUT', list, squad, fields);
      return withDetails(call, written);
    },

    async delete(call, squadId) {
      await snap.delete(call, `/adsquads/${id(squadId)}`);
      return mustRead(call, squadId);
    },
  };
}
