import type { AdSet } from '../../adsets/model.js';
import type { AdapterFactory } from '../../ports/platform-adapter.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError, PlatformInputError } from '../../ports/platform-error.js';
import type { AdAccount } from '../../store/connections.js';
import { toSnapAdSquad } from './adset-body.js';
import { toSnapSquadChanges } from './adset-changes.js';
import { READ_DELETED, snapchatCampaigns } from './campaigns.js';
import { snapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import { objectiveOf, toAd, toAdSet, toCampaign } from './mapping.js';
import type { SnapAd, SnapAdSquad, SnapCampaign, SnapOrganization } from './model.js';
import { snapchatReports } from './reports.js';

const id = (value: string) => encodeURIComponent(value);

/** Maps Snap's Marketing API (Ads API v1) to adlink's unified model. See README.md beside this file. */
export const snapchatAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const snap = snapClient(apiBaseUrl, timeoutMs);

  const campaignsOf = (call: PlatformCall, account: string) =>
    snap.all<SnapCampaign>(call, {
      path: `/adaccounts/${id(account)}/campaigns`,
      plural: 'campaigns',
      singular: 'campaign',
      query: READ_DELETED,
    });
  const adsOf = (call: PlatformCall, squad: string) =>
    snap.all<SnapAd>(call, { path: `/adsquads/${id(squad)}/ads`, plural: 'ads', singular: 'ad' });

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

  const currencyOf = (account: AdAccount): string => {
    if (!account.currency)
      throw new PlatformError('rejected', `no currency known for ad account ${account.id}`);
    return account.currency;
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
    const [objective, ads] = await Promise.all([
      campaignObjective(call, squad.campaign_id),
      adsOf(call, squad.id),
    ]);
    return toAdSet(squad, currencyOf(account), objective, ads);
  }

  async function mustRead(call: PlatformCall, squadId: string): Promise<AdSet> {
    const squad = await readSquad(call, squadId);
    if (!squad) throw new PlatformError('rejected', `Snapchat did not return ad squad ${squadId}`);
    return withDetails(call, squad);
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['GeoTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      // adlink keeps a squad's budget kind: its bid cap is derived from it (see adset-body.ts).
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async listAdAccounts(call) {
      const organizations = await snap.all<SnapOrganization>(call, {
        path: '/me/organizations',
        plural: 'organizations',
        singular: 'organization',
        query: { with_ad_accounts: 'true' },
      });
      return organizations.flatMap((org) =>
        (org.ad_accounts ?? []).map(({ id: accountId, name, currency }) => ({
          id: accountId,
          name,
          currency,
        })),
      );
    },

    async listCampaigns(call, advertiser) {
      const currency = currencyOf(advertiser);
      return (await campaignsOf(call, advertiser.id)).map((c) => toCampaign(c, currency));
    },

    /** One list after the other: a throttled account stops at its first list, not at three at once. */
    async listAdSets(call, advertiser) {
      const account = id(advertiser.id);
      const squads = await snap.all<SnapAdSquad>(call, {
        path: `/adaccounts/${account}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
        query: READ_DELETED,
      });
      const campaigns = await campaignsOf(call, advertiser.id);
      const ads = await snap.all<SnapAd>(call, {
        path: `/adaccounts/${account}/ads`,
        plural: 'ads',
        singular: 'ad',
      });
      const objectives = new Map(campaigns.map((c) => [c.id, objectiveOf(c)]));
      const adsOfSquad = new Map<string, SnapAd[]>();
      for (const ad of ads) adsOfSquad.set(ad.ad_squad_id, [...(adsOfSquad.get(ad.ad_squad_id) ?? []), ad]);
      const currency = currencyOf(advertiser);
      return squads.map((squad) =>
        toAdSet(squad, currency, objectives.get(squad.campaign_id), adsOfSquad.get(squad.id) ?? []),
      );
    },

    async getAdSet(call, squadId) {
      const squad = await readSquad(call, squadId);
      return squad ? withDetails(call, squad) : null;
    },

    async createAdSet(call, input, account) {
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
      return toAdSet(created, currencyOf(account), objective, []);
    },

    /** Snap's update replaces the whole squad: read it, change what was sent, write it back. */
    async updateAdSet(call, squadId, changes) {
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

    async deleteAdSet(call, squadId) {
      await snap.delete(call, `/adsquads/${id(squadId)}`);
      return mustRead(call, squadId);
    },

    campaigns: snapchatCampaigns(snap),
    reports: snapchatReports(snap),

    async listAds(call, squadId) {
      return (await adsOf(call, squadId)).map(toAd);
    },
  };
};
