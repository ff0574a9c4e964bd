import type { AdSet } from '../../adsets/model.js';
import type { AdAccount } from '../../store/connections.js';
import {
  type AdapterFactory,
  NAME_AND_STATUS_UPDATES,
  type PlatformCall,
  PlatformInputError,
} from '../adapter.js';
import { PlatformError } from '../platform-error.js';
import { toSnapAdSquad } from './adsquad-body.js';
import type { SnapAd, SnapAdSquad, SnapCampaign, SnapOrganization } from './api-types.js';
import { snapClient } from './client.js';
import { NOT_FOUND_CODE } from './errors.js';
import { objectiveOf, SNAP_STATUS, toAd, toAdSet, toCampaign } from './mapping.js';

/** Deleted squads stay readable with this, as Snap's soft delete keeps them. */
const READ_DELETED = { read_deleted_entities: 'true' };
/** Derived fields a squad is read with that a full update does not send back. */
const DERIVED = ['delivery_status', 'deleted'];

const id = (value: string) => encodeURIComponent(value);

/** Maps Snap's Marketing API (Ads API v1) to adlink's unified model. See README.md beside this file. */
export const snapchatAdapter: AdapterFactory = ({ apiBaseUrl }, { timeoutMs }) => {
  const snap = snapClient(apiBaseUrl, timeoutMs);

  const campaignsOf = (call: PlatformCall, account: string) =>
    snap.all<SnapCampaign>(call, {
      path: `/adaccounts/${id(account)}/campaigns`,
      plural: 'campaigns',
      singular: 'campaign',
    });
  const adsOf = (call: PlatformCall, squad: string) =>
    snap.all<SnapAd>(call, { path: `/adsquads/${id(squad)}/ads`, plural: 'ads', singular: 'ad' });

  async function campaignObjective(call: PlatformCall, campaign: string): Promise<string | undefined> {
    const [found] = await snap.get<SnapCampaign>(call, {
      path: `/campaigns/${id(campaign)}`,
      plural: 'campaigns',
      singular: 'campaign',
    });
    return found && objectiveOf(found);
  }

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
      updates: NAME_AND_STATUS_UPDATES,
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
      return (await campaignsOf(call, advertiser.id)).map(toCampaign);
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
      const objective = await campaignObjective(call, input.parentId);
      const { squad, fields } = toSnapAdSquad(input, account, objective, new Date());
      const list = {
        path: `/campaigns/${id(input.parentId)}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
      };
      const created = await snap.write<SnapAdSquad>(call, 'POST', list, squad, fields);
      return toAdSet(created, currencyOf(account), objective, []);
    },

    /** Snap's update replaces the whole squad: read it, change name and status, write it back. */
    async updateAdSet(call, squadId, changes) {
      const current = await readSquad(call, squadId);
      if (!current) throw new PlatformError('rejected', `Snapchat did not return ad squad ${squadId}`);
      if (current.deleted)
        throw new PlatformInputError('id', `Snapchat ad squad ${squadId} is deleted and cannot change.`);
      const squad = Object.fromEntries(Object.entries(current).filter(([field]) => !DERIVED.includes(field)));
      if (changes.name !== undefined) squad.name = changes.name;
      if (changes.status !== undefined) squad.status = SNAP_STATUS[changes.status];
      const list = {
        path: `/campaigns/${id(current.campaign_id)}/adsquads`,
        plural: 'adsquads',
        singular: 'adsquad',
      };
      const written = await snap.write<SnapAdSquad>(call, 'PUT', list, squad, [
        ['name', 'name'],
        ['status', 'status'],
      ]);
      return withDetails(call, written);
    },

    async deleteAdSet(call, squadId) {
      await snap.delete(call, `/adsquads/${id(squadId)}`);
      return mustRead(call, squadId);
    },

    async listAds(call, squadId) {
      return (await adsOf(call, squadId)).map(toAd);
    },
  };
};
