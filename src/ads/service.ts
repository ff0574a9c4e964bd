import { changedFields } from '../adsets/changes.js';
import type { AdSet } from '../adsets/model.js';
import type { AdSetService } from '../adsets/service.js';
import type { ConnectionRef } from '../connections/access-tokens.js';
import type { ConnectionCalls } from '../connections/connection-calls.js';
import type { PlatformId } from '../domain/platform-ids.js';
import { AppError } from '../errors.js';
import type { Events } from '../events/events.js';
import type { IdentityService } from '../identities/service.js';
import { mapBounded } from '../map-bounded.js';
import type { MediaService } from '../media/service.js';
import type { Platforms } from '../ports/platforms.js';
import type { AdAccount } from '../store/connections.js';
import type { Store } from '../store/index.js';
import type { ResourceCache } from '../store/resource-cache.js';
import { checkCreative, checkImages } from './creative-check.js';
import type { Ad, AdChanges, AdSetStatus, Creative, NewAd } from './model.js';
import type { AdAdapter, AdContext } from './port.js';

export interface AdListOptions {
  limit: number;
  status?: AdSetStatus;
  adSetId?: string;
  campaignId?: string;
  /** Index member to continue after (from the decoded cursor). */
  after?: string;
  live: boolean;
}

/** What an ad update may change, and what `ad.updated` reports the earlier values of. */
const AD_FIELDS = ['name', 'status', 'creative'] as const satisfies (keyof Ad)[];

/** How long adlink keeps looking at an ad whose review is pending, and at most between two looks. */
const REVIEW_WATCH_SECONDS = 14 * 24 * 3600;
const MAX_REVIEW_GAP_SECONDS = 3600;
/** Watched ads checked per round of a check. */
const REVIEW_BATCH = 100;

const unsupported = (param: string, message: string) =>
  new AppError('unsupported_for_platform', message, { param });

const notFound = (id: string) => new AppError('ad_not_found', `No such ad: ${id}.`, { param: 'id' });

/**
 * The ad as the API shows it: without the cache's ordering field, and without its own targetings
 * (shown only inside its ad set, with `childResources=Ad,Targeting`).
 */
export const publicAd = ({ created_at: _created, targetings: _targetings, ...ad }: Ad) => ad;

/**
 * Ads of one customer on one platform, like ad sets: reads from the cache (filled on first use), live
 * reads that refresh it and report review changes, and writes that go to the platform first — after
 * the creative was checked against the platform's rules, with its images and identity resolved — and to
 * the cache once it accepted them.
 */
export class AdService {
  constructor(
    private readonly store: Store,
    private readonly platforms: Platforms,
    private readonly calls: ConnectionCalls,
    private readonly fanOut: number,
    private readonly events: Events,
    private readonly adSets: AdSetService,
    private readonly media: MediaService,
    private readonly identities: IdentityService,
  ) {}

  private get cache() {
    return this.store.ads as ResourceCache<Ad>;
  }

  /** The platform's ads adapter, or 400 unsupported_for_platform naming the platform. */
  private adapter(ref: ConnectionRef): AdAdapter {
    const { ads } = this.platforms.adapter(ref.platform);
    if (!ads) throw unsupported('platform', `adlink cannot manage ${ref.platform} ads yet.`);
    return ads;
  }

  /**
   * `ad.review_changed` for each ad whose review a platform read found different from the cached one,
   * with the review before; an ad first seen has nothing to compare.
   */
  private async reportReviews(ref: ConnectionRef, fresh: Ad[]): Promise<void> {
    if (fresh.length === 0) return;
    const cached = await this.cache.raw(
      ref,
      fresh.map((a) => a.id),
    );
    for (const [i, ad] of fresh.entries()) {
      const raw = cached[i];
      if (!raw) continue;
      const before = (JSON.parse(raw) as Ad).review;
      if (JSON.stringify(before) === JSON.stringify(ad.review)) continue;
      await this.emit(ref, 'ad.review_changed', { ad: publicAd(ad), previous_review: before }, false);
    }
  }

  /**
   * Where a platform takes images inline (Pinterest's Pins), it keeps no id for them: an ImageAd read
   * back keeps the media ids of the ad as adlink cached it.
   */
  private async withInlineMedia(ref: ConnectionRef, fresh: Ad[]): Promise<Ad[]> {
    const storage = this.platforms.adapter(ref.platform).media?.capabilities.storage;
    if (storage !== 'inline' || fresh.length === 0) return fresh;
    const cached = await this.cache.raw(
      ref,
      fresh.map((a) => a.id),
    );
    return fresh.map((ad, i) => {
      const before = cached[i] ? (JSON.parse(cached[i]) as Ad).creative : undefined;
      if (ad.creative.kind !== 'ImageAd' || before?.kind !== 'ImageAd') return ad;
      const { media, additionalMedia } = before;
      return { ...ad, creative: { ...ad.creative, media, additionalMedia } };
    });
  }

  /** An event of the ad; `byRequest` names the token whose request made the change (not a platform's). */
  private emit(
    ref: ConnectionRef,
    type: Parameters<Events['emit']>[0],
    data: Record<string, unknown>,
    byRequest = true,
  ) {
    return this.events.emit(type, {
      company: ref.company,
      customer: ref.customer,
      actor: byRequest ? ref.actor : undefined,
      data: { platform: ref.platform, ...data },
    });
  }

  /** Reads every ad of every chosen ad account from the platform and replaces the cache. */
  private async refreshAll(ref: ConnectionRef, accounts: AdAccount[]): Promise<Ad[]> {
    const ads = this.adapter(ref);
    const perAccount = await this.calls.call(ref, (_adapter, call) =>
      mapBounded(accounts, this.fanOut, (account) => ads.list(call, account)),
    );
    const fresh = await this.withInlineMedia(ref, perAccount.flat());
    await this.reportReviews(ref, fresh);
    await this.cache.replaceAll(ref, fresh);
    await this.watchPending(ref, fresh);
    return fresh;
  }

  async list(ref: ConnectionRef, options: AdListOptions) {
    const accounts = await this.calls.advertisers(ref);
    if (options.live || !(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
    const { adSetId, campaignId, live: _live, ...page } = options;
    const keep =
      adSetId === undefined && campaignId === undefined
        ? undefined
        : (ad: Ad) =>
            (adSetId === undefined || ad.adSetId === adSetId) &&
            (campaignId === undefined || ad.campaignId === campaignId);
    return this.cache.page(ref, accounts, { ...page, ...(keep ? { keep } : {}) });
  }

  /**
   * The ads of these ad sets, by ad set, for `childResources=Ad`: from the cache (filled on first use),
   * or read live with `live`.
   */
  async ofAdSets(ref: ConnectionRef, adSetIds: string[], live: boolean): Promise<Map<string, Ad[]>> {
    const accounts = await this.calls.advertisers(ref);
    if (live || !(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
    const byAdSet = new Map<string, Ad[]>(adSetIds.map((id) => [id, []]));
    for (const ad of await this.cache.inGroups(ref, accounts, adSetIds)) byAdSet.get(ad.adSetId)?.push(ad);
    return byAdSet;
  }

  async get(ref: ConnectionRef, id: string, live: boolean): Promise<Ad> {
    const ads = this.adapter(ref);
    const accounts = await this.calls.advertisers(ref);
    if (!live) {
      if (!(await this.cache.isFilled(ref))) await this.refreshAll(ref, accounts);
      const cached = await this.cache.get(ref, id, accounts);
      if (cached) return cached;
      throw notFound(id);
    }
    const ad = await this.readLive(ref, ads, accounts, id);
    await this.watchPending(ref, [ad]);
    return ad;
  }

  /** The ad as the platform holds it now, cached, its review change reported; 404 when it is not the customer's. */
  private async readLive(ref: ConnectionRef, ads: AdAdapter, accounts: AdAccount[], id: string): Promise<Ad> {
    const read = await this.calls.call(ref, (_adapter, call) => ads.get(call, id));
    // Only ads of the customer's chosen ad accounts are theirs, whatever the token can see.
    if (!read || !accounts.some((a) => a.id === read.advertiser)) {
      await this.cache.remove(ref, id);
      throw notFound(id);
    }
    const ad = (await this.withInlineMedia(ref, [read]))[0]!;
    await this.reportReviews(ref, [ad]);
    await this.cache.put(ref, ad);
    return ad;
  }

  /** Ads in review are looked at again (`checkReviews`), so their decision is reported unasked. */
  private async watchPending(ref: ConnectionRef, ads: Ad[], now = Date.now() / 1000): Promise<void> {
    const pending = ads.filter((ad) => ad.review.status === 'Pending');
    await this.store.reviewWatch.watch(
      pending.map((ad) => ({
        company: ref.company,
        customer: ref.customer,
        platform: ref.platform,
        id: ad.id,
        since: Math.floor(now),
        dueAt: now + 60,
      })),
    );
  }

  /**
   * Reads again the ads due in the review watch (the token keeper's sweep, one instance at a time),
   * reporting each decision as `ad.review_changed`; an ad still pending is looked at again later,
   * ever less often (at most hourly), for two weeks. Answers how many ads were read.
   */
  async checkReviews(now = Date.now() / 1000): Promise<number> {
    const watch = this.store.reviewWatch;
    let read = 0;
    for (;;) {
      const due = await watch.due(now, REVIEW_BATCH);
      if (due.length === 0) return read;
      await watch.remove(due);
      const again = await mapBounded(due, this.fanOut, async (watched) => {
        const ref = {
          company: watched.company,
          customer: watched.customer,
          platform: watched.platform as PlatformId,
        };
        const ads = this.platforms.adapter(ref.platform).ads;
        try {
          if (!ads) return [];
          const ad = await this.readLive(ref, ads, await this.calls.advertisers(ref), watched.id);
          read++;
          const waited = now - watched.since;
          if (ad.review.status !== 'Pending' || waited > REVIEW_WATCH_SECONDS) return [];
          return [{ ...watched, dueAt: now + Math.min(Math.max(60, waited), MAX_REVIEW_GAP_SECONDS) }];
        } catch (err) {
          // Gone, disconnected or refused: nothing more to watch. A platform failure: try later.
          if (err instanceof AppError && err.status < 500 && err.status !== 429) return [];
          return [{ ...watched, dueAt: now + MAX_REVIEW_GAP_SECONDS }];
        }
      });
      await watch.watch(again.flat());
      if (due.length < REVIEW_BATCH) return read;
    }
  }

  /** The cached ad, else the platform's (it may have been created there since the cache filled). */
  private async find(ref: ConnectionRef, id: string): Promise<Ad> {
    const accounts = await this.calls.advertisers(ref);
    const cached = (await this.cache.isFilled(ref)) ? await this.cache.get(ref, id, accounts) : null;
    return cached ?? this.get(ref, id, true);
  }

  /** The ad set an ad goes into, its account, and the creative's images and identity, all checked. */
  private async context(
    ref: ConnectionRef,
    adSet: AdSet,
    creative: Creative | undefined,
  ): Promise<AdContext> {
    const ads = this.adapter(ref);
    const account = (await this.calls.advertisers(ref)).find((a) => a.id === adSet.advertiser);
    if (!account) throw new AppError('adset_not_found', `No such ad set: ${adSet.id}.`, { param: 'adSetId' });
    if (!creative) return { account, adSet, media: [] };
    const media =
      creative.kind === 'ImageAd'
        ? await this.media.resolve(ref, account, [creative.media, ...creative.additionalMedia])
        : [];
    checkImages(ref.platform, ads.capabilities, media);
    if (creative.kind === 'ImageAd' && creative.identity !== undefined) {
      await this.identities.check(ref, account, creative.identity);
    }
    return { account, adSet, media };
  }

  async create(ref: ConnectionRef, input: NewAd): Promise<Ad> {
    const ads = this.adapter(ref);
    if (!ads.capabilities.createStatuses.includes(input.status)) {
      throw unsupported('status', `${ref.platform} cannot create ads with status ${input.status}.`);
    }
    checkCreative(ref.platform, ads.capabilities, input.creative);
    const adSet = await this.adSetOf(ref, input.adSetId);
    const context = await this.context(ref, adSet, input.creative);
    const created = await this.calls.call(
      ref,
      (_adapter, call) => ads.create(call, input, context),
      context.account.id,
    );
    await this.cache.put(ref, created);
    await this.watchPending(ref, [created]);
    await this.emit(ref, 'ad.created', { ad: publicAd(created) });
    return created;
  }

  private async adSetOf(ref: ConnectionRef, id: string): Promise<AdSet> {
    try {
      return await this.adSets.find(ref, id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'adset_not_found') {
        throw new AppError('adset_not_found', err.message, { param: 'adSetId' });
      }
      throw err;
    }
  }

  /** Changes an ad at the platform, caches what it holds afterwards and reports `ad.updated`. */
  async update(ref: ConnectionRef, id: string, changes: AdChanges): Promise<Ad> {
    const ads = this.adapter(ref);
    const { capabilities: caps } = ads;
    if (changes.status !== undefined && !caps.updateStatuses.includes(changes.status)) {
      const hint = changes.status === 'Deleted' ? ' Use DELETE to delete an ad.' : '';
      throw unsupported('status', `${ref.platform} cannot set an ad's status to ${changes.status}.${hint}`);
    }
    if (changes.creative && !caps.creativeUpdates) {
      throw unsupported(
        'creative',
        `${ref.platform} ads cannot change their creative: create a new ad and pause or delete this one.`,
      );
    }
    if (changes.creative) checkCreative(ref.platform, caps, changes.creative);
    const current = changes.creative ? await this.get(ref, id, true) : await this.find(ref, id);
    if (changes.creative && changes.creative.kind !== current.creative.kind) {
      throw unsupported(
        'creative.kind',
        `This ad is a ${current.creative.kind}; a creative change keeps the kind: create a new ad instead.`,
      );
    }
    const context = await this.context(ref, await this.adSetOf(ref, current.adSetId), changes.creative);
    const updated = await this.calls.call(
      ref,
      (_adapter, call) => ads.update(call, current, changes, context),
      current.advertiser,
    );
    await this.reportReviews(ref, [updated]);
    await this.cache.put(ref, updated);
    await this.watchPending(ref, [updated]);
    const previous = changedFields(current, updated, AD_FIELDS);
    if (Object.keys(previous).length > 0) {
      await this.emit(ref, 'ad.updated', { ad: publicAd(updated), previous_attributes: previous });
    }
    return updated;
  }

  async delete(ref: ConnectionRef, id: string): Promise<Ad> {
    const ads = this.adapter(ref);
    const current = await this.find(ref, id);
    const deleted = await this.calls.call(
      ref,
      (_adapter, call) => ads.delete(call, current),
      current.advertiser,
    );
    if (ads.capabilities.deletion === 'soft') await this.cache.put(ref, deleted);
    else await this.cache.remove(ref, id);
    await this.emit(ref, 'ad.deleted', { ad: publicAd(deleted) });
    return deleted;
  }
}
