import type { Campaign } from '../campaigns/model.js';
import { isManaged } from '../campaigns/port.js';
import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { mapBounded } from '../map-bounded.js';
import type { PlatformAdapter } from '../ports/platform-adapter.js';
import type { PlatformCall } from '../ports/platform-call.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { ResourceCache } from '../store/resource-cache.js';
import { AD_SET_FIELDS, changedFields, mergeSettings } from './changes.js';
import {
  type AdSet,
  type AdSetChanges,
  type AdSetStatus,
  isBudget,
  type NewAdSet,
  type Setting,
  type Targeting,
} from './model.js';
import { publicAdSet } from './public.js';
import { checkNewRuntime, checkRuntimeChange, checkTotalBudgetEnd } from './runtime-rules.js';

export interface ListOptions {
  limit: number;
  status?: AdSetStatus;
  /** Only the ad sets of this campaign. */
  parentId?: string;
  /** Index member to continue after (from the decoded cursor). */
  after?: string;
  live: boolean;
}

/**
 * Ad sets of one customer on one platform: reads from the cache (filled on first use), live reads that
 * refresh it, and writes that go to the platform first and to the cache only once it accepted them.
 */
export class AdSetService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
    /** How many ad accounts are asked at once (PLATFORM_FAN_OUT). */
    private readonly fanOut: number,
    private readonly events: Events,
  ) {}

  /** The store's ad-set cache, holding the unified ad sets this service alone writes to it. */
  private get cache() {
    return this.store.adSets as ResourceCache<AdSet>;
  }

  /**
   * `adset.changed_on_platform` for each ad set a live read found different from the filled cache
   * (changed, or created, at the platform); before the cache is filled there is nothing to compare.
   */
  private async reportChanges(ref: ConnectionRef, fresh: AdSet[]): Promise<void> {
    if (fresh.length === 0 || !(await this.cache.isFilled(ref))) return;
    const cached = await this.cache.raw(
      ref,
      fresh.map((a) => a.id),
    );
    for (const [i, adSet] of fresh.entries()) {
      if (cached[i] === JSON.stringify(adSet)) continue;
      await this.events.emit('adset.changed_on_platform', {
        company: ref.company,
        customer: ref.customer,
        data: { platform: ref.platform, adset: publicAdSet(adSet) },
      });
    }
  }

  private call<T>(
    ref: ConnectionRef,
    work: (adapter: PlatformAdapter, call: PlatformCall) => Promise<T>,
    account?: string,
  ): Promise<T> {
    return this.calls.call(ref, work, account);
  }

  /** Every ad account the connection's grant reaches, listed live from the platform (not only those chosen). */
  reachableAccounts(ref: ConnectionRef): Promise<AdAccount[]> {
    return this.call(ref, (adapter, call) => adapter.listAdAccounts(call));
  }

  advertisers(ref: ConnectionRef): Promise<AdAccount[]> {
    return this.calls.advertisers(ref);
  }

  /** Reads every ad set of every connected ad account from the platform and replaces the cache. */
  private async refreshAll(ref: ConnectionRef, accounts: AdAccount[]): Promise<void> {
    const perAccount = await this.call(ref, (adapter, call) =>
      mapBounded(accounts, this.fanOut, (account) => adapter.adSets.list(call, account)),
    );
    const adSets = perAccount.flat();
    await this.reportChanges(ref, adSets);
    await this.cache.replaceAll(ref, adSets);
  }

  async list(ref: ConnectionRef, options: ListOptions) {
    const accounts = await this.advertisers(ref);
    if (options.live || !(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
    const { parentId, live: _live, ...page } = options;
    return this.cache.page(ref, accounts, {
      ...page,
      ...(parentId === undefined ? {} : { keep: (a: AdSet) => a.parentId === parentId }),
    });
  }

  async get(ref: ConnectionRef, id: string, live: boolean): Promise<AdSet> {
    const accounts = await this.advertisers(ref);
    if (!live) {
      if (!(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
      const cached = await this.cache.get(ref, id, accounts);
      if (cached) return cached;
      throw notFound(id);
    }
    const adSet = await this.call(ref, (adapter, call) => adapter.adSets.get(call, id));
    // Only ad sets of the customer's chosen ad accounts are theirs, whatever the token can see.
    if (!adSet || !accounts.some((a) => a.id === adSet.advertiser)) {
      await this.cache.remove(ref, id);
      throw notFound(id);
    }
    await this.reportChanges(ref, [adSet]);
    await this.cache.put(ref, adSet);
    return adSet;
  }

  async create(ref: ConnectionRef, input: NewAdSet): Promise<AdSet> {
    const accounts = await this.advertisers(ref);
    const account = accounts.find((a) => a.id === input.advertiser);
    if (!account) {
      throw new AppError(
        'invalid_request',
        `"${input.advertiser}" is not one of the customer's connected ad accounts.`,
        {
          param: 'advertiser',
        },
      );
    }
    this.checkBudgetLevel(ref.platform, input.settings, input.parentId);
    this.checkCapabilities(ref.platform, input);
    checkNewRuntime(input.settings, new Date());
    checkTotalBudgetEnd(input.settings);
    const campaign = await this.call(
      ref,
      async (adapter, call) =>
        isManaged(adapter.campaigns)
          ? await adapter.campaigns.get(call, input.parentId)
          : (await adapter.campaigns.list(call, account)).find((c) => c.id === input.parentId),
      account.id,
    );
    if (!campaign || campaign.advertiser !== account.id) {
      throw new AppError(
        'invalid_request',
        `"${input.parentId}" is not a campaign of ad account ${account.id}.`,
        {
          param: 'parentId',
        },
      );
    }
    this.checkObjective(ref.platform, input, campaign);
    await this.checkAudiences(ref, input.targetings, account);
    const created = await this.call(
      ref,
      (adapter, call) => adapter.adSets.create(call, input, account),
      account.id,
    );
    await this.cache.put(ref, created);
    return created;
  }

  private checkCapabilities(platform: PlatformId, input: NewAdSet): void {
    const caps = this.platforms.adapter(platform).adSets.capabilities;
    const unsupported = (param: string, message: string) =>
      new AppError('unsupported_for_platform', message, { param });
    input.settings.forEach((setting, i) => {
      if (!caps.settings.includes(setting.kind)) {
        throw unsupported(`settings[${i}]`, `${platform} has no ${setting.kind} setting on ad sets.`);
      }
    });
    input.targetings.forEach((targeting, i) => {
      if (!caps.targetings.includes(targeting.kind)) {
        throw unsupported(`targetings[${i}]`, `${platform} has no ${targeting.kind} on ad sets.`);
      }
    });
    if (!caps.channelKinds.includes(input.channelKind)) {
      throw unsupported('channelKind', `${platform} ad sets cannot run on ${input.channelKind}.`);
    }
    if (!caps.createStatuses.includes(input.status)) {
      throw unsupported('status', `${platform} cannot create ad sets with status ${input.status}.`);
    }
  }

  /**
   * Where budgets live on the campaign, an ad set shows its campaign's budget but never sets it (the
   * budget may be shared by other ad sets): the answer points to the campaign.
   */
  private checkBudgetLevel(platform: PlatformId, settings: Setting[] | undefined, campaign: string): void {
    if (this.platforms.adapter(platform).adSets.capabilities.budgetLevel !== 'campaign') return;
    settings?.forEach((setting, i) => {
      if (!isBudget(setting)) return;
      throw new AppError(
        'unsupported_for_platform',
        `${platform} keeps budgets on the campaign: an ad set shows its campaign's ${setting.kind} but cannot set it. ` +
          `Change it with PUT /v1/${platform}/campaigns/${campaign}.`,
        { param: `settings[${i}]` },
      );
    });
  }

  /** Where the objective is the campaign's, an ad set can only restate it. */
  private checkObjective(platform: PlatformId, input: NewAdSet, campaign: Campaign): void {
    if (this.platforms.adapter(platform).adSets.capabilities.objectiveLevel !== 'campaign') return;
    input.settings.forEach((setting, i) => {
      if (setting.kind === 'Objective' && setting.objective !== campaign.objective) {
        throw new AppError(
          'unsupported_for_platform',
          `${platform} takes the objective from the campaign (${campaign.objective ?? 'none'}); an ad set cannot have its own.`,
          { param: `settings[${i}].objective` },
        );
      }
    });
  }

  /**
   * The audiences an AudienceTargeting names must be customer lists of the ad set's own ad account, as
   * the platform lists them now: another account's (another customer's) id is refused by name.
   */
  private async checkAudiences(ref: ConnectionRef, targetings: Targeting[], account: AdAccount) {
    const at = targetings.findIndex((t) => t.kind === 'AudienceTargeting');
    const targeting = targetings[at];
    if (targeting?.kind !== 'AudienceTargeting') return;
    const { audiences } = this.platforms.adapter(ref.platform);
    const listed = audiences
      ? await this.call(ref, (_adapter, call) => audiences.list(call, account), account.id)
      : [];
    const known = new Set(listed.map((a) => a.id));
    for (const list of ['include', 'exclude'] as const) {
      targeting[list].forEach((id, j) => {
        if (known.has(id)) return;
        throw new AppError('invalid_request', `"${id}" is not a customer list of ad account ${account.id}.`, {
          param: `targetings[${at}].${list}[${j}]`,
        });
      });
    }
  }

  /** The cached ad set, else the platform's (it may have been created there since the cache filled). */
  async find(ref: ConnectionRef, id: string): Promise<AdSet> {
    const accounts = await this.advertisers(ref);
    const cached = (await this.cache.isFilled(ref)) ? await this.cache.get(ref, id, accounts) : null;
    return cached ?? this.get(ref, id, true);
  }

  /**
   * Changes an ad set at the platform, then caches what the platform holds afterwards and reports what
   * changed as `adset.updated`, with the fields' earlier values. Changes of settings or targetings are checked
   * against the ad set as the platform holds it now (read live), since they merge into it.
   */
  async update(ref: ConnectionRef, id: string, changes: AdSetChanges): Promise<AdSet> {
    // Refused before any platform call: the campaign is named from the cache where it holds the ad set.
    const cached = changes.settings?.some(isBudget)
      ? await this.cache.get(ref, id, await this.advertisers(ref))
      : null;
    this.checkBudgetLevel(ref.platform, changes.settings, cached?.parentId ?? '{parentId}');
    this.checkUpdateCapabilities(ref.platform, changes);
    const merging = changes.settings !== undefined || changes.targetings !== undefined;
    const current = merging ? await this.get(ref, id, true) : await this.find(ref, id);
    if (changes.settings) this.checkSettingChanges(ref.platform, changes.settings, current);
    if (changes.targetings) {
      const account = (await this.advertisers(ref)).find((a) => a.id === current.advertiser);
      if (account) await this.checkAudiences(ref, changes.targetings, account);
    }
    const updated = await this.call(
      ref,
      (adapter, call) => adapter.adSets.update(call, current.id, changes),
      current.advertiser,
    );
    await this.cache.put(ref, updated);
    const previous = changedFields(current, updated, AD_SET_FIELDS);
    if (Object.keys(previous).length > 0) {
      await this.events.emit('adset.updated', {
        company: ref.company,
        customer: ref.customer,
        actor: ref.actor,
        data: { platform: ref.platform, adset: publicAdSet(updated), previous_attributes: previous },
      });
    }
    return updated;
  }

  /** What the platform's adapter does not declare it can change is refused by name, before any call. */
  private checkUpdateCapabilities(platform: PlatformId, changes: AdSetChanges): void {
    const caps = this.platforms.adapter(platform).adSets.capabilities;
    if (changes.status !== undefined && !caps.updateStatuses.includes(changes.status)) {
      const hint = changes.status === 'Deleted' ? ' Use DELETE to delete an ad set.' : '';
      throw new AppError(
        'unsupported_for_platform',
        `${platform} cannot set status ${changes.status}.${hint}`,
        {
          param: 'status',
        },
      );
    }
    changes.settings?.forEach((setting, i) => {
      if (!caps.updates.settings.includes(setting.kind)) {
        throw new AppError(
          'unsupported_for_platform',
          `adlink cannot change the ${setting.kind} of ${platform} ad sets after creation.`,
          { param: `settings[${i}]` },
        );
      }
    });
    changes.targetings?.forEach((targeting, i) => {
      if (!caps.updates.targetings.includes(targeting.kind)) {
        throw new AppError(
          'unsupported_for_platform',
          `adlink cannot change the ${targeting.kind} of ${platform} ad sets after creation.`,
          { param: `targetings[${i}]` },
        );
      }
    });
  }

  /** Settings sent to an existing ad set, against what it holds now and what it will hold after. */
  private checkSettingChanges(platform: PlatformId, settings: Setting[], current: AdSet): void {
    const caps = this.platforms.adapter(platform).adSets.capabilities;
    const budget = current.settings.find(isBudget);
    settings.forEach((setting, i) => {
      if (isBudget(setting) && budget && setting.kind !== budget.kind && !caps.updates.budgetKindChange) {
        throw new AppError(
          'unsupported_for_platform',
          `${platform} cannot turn a ${budget.kind} into a ${setting.kind}: send a ${budget.kind}.`,
          { param: `settings[${i}]` },
        );
      }
    });
    checkRuntimeChange(settings, current.settings, new Date());
    checkTotalBudgetEnd(mergeSettings(current.settings, settings));
  }

  async delete(ref: ConnectionRef, id: string): Promise<AdSet> {
    const current = await this.find(ref, id);
    const deleted = await this.call(
      ref,
      (adapter, call) => adapter.adSets.delete(call, current.id),
      current.advertiser,
    );
    const caps = this.platforms.adapter(ref.platform).adSets.capabilities;
    if (caps.deletion === 'soft') await this.cache.put(ref, deleted);
    else await this.cache.remove(ref, id);
    return deleted;
  }
}

const notFound = (id: string) => new AppError('adset_not_found', `No such ad set: ${id}.`, { param: 'id' });
