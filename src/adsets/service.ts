import type { Logger } from 'pino';
import type { Campaign } from '../campaigns/model.js';
import type { AccessTokens, ConnectionRef } from '../connect/access-tokens.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import { mapBounded } from '../map-bounded.js';
import { type PlatformAdapter, type PlatformCall, PlatformInputError } from '../platforms/adapter.js';
import { PlatformError } from '../platforms/platform-error.js';
import type { Platforms } from '../platforms/registry.js';
import type { AdSetCache } from '../store/adset-cache.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import { changedFields, mergeSettings } from './changes.js';
import {
  type AdSet,
  type AdSetChanges,
  type AdSetStatus,
  isBudget,
  type NewAdSet,
  type Setting,
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

/** Maps a failed platform call to what the vendor is told. */
export function platformFailure(platform: string, err: PlatformError): AppError {
  switch (err.kind) {
    case 'timeout':
      return new AppError('platform_timeout', `${platform} did not answer in time.`);
    case 'invalid':
      return new AppError('platform_validation_failed', `${platform} refused the values: ${err.message}`, {
        ...(err.param ? { param: err.param } : {}),
      });
    case 'throttled':
      return new AppError('platform_rate_limited', `${platform} is throttling requests: ${err.message}`, {
        headers: { 'Retry-After': String(err.retryAfterSeconds ?? 1) },
      });
    default:
      return new AppError('platform_error', `${platform} answered: ${err.message}`);
  }
}

/**
 * Ad sets of one customer on one platform: reads from the cache (filled on first use), live reads that
 * refresh it, and writes that go to the platform first and to the cache only once it accepted them.
 */
export class AdSetService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly tokens: AccessTokens,
    private readonly log: Logger,
    /** How many ad accounts are asked at once (PLATFORM_FAN_OUT). */
    private readonly fanOut: number,
    private readonly events: Events,
  ) {}

  /** The store's ad-set cache, holding the unified ad sets this service alone writes to it. */
  private get cache() {
    return this.store.adSets as AdSetCache<AdSet>;
  }

  /**
   * `adset.changed_on_platform` for each ad set a live read found different from the filled cache
   * (changed, or created, at the platform); before the cache is filled there is nothing to compare.
   */
  private async reportChanges(ref: ConnectionRef, fresh: AdSet[]): Promise<void> {
    if (fresh.length === 0 || !(await this.cache.isFilled(ref))) return;
    const cached = await this.store.kv.mget(
      fresh.map((a) => this.store.keys.adSet(ref.company, ref.customer, ref.platform, a.id)),
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

  /**
   * Runs one platform call with a fresh token, the connection's app and its ad accounts (or only
   * `account`, where the ad set's account is known). A 401 gets one refresh and one retry; a second
   * one means the customer must reconnect. Platform failures become the documented errors.
   */
  private async call<T>(
    ref: ConnectionRef,
    work: (adapter: PlatformAdapter, call: PlatformCall) => Promise<T>,
    account?: string,
  ): Promise<T> {
    const adapter = this.platforms.adapter(ref.platform);
    const [accounts, app] = await Promise.all([
      this.advertisers(ref),
      this.platforms.oauthApp(ref.company, ref.platform),
    ]);
    let accessToken = await this.tokens.get(ref);
    if (!app) throw reconnect(ref.platform);
    const scope = account === undefined ? accounts : accounts.filter((a) => a.id === account);
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(adapter, { accessToken, app, accounts: scope });
      } catch (err) {
        if (err instanceof PlatformInputError) {
          throw new AppError('invalid_request', err.message, { param: err.param });
        }
        if (!(err instanceof PlatformError)) throw err;
        if (err.kind === 'unauthorized') {
          if (attempt === 0) {
            accessToken = await this.tokens.refresh(ref, accessToken);
            continue;
          }
          await this.tokens.markNeedsReauth(ref, 'token_rejected');
          throw reconnect(ref.platform);
        }
        this.log.warn(
          {
            platform: ref.platform,
            customer: ref.customer,
            kind: err.kind,
            status: err.status,
            code: err.code,
          },
          'platform call failed',
        );
        throw platformFailure(ref.platform, err);
      }
    }
  }

  /** Every ad account the connection's grant reaches, listed live from the platform (not only those chosen). */
  reachableAccounts(ref: ConnectionRef): Promise<AdAccount[]> {
    return this.call(ref, (adapter, call) => adapter.listAdAccounts(call));
  }

  async advertisers(ref: ConnectionRef): Promise<AdAccount[]> {
    const connection = await this.store.connections.get(ref.company, ref.customer, ref.platform);
    if (!connection) {
      throw new AppError('platform_not_connected', `The customer has not connected ${ref.platform}.`, {
        param: 'platform',
      });
    }
    return connection.ad_accounts;
  }

  /** Reads every ad set of every connected ad account from the platform and replaces the cache. */
  private async refreshAll(ref: ConnectionRef): Promise<void> {
    const accounts = await this.advertisers(ref);
    const perAccount = await this.call(ref, (adapter, call) =>
      mapBounded(accounts, this.fanOut, (account) => adapter.listAdSets(call, account)),
    );
    const adSets = perAccount.flat();
    await this.reportChanges(ref, adSets);
    await this.cache.replaceAll(ref, adSets);
  }

  async list(ref: ConnectionRef, options: ListOptions) {
    await this.advertisers(ref);
    if (options.live || !(await this.cache.isFilled(ref))) await this.refreshAll(ref);
    return this.cache.page(ref, options);
  }

  async get(ref: ConnectionRef, id: string, live: boolean): Promise<AdSet> {
    await this.advertisers(ref);
    if (!live) {
      if (!(await this.cache.isFilled(ref))) await this.refreshAll(ref);
      const cached = await this.cache.get(ref, id);
      if (cached) return cached;
      throw notFound(id);
    }
    const adSet = await this.call(ref, (adapter, call) => adapter.getAdSet(call, id));
    if (!adSet || !(await this.owns(ref, adSet))) {
      await this.cache.remove(ref, id);
      throw notFound(id);
    }
    await this.reportChanges(ref, [adSet]);
    await this.cache.put(ref, adSet);
    return adSet;
  }

  /** Only ad sets of the customer's own connected ad accounts are theirs, whatever the token can see. */
  private async owns(ref: ConnectionRef, adSet: AdSet): Promise<boolean> {
    return (await this.advertisers(ref)).some((a) => a.id === adSet.advertiser);
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
    this.checkCapabilities(ref.platform, input);
    checkNewRuntime(input.settings, new Date());
    checkTotalBudgetEnd(input.settings);
    const campaigns = await this.call(ref, (adapter, call) => adapter.listCampaigns(call, account));
    const campaign = campaigns.find((c) => c.id === input.parentId);
    if (!campaign) {
      throw new AppError(
        'invalid_request',
        `"${input.parentId}" is not a campaign of ad account ${account.id}.`,
        {
          param: 'parentId',
        },
      );
    }
    this.checkObjective(ref.platform, input, campaign);
    const created = await this.call(
      ref,
      (adapter, call) => adapter.createAdSet(call, input, account),
      account.id,
    );
    await this.cache.put(ref, created);
    return created;
  }

  private checkCapabilities(platform: PlatformId, input: NewAdSet): void {
    const caps = this.platforms.adapter(platform).capabilities;
    const unsupported = (param: string, message: string) =>
      new AppError('unsupported_for_platform', message, { param });
    input.settings.forEach((setting, i) => {
      if (!caps.settings.includes(setting.kind)) {
        throw unsupported(`settings[${i}]`, `${platform} has no ${setting.kind} setting on ad sets.`);
      }
      if (caps.budgetLevel === 'campaign' && isBudget(setting)) {
        throw unsupported(
          `settings[${i}]`,
          `${platform} keeps budgets on the campaign: an ad set shows its campaign's ${setting.kind} but cannot set it.`,
        );
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

  /** Where the objective is the campaign's, an ad set can only restate it. */
  private checkObjective(platform: PlatformId, input: NewAdSet, campaign: Campaign): void {
    if (this.platforms.adapter(platform).capabilities.objectiveLevel !== 'campaign') return;
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

  /** The cached ad set, else the platform's (it may have been created there since the cache filled). */
  private async find(ref: ConnectionRef, id: string): Promise<AdSet> {
    const cached = (await this.cache.isFilled(ref)) ? await this.cache.get(ref, id) : null;
    return cached ?? this.get(ref, id, true);
  }

  /**
   * Changes an ad set at the platform, then caches what the platform holds afterwards and reports what
   * changed as `adset.updated`, with the fields' earlier values. Changes of settings or targetings are checked
   * against the ad set as the platform holds it now (read live), since they merge into it.
   */
  async update(ref: ConnectionRef, id: string, changes: AdSetChanges): Promise<AdSet> {
    this.checkUpdateCapabilities(ref.platform, changes);
    const merging = changes.settings !== undefined || changes.targetings !== undefined;
    const current = merging ? await this.get(ref, id, true) : await this.find(ref, id);
    if (changes.settings) this.checkSettingChanges(ref.platform, changes.settings, current);
    const updated = await this.call(
      ref,
      (adapter, call) => adapter.updateAdSet(call, current.id, changes),
      current.advertiser,
    );
    await this.cache.put(ref, updated);
    const previous = changedFields(current, updated);
    if (Object.keys(previous).length > 0) {
      await this.events.emit('adset.updated', {
        company: ref.company,
        customer: ref.customer,
        data: { platform: ref.platform, adset: publicAdSet(updated), previous_attributes: previous },
      });
    }
    return updated;
  }

  /** What the platform's adapter does not declare it can change is refused by name, before any call. */
  private checkUpdateCapabilities(platform: PlatformId, changes: AdSetChanges): void {
    const caps = this.platforms.adapter(platform).capabilities;
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
    const caps = this.platforms.adapter(platform).capabilities;
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
      (adapter, call) => adapter.deleteAdSet(call, current.id),
      current.advertiser,
    );
    const caps = this.platforms.adapter(ref.platform).capabilities;
    if (caps.deletion === 'soft') await this.cache.put(ref, deleted);
    else await this.cache.remove(ref, id);
    return deleted;
  }

  /**
   * Campaigns of every connected ad account on every connected platform (or one), read live. A
   * platform that fails does not hide the others: it is reported in `unavailable`.
   */
  async campaigns(company: string, customer: string, only?: PlatformId) {
    const connections = (await this.store.connections.list(company, customer)).filter(
      (c) => only === undefined || c.platform === only,
    );
    const unavailable: { platform: PlatformId; code: string; message: string }[] = [];
    const perPlatform = await Promise.all(
      connections.map(async (connection) => {
        const ref = { company, customer, platform: connection.platform };
        try {
          return await this.call(ref, (adapter, call) =>
            mapBounded(connection.ad_accounts, this.fanOut, (account) =>
              adapter.listCampaigns(call, account),
            ),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.status === 503) throw err;
          unavailable.push({ platform: connection.platform, code: err.code, message: err.message });
          return [];
        }
      }),
    );
    const campaigns: Campaign[] = perPlatform
      .flat(2)
      .sort((a, b) => (campaignKey(a) < campaignKey(b) ? -1 : 1));
    return { campaigns, unavailable };
  }
}

/** The order campaigns are listed and paged in. */
export const campaignKey = (c: Pick<Campaign, 'platform' | 'id'>): string => `${c.platform}|${c.id}`;

const reconnect = (platform: string) =>
  new AppError('reauthorization_required', `The customer must reconnect ${platform}.`, { param: 'platform' });

const notFound = (id: string) => new AppError('adset_not_found', `No such ad set: ${id}.`, { param: 'id' });
