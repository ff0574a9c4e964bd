import type { Ad } from '../../ads/model.js';
import type { AdAdapter } from '../../ads/port.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformInputError } from '../../ports/platform-error.js';
import {
  adContentUpdate,
  adGroupAdCreate,
  adGroupAdName,
  adLabelCreate,
  adLabelRemove,
  adParam,
  adStatusUpdate,
  labelCreate,
  nameLabel,
  nameOfLabel,
} from './ad-body.js';
import { FORBIDDEN_AD_TEXT, googleTextLength, RSA_LIMITS } from './ad-text.js';
import type { TaggedOperation } from './campaign-body.js';
import type { GoogleAdsApi } from './client.js';
import { type GoogleRow, toAd } from './mapping.js';
import { adGroupAdsQuery, adLabelsQuery, isGoogleId, LABELS_QUERY } from './queries.js';

type MutateAnswer = {
  mutateOperationResponses?: {
    adGroupAdResult?: { resourceName?: string };
    labelResult?: { resourceName?: string };
  }[];
};

const textRule = (limits: { min: number; max: number; maxLength: number }) => ({
  ...limits,
  length: googleTextLength,
  forbidden: FORBIDDEN_AD_TEXT,
});

/** The adlink label of each ad group ad (by resource name) among ad labels. */
function namesByAd(rows: GoogleRow[]): Map<string, { name: string; attachment: string }> {
  const names = new Map<string, { name: string; attachment: string }>();
  for (const row of rows) {
    const name = nameOfLabel(row.label?.name);
    const adGroupAd = row.adGroupAdLabel?.adGroupAd;
    if (name !== undefined && adGroupAd && !names.has(adGroupAd))
      names.set(adGroupAd, { name, attachment: row.adGroupAdLabel?.resourceName ?? '' });
  }
  return names;
}

/**
 * Google Ads ad group ads as adlink's ads: responsive search ads created, their content changed in
 * place (AdService), their name kept as a label (ad-body.ts), their review from `policy_summary`.
 */
export function googleAds(api: GoogleAdsApi): AdAdapter {
  /** Ads of one customer (or one of them) with their names. */
  async function read(call: PlatformCall, customerId: string, adId?: string): Promise<Ad[]> {
    const rows = await api.search(call, customerId, adGroupAdsQuery(adId));
    if (rows.length === 0) return [];
    const names = namesByAd(await api.search(call, customerId, adLabelsQuery(adId)));
    return rows.map((row) => toAd(customerId, row, names.get(row.adGroupAd?.resourceName ?? '')?.name));
  }

  /** Ad ids are unique per customer: the first of the customer's accounts that has it. */
  async function locate(call: PlatformCall, id: string): Promise<Ad | null> {
    if (!isGoogleId(id)) return null;
    for (const account of call.accounts) {
      const [found] = await read(call, account.id, id);
      if (found) return found;
    }
    return null;
  }

  async function mustLocate(call: PlatformCall, id: string): Promise<Ad> {
    const found = await locate(call, id);
    if (!found) throw new PlatformInputError('id', `No Google Ads ad ${id} in the connected accounts.`);
    return found;
  }

  async function mutate(call: PlatformCall, customerId: string, operations: TaggedOperation[]) {
    return api.mutate<MutateAnswer>(
      call,
      customerId,
      'googleAds:mutate',
      { mutateOperations: operations.map((o) => o.operation) },
      adParam(operations),
    );
  }

  /** The customer's label of this name: its resource name, or the operation creating it (a temporary id). */
  async function labelFor(call: PlatformCall, customerId: string, wanted: string) {
    const existing = (await api.search(call, customerId, LABELS_QUERY)).find((r) => r.label?.name === wanted);
    if (existing?.label?.resourceName) return { label: existing.label.resourceName, create: [] };
    const { label, operation } = labelCreate(customerId, wanted);
    return { label, create: [operation] };
  }

  return {
    capabilities: {
      creatives: {
        SearchAd: {
          headlines: textRule(RSA_LIMITS.headlines),
          descriptions: textRule(RSA_LIMITS.descriptions),
          paths: textRule(RSA_LIMITS.paths),
        },
      },
      refusals: {
        ImageAd:
          'adlink creates responsive search ads on Google; image ads there need Performance Max or Display asset groups, which adlink does not create yet.',
      },
      // AdService.MutateAds updates responsive search ads in place (services/ad_service.proto).
      creativeUpdates: true,
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused'],
      deletion: 'soft',
    },

    list: (call, advertiser) => read(call, advertiser.id),

    get: locate,

    /** The ad (and its name's label, where new) in one atomic mutate, then the label attached to it. */
    async create(call, input, { account, adSet }) {
      if (input.creative.kind !== 'SearchAd') {
        throw new PlatformInputError(
          'creative',
          'adlink creates responsive search ads (SearchAd) on Google.',
        );
      }
      const { label, create } = await labelFor(call, account.id, nameLabel(input.name));
      const ad = adGroupAdCreate(account.id, adSet.id, input.status, input.creative);
      const answer = await mutate(call, account.id, [...create, ad]);
      const responses = answer?.mutateOperationResponses ?? [];
      const adGroupAd = responses.at(-1)?.adGroupAdResult?.resourceName ?? '';
      const labelName = create.length > 0 ? (responses[0]?.labelResult?.resourceName ?? '') : label;
      await mutate(call, account.id, [adLabelCreate(adGroupAd, labelName)]);
      return mustLocate({ ...call, accounts: [account] }, adGroupAd.slice(adGroupAd.lastIndexOf('~') + 1));
    },

    /**
     * Status, content and name in one atomic mutate (each sent as asked: the ad may be stale); the
     * content change sends the ad back to review.
     */
    async update(call, ad, changes) {
      const wanted = changes.name === undefined ? undefined : nameLabel(changes.name);
      const adGroupAd = adGroupAdName(ad.advertiser, ad.adSetId, ad.id);
      const operations: TaggedOperation[] = [];
      if (changes.status !== undefined) operations.push(adStatusUpdate(adGroupAd, changes.status));
      if (changes.creative?.kind === 'SearchAd') {
        operations.push(adContentUpdate(ad.advertiser, ad.id, changes.creative));
      }
      if (wanted !== undefined) {
        const current = namesByAd(await api.search(call, ad.advertiser, adLabelsQuery(ad.id))).get(adGroupAd);
        if (current?.name !== changes.name) {
          const { label, create } = await labelFor(call, ad.advertiser, wanted);
          operations.push(...create, adLabelCreate(adGroupAd, label));
          if (current) operations.push(adLabelRemove(current.attachment));
        }
      }
      if (operations.length > 0) await mutate(call, ad.advertiser, operations);
      return mustLocate(call, ad.id);
    },

    /** `remove` sets REMOVED for good; the ad stays readable in GAQL, so deletion is soft. */
    async delete(call, ad) {
      if (ad.status !== 'Deleted') {
        await api.mutate(call, ad.advertiser, 'adGroupAds:mutate', {
          operations: [{ remove: adGroupAdName(ad.advertiser, ad.adSetId, ad.id) }],
        });
      }
      return mustLocate(call, ad.id);
    },
  };
}
