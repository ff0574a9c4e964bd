import { changedFields, mergeSettings } from '../adsets/changes.js';
import { type AdSetStatus, type Budget, isBudget, type Setting } from '../adsets/model.js';
import { fitsMinorUnits } from '../adsets/money.js';
import { checkNewRuntime, checkRuntimeChange, checkTotalBudgetEnd } from '../adsets/runtime-rules.js';
import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { mapBounded } from '../map-bounded.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { ResourceCache } from '../store/resource-cache.js';
import type { Campaign, CampaignChanges, CampaignSetting, NewCampaign } from './model.js';
import { isManaged, type ManagedCampaigns } from './port.js';

export interface CampaignListOptions {
  limit: number;
  status?: AdSetStatus;
  /** Index member to continue after (from the decoded cursor). */
  after?: string;
  live: boolean;
}

/** What a campaign update may change. */
const CAMPAIGN_FIELDS = ['name', 'status', 'settings'] as const satisfies (keyof Campaign)[];

/** The order campaigns are listed and paged in across platforms. */
export const campaignKey = (c: Pick<Campaign, 'platform' | 'id'>): string => `${c.platform}|${c.id}`;

const unsupported = (param: string, message: string) =>
  new AppError('unsupported_for_platform', message, { param });

const notFound = (id: string) =>
  new AppError('campaign_not_found', `No such campaign: ${id}.`, { param: 'id' });

/**
 * Campaigns of one customer on one platform, like ad sets: reads from the cache (filled on first use),
 * live reads that refresh it, and writes that go to the platform first and to the cache once it
 * accepted them. Creating and changing campaigns needs the adapter's campaign management; reading does not.
 */
export class CampaignService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
    /** How many ad accounts are asked at once (PLATFORM_FAN_OUT). */
    private readonly fanOut: number,
    private readonly events: Events,
  ) {}

  private get cache() {
    return this.store.campaigns as ResourceCache<Campaign>;
  }

  /** The platform's campaign management, or 400 unsupported_for_platform naming the platform. */
  private managed(platform: PlatformId): ManagedCampaigns {
    const { campaigns } = this.platforms.adapter(platform);
    if (!isManaged(campaigns)) {
      throw unsupported('platform', `adlink cannot create or change ${platform} campaigns yet.`);
    }
    return campaigns;
  }

  /** Reads every campaign of every connected ad account from the platform and replaces the cache. */
  private async refreshAll(ref: ConnectionRef, accounts?: AdAccount[]): Promise<Campaign[]> {
    const scope = accounts ?? (await this.calls.advertisers(ref));
    const perAccount = await this.calls.call(ref, (adapter, call) =>
      mapBounded(scope, this.fanOut, (account) => adapter.campaigns.list(call, account)),
    );
    const campaigns = perAccount.flat();
    await this.cache.replaceAll(ref, campaigns);
    return campaigns;
  }

  async list(ref: ConnectionRef, options: CampaignListOptions) {
    const accounts = await this.calls.advertisers(ref);
    if (options.live || !(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
    const { live: _live, ...page } = options;
    return this.cache.page(ref, accounts, page);
  }

  async get(ref: ConnectionRef, id: string, live: boolean): Promise<Campaign> {
    const accounts = await this.calls.advertisers(ref);
    if (!live) {
      if (!(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
      const cached = await this.cache.get(ref, id, accounts);
      if (cached) return cached;
      throw notFound(id);
    }
    const campaign = await this.calls.call(ref, async (adapter, call) =>
      isManaged(adapter.campaigns)
        ? adapter.campaigns.get(call, id)
        : (await mapBounded(accounts, this.fanOut, (a) => adapter.campaigns.list(call, a)))
            .flat()
            .find((c) => c.id === id),
    );
    if (!campaign || !accounts.some((a) => a.id === campaign.advertiser)) {
      await this.cache.remove(ref, id);
      throw notFound(id);
    }
    await this.cache.put(ref, campaign);
    return campaign;
  }

  /** The cached campaign, else the platform's (it may have been created there since the cache filled). */
  private async find(ref: ConnectionRef, id: string): Promise<Campaign> {
    const accounts = await this.calls.advertisers(ref);
    const cached = (await this.cache.isFilled(ref)) ? await this.cache.get(ref, id, accounts) : null;
    return cached ?? this.get(ref, id, true);
  }

  async create(ref: ConnectionRef, input: NewCampaign): Promise<Campaign> {
    const campaigns = this.managed(ref.platform);
    const { capabilities: caps } = campaigns;
    const account = (await this.calls.advertisers(ref)).find((a) => a.id === input.advertiser);
    if (!account) {
      throw new AppError(
        'invalid_request',
        `"${input.advertiser}" is not one of the customer's connected ad accounts.`,
        { param: 'advertiser' },
      );
    }
    if (caps.objectives.length === 0) {
      throw unsupported('platform', `${ref.platform}'s API does not create campaigns.`);
    }
    if (!caps.objectives.includes(input.objective)) {
      throw unsupported(
        'objective',
        `${ref.platform} campaigns are created with one of these objectives: ${caps.objectives.join(', ')}.`,
      );
    }
    this.checkChannelKind(ref.platform, input);
    if (!caps.createStatuses.includes(input.status)) {
      throw unsupported('status', `${ref.platform} cannot create campaigns with status ${input.status}.`);
    }
    input.settings.forEach((setting, i) => {
      if (!caps.settings.includes(setting.kind)) {
        throw unsupported(`settings[${i}]`, `${ref.platform} has no ${setting.kind} setting on campaigns.`);
      }
    });
    checkMoney(input.settings, account);
    checkNewRuntime(input.settings, new Date(), 'campaign');
    if (caps.settings.includes('Runtime')) checkTotalBudgetEnd(input.settings);
    const created = await this.calls.call(
      ref,
      (_adapter, call) => campaigns.create(call, input, account),
      account.id,
    );
    await this.cache.put(ref, created);
    await this.events.emit('campaign.created', {
      company: ref.company,
      customer: ref.customer,
      actor: ref.actor,
      data: { platform: ref.platform, campaign: created },
    });
    return created;
  }

  private checkChannelKind(platform: PlatformId, input: NewCampaign): void {
    const { channelKinds } = this.managed(platform).capabilities;
    // Where campaigns choose no channel, the one channel the platform runs on may still be restated.
    const [only, ...more] = this.platforms.adapter(platform).adSets.capabilities.channelKinds;
    if (channelKinds.length === 0 && more.length === 0 && input.channelKind === only) return;
    if (input.channelKind === undefined) {
      if (channelKinds.length > 0) {
        throw new AppError(
          'invalid_request',
          `${platform} campaigns run on one channel: give channelKind, one of ${channelKinds.join(', ')}.`,
          { param: 'channelKind' },
        );
      }
      return;
    }
    if (!channelKinds.includes(input.channelKind)) {
      const offered = channelKinds.length ? `one of ${channelKinds.join(', ')}` : 'none';
      throw unsupported(
        'channelKind',
        `${platform} campaigns cannot choose ${input.channelKind} (channel kinds: ${offered}).`,
      );
    }
  }

  /**
   * Changes a campaign at the platform, then caches what the platform holds afterwards and reports what
   * changed as `campaign.updated`. Settings are checked against the campaign as the platform holds it
   * now (read live), since they merge into it.
   */
  async update(ref: ConnectionRef, id: string, changes: CampaignChanges): Promise<Campaign> {
    const campaigns = this.managed(ref.platform);
    const { capabilities: caps } = campaigns;
    if (changes.status !== undefined && !caps.updateStatuses.includes(changes.status)) {
      const hint = changes.status === 'Deleted' ? ' Use DELETE to delete a campaign.' : '';
      throw unsupported(
        'status',
        `${ref.platform} cannot set a campaign's status to ${changes.status}.${hint}`,
      );
    }
    changes.settings?.forEach((setting, i) => {
      if (!caps.updateSettings.includes(setting.kind)) {
        throw unsupported(
          `settings[${i}]`,
          `adlink cannot change the ${setting.kind} of ${ref.platform} campaigns after creation.`,
        );
      }
    });
    const current = changes.settings ? await this.get(ref, id, true) : await this.find(ref, id);
    if (changes.settings) {
      const account = (await this.calls.advertisers(ref)).find((a) => a.id === current.advertiser);
      this.checkSettingChanges(ref.platform, changes.settings, current, account);
    }
    const updated = await this.calls.call(
      ref,
      (_adapter, call) => campaigns.update(call, current.id, changes),
      current.advertiser,
    );
    await this.cache.put(ref, updated);
    const previous = changedFields(current, updated, CAMPAIGN_FIELDS);
    if (Object.keys(previous).length > 0) {
      await this.events.emit('campaign.updated', {
        company: ref.company,
        customer: ref.customer,
        actor: ref.actor,
        data: { platform: ref.platform, campaign: updated, previous_attributes: previous },
      });
    }
    return updated;
  }

  private checkSettingChanges(
    platform: PlatformId,
    settings: Setting[],
    current: Campaign,
    account: AdAccount | undefined,
  ): void {
    const { capabilities: caps } = this.managed(platform);
    const budget = current.settings.find((s): s is Extract<CampaignSetting, Budget> => isBudget(s));
    settings.forEach((setting, i) => {
      if (!isBudget(setting) || !budget) return;
      if (budget.shared) {
        throw unsupported(
          `settings[${i}]`,
          `This campaign's budget is shared by other campaigns: adlink shows it but does not change it. Change it at ${platform}.`,
        );
      }
      if (setting.kind !== budget.kind && !caps.budgetKindChange) {
        throw unsupported(
          `settings[${i}]`,
          `${platform} cannot turn a campaign's ${budget.kind} into a ${setting.kind}: send a ${budget.kind}.`,
        );
      }
    });
    if (account) checkMoney(settings, account);
    checkRuntimeChange(settings, current.settings, new Date(), 'campaign');
    // Without a campaign schedule (TikTok), a campaign's TotalBudget is a lifetime cap that needs no end.
    if (caps.settings.includes('Runtime')) checkTotalBudgetEnd(mergeSettings(current.settings, settings));
  }

  async delete(ref: ConnectionRef, id: string): Promise<Campaign> {
    const campaigns = this.managed(ref.platform);
    const current = await this.find(ref, id);
    const deleted = await this.calls.call(
      ref,
      (_adapter, call) => campaigns.delete(call, current.id),
      current.advertiser,
    );
    if (campaigns.capabilities.deletion === 'soft') await this.cache.put(ref, deleted);
    else await this.cache.remove(ref, id);
    await this.events.emit('campaign.deleted', {
      company: ref.company,
      customer: ref.customer,
      actor: ref.actor,
      data: { platform: ref.platform, campaign: deleted },
    });
    return deleted;
  }

  /**
   * Campaigns of every connected ad account on every connected platform (or one), read live; each
   * platform's answer refreshes its campaign cache, so both lists show the same records. A platform
   * that fails does not hide the others: it is reported in `unavailable`.
   */
  async acrossPlatforms(company: string, customer: string, only?: PlatformId) {
    const connections = (await this.store.connections.list(company, customer)).filter(
      (c) => only === undefined || c.platform === only,
    );
    const unavailable: { platform: PlatformId; code: string; message: string }[] = [];
    const perPlatform = await Promise.all(
      connections.map(async (connection) => {
        const ref = { company, customer, platform: connection.platform };
        try {
          return await this.refreshAll(ref, connection.ad_accounts);
        } catch (err) {
          if (!(err instanceof AppError) || err.status === 503) throw err;
          unavailable.push({ platform: connection.platform, code: err.code, message: err.message });
          return [];
        }
      }),
    );
    const campaigns = perPlatform.flat().sort((a, b) => (campaignKey(a) < campaignKey(b) ? -1 : 1));
    return { campaigns, unavailable };
  }
}

/** Budgets in the ad account's currency, with no more decimals than that currency has. */
function checkMoney(settings: Setting[], account: AdAccount): void {
  settings.forEach((setting, i) => {
    if (!isBudget(setting)) return;
    if (account.currency && setting.currency !== account.currency) {
      throw new AppError(
        'invalid_request',
        `Budgets of ad account ${account.id} are in ${account.currency}, not ${setting.currency}.`,
        { param: `settings[${i}].currency` },
      );
    }
    if (!fitsMinorUnits(setting.budget, setting.currency)) {
      throw new AppError('invalid_request', `Too many decimals for ${setting.currency}.`, {
        param: `settings[${i}].budget`,
      });
    }
  });
}
