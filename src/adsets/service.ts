import type { Logger } from 'pino';
import type { AccessTokens, ConnectionRef } from '../connect/access-tokens.js';
import { AppError } from '../errors.js';
import { type PlatformAdapter, PlatformInputError } from '../platforms/adapter.js';
import type { PlatformId } from '../platforms/catalog.js';
import { PlatformError } from '../platforms/platform-error.js';
import type { Platforms } from '../platforms/registry.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { AdSet, AdSetChanges, AdSetStatus, Campaign, NewAdSet } from './model.js';

/** How many ad accounts a live read asks at once. */
const FAN_OUT = 4;

export interface ListOptions {
  limit: number;
  status?: AdSetStatus;
  /** Index member to continue after (from the decoded cursor). */
  after?: string;
  live: boolean;
}

/** Maps a failed platform call to what the vendor is told. */
export function platformFailure(platform: string, err: PlatformError): AppError {
  switch (err.kind) {
    case 'timeout':
      return new AppError('platform_timeout', `${platform} did not answer in time.`);
    case 'throttled':
      return new AppError('platform_rate_limited', `${platform} is throttling requests: ${err.message}`, {
        headers: { 'Retry-After': String(err.retryAfterSeconds ?? 1) },
      });
    default:
      return new AppError('platform_error', `${platform} answered: ${err.message}`);
  }
}

export async function mapBounded<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
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
  ) {}

  /**
   * Runs one platform call with a fresh token. A 401 gets one refresh and one retry; a second one means
   * the customer must reconnect. Platform failures become the documented errors.
   */
  private async call<T>(
    ref: ConnectionRef,
    work: (adapter: PlatformAdapter, token: string) => Promise<T>,
  ): Promise<T> {
    const adapter = this.platforms.adapter(ref.platform);
    let token = await this.tokens.get(ref);
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(adapter, token);
      } catch (err) {
        if (err instanceof PlatformInputError) {
          throw new AppError('invalid_request', err.message, { param: err.param });
        }
        if (!(err instanceof PlatformError)) throw err;
        if (err.kind === 'unauthorized') {
          if (attempt === 0) {
            token = await this.tokens.refresh(ref, token);
            continue;
          }
          await this.store.connections.markNeedsReauth(ref.company, ref.customer, ref.platform);
          throw new AppError('reauthorization_required', `The customer must reconnect ${ref.platform}.`, {
            param: 'platform',
          });
        }
        this.log.warn(
          { platform: ref.platform, customer: ref.customer, kind: err.kind, status: err.status },
          'platform call failed',
        );
        throw platformFailure(ref.platform, err);
      }
    }
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
    const perAccount = await this.call(ref, (adapter, token) =>
      mapBounded(accounts, FAN_OUT, (account) => adapter.listAdSets(token, account.id)),
    );
    await this.store.adSets.replaceAll(ref, perAccount.flat());
  }

  async list(ref: ConnectionRef, options: ListOptions) {
    await this.advertisers(ref);
    if (options.live || !(await this.store.adSets.isFilled(ref))) await this.refreshAll(ref);
    return this.store.adSets.page(ref, options);
  }

  async get(ref: ConnectionRef, id: string, live: boolean): Promise<AdSet> {
    await this.advertisers(ref);
    if (!live) {
      if (!(await this.store.adSets.isFilled(ref))) await this.refreshAll(ref);
      const cached = await this.store.adSets.get(ref, id);
      if (cached) return cached;
      throw notFound(id);
    }
    const adSet = await this.call(ref, (adapter, token) => adapter.getAdSet(token, id));
    if (!adSet || !(await this.owns(ref, adSet))) {
      await this.store.adSets.remove(ref, id);
      throw notFound(id);
    }
    await this.store.adSets.put(ref, adSet);
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
    const campaigns = await this.call(ref, (adapter, token) => adapter.listCampaigns(token, account.id));
    if (!campaigns.some((c) => c.id === input.parentId)) {
      throw new AppError(
        'invalid_request',
        `"${input.parentId}" is not a campaign of ad account ${account.id}.`,
        {
          param: 'parentId',
        },
      );
    }
    const created = await this.call(ref, (adapter, token) => adapter.createAdSet(token, input, account));
    await this.store.adSets.put(ref, created);
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

  /** The cached ad set, else the platform's (it may have been created there since the cache filled). */
  private async find(ref: ConnectionRef, id: string): Promise<AdSet> {
    const cached = (await this.store.adSets.isFilled(ref)) ? await this.store.adSets.get(ref, id) : null;
    return cached ?? this.get(ref, id, true);
  }

  async update(ref: ConnectionRef, id: string, changes: AdSetChanges): Promise<AdSet> {
    const current = await this.find(ref, id);
    const caps = this.platforms.adapter(ref.platform).capabilities;
    if (changes.status !== undefined && !caps.updateStatuses.includes(changes.status)) {
      const hint = changes.status === 'Deleted' ? ' Use DELETE to delete an ad set.' : '';
      throw new AppError(
        'unsupported_for_platform',
        `${ref.platform} cannot set status ${changes.status}.${hint}`,
        {
          param: 'status',
        },
      );
    }
    const updated = await this.call(ref, (adapter, token) => adapter.updateAdSet(token, current.id, changes));
    await this.store.adSets.put(ref, updated);
    return updated;
  }

  async delete(ref: ConnectionRef, id: string): Promise<AdSet> {
    const current = await this.find(ref, id);
    const deleted = await this.call(ref, (adapter, token) => adapter.deleteAdSet(token, current.id));
    const caps = this.platforms.adapter(ref.platform).capabilities;
    if (caps.deletion === 'soft') await this.store.adSets.put(ref, deleted);
    else await this.store.adSets.remove(ref, id);
    return { ...deleted, status: 'Deleted' };
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
          return await this.call(ref, (adapter, token) =>
            mapBounded(connection.ad_accounts, FAN_OUT, (account) =>
              adapter.listCampaigns(token, account.id),
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

const notFound = (id: string) => new AppError('adset_not_found', `No such ad set: ${id}.`, { param: 'id' });
