import type { AdSetAdapter } from '../../adsets/port.js';
import { mapBounded } from '../../map-bounded.js';
import type { PlatformCall } from '../../ports/platform-call.js';
import { PlatformError } from '../../ports/platform-error.js';
import { keywordReplacement } from '../keyword-replacement.js';
import { accountPath, currencyOf, inSomeAccount } from './accounts.js';
import { adGroupCreate, type BidFloorSpec } from './adset-body.js';
import { adGroupChanges } from './adset-changes.js';
import { ALL_STATUSES, campaignsOf } from './campaigns.js';
import type { PinterestClient } from './client.js';
import type { ParamSource } from './errors.js';
import { targetingKeywords, toAdSet } from './mapping.js';
import type { KeywordsAnswer, PinterestAdGroup, PinterestKeyword } from './model.js';

/** Keyword lists asked at once: Pinterest lists keywords per ad group (`ad_group_ids` is a closed beta). */
const KEYWORD_FAN_OUT = 4;

/** Pinterest ad groups with their keywords, as adlink's ad sets (their ads: `ads.ts`). */
export function pinterestAdSets(pin: PinterestClient): AdSetAdapter {
  const keywordsOf = (call: PlatformCall, account: string, adGroupId: string) =>
    pin.all<PinterestKeyword>(call, `${accountPath(account)}/keywords`, { ad_group_id: adGroupId });

  /** Pinterest's lowest bid for an ad group of `spec` (`POST bid_floor`, one spec, one floor). */
  async function bidFloorOf(call: PlatformCall, account: string, spec: BidFloorSpec, sources: ParamSource[]) {
    const answer = await pin.post<{ bid_floors?: unknown[] }>(
      call,
      `${accountPath(account)}/bid_floor`,
      { bid_floor_specs: [spec] },
      sources,
    );
    const floor = answer?.bid_floors?.[0];
    if (typeof floor !== 'number' || !Number.isSafeInteger(floor) || floor < 0) {
      throw new PlatformError('rejected', `Pinterest answered no bid floor for ad account ${account}`);
    }
    return floor;
  }

  /** One ad group with its campaign's objective and its keywords. */
  async function complete(call: PlatformCall, adGroup: PinterestAdGroup) {
    const account = adGroup.ad_account_id;
    const [[campaign], keywords] = await Promise.all([
      campaignsOf(pin, call, account, [adGroup.campaign_id]),
      keywordsOf(call, account, adGroup.id),
    ]);
    return toAdSet(adGroup, {
      currency: currencyOf(call, account),
      objective: campaign?.objective_type,
      keywords,
    });
  }

  /** The ad group among the customer's ad accounts. */
  const locate = (call: PlatformCall, id: string) =>
    inSomeAccount(call, id, (account) =>
      pin.get<PinterestAdGroup>(call, `${accountPath(account)}/ad_groups/${id}`),
    );

  async function mustLocate(call: PlatformCall, id: string): Promise<PinterestAdGroup> {
    const found = await locate(call, id);
    if (!found) {
      throw new PlatformError(
        'rejected',
        `ad group ${id} is not in the customer's ad accounts`,
        undefined,
        404,
      );
    }
    return found;
  }

  /** `PATCH ad_groups` for one ad group: the ad group as Pinterest holds it afterwards. */
  const patch = (
    call: PlatformCall,
    adGroup: PinterestAdGroup,
    fields: Record<string, unknown>,
    sources: ParamSource[] = [
      ['name', 'name'],
      ['status', 'status'],
      ['archived', 'status'],
    ],
  ) =>
    pin.writeOne<PinterestAdGroup>(
      call,
      'PATCH',
      `${accountPath(adGroup.ad_account_id)}/ad_groups`,
      { id: adGroup.id, ...fields },
      sources,
    );

  /** `POST keywords`: BROAD keywords of the ad group, all made or none (the refusals in `errors`). */
  const addKeywords = (call: PlatformCall, adGroup: PinterestAdGroup, values: string[], param: string) =>
    pin.post<KeywordsAnswer>(
      call,
      `${accountPath(adGroup.ad_account_id)}/keywords`,
      { parent_id: adGroup.id, keywords: values.map((value) => ({ value, match_type: 'BROAD' })) },
      [['value', param]],
    );

  const refusedKeywords = (answer: KeywordsAnswer | undefined, param: string, message: string) => {
    const errors = answer?.errors ?? [];
    if (errors.length === 0) return;
    const reasons = errors.flatMap((e) => e.error_messages ?? []).join(' ');
    throw new PlatformError('invalid', `${message}: ${reasons}`, undefined, 200, undefined, param);
  };

  /**
   * The ad group's targeting keywords become `values` (ignoring case): the missing ones are added as
   * BROAD, the others archived (`PATCH keywords` with `archived: true`, Pinterest's way to delete one).
   */
  async function replaceKeywords(
    call: PlatformCall,
    adGroup: PinterestAdGroup,
    wanted: { values: string[]; param: string },
  ) {
    const current = targetingKeywords(await keywordsOf(call, adGroup.ad_account_id, adGroup.id));
    const { add, remove: archived } = keywordReplacement(current, (k) => k.value, wanted.values);
    const added = add.map((k) => k.text);
    const partly = "Pinterest refused the keywords (the ad group's other changes were made)";
    if (added.length > 0) {
      refusedKeywords(await addKeywords(call, adGroup, added, wanted.param), wanted.param, partly);
    }
    if (archived.length > 0) {
      const answer = await pin.patch<KeywordsAnswer>(
        call,
        `${accountPath(adGroup.ad_account_id)}/keywords`,
        { keywords: archived.map((k) => ({ id: k.id, archived: true })) },
        [['id', wanted.param]],
      );
      refusedKeywords(answer, wanted.param, partly);
    }
  }

  return {
    capabilities: {
      settings: ['DailyBudget', 'TotalBudget', 'Objective', 'Runtime'],
      targetings: ['GeoTargeting', 'KeywordTargeting', 'AudienceTargeting'],
      adSetTargeting: true,
      budgetLevel: 'adset',
      objectiveLevel: 'campaign',
      // Pinterest cannot delete an ad group: DELETE archives it, and it stays readable as Archived.
      deletion: 'soft',
      createStatuses: ['Running', 'Active', 'Paused'],
      updateStatuses: ['Running', 'Active', 'Paused', 'Archived'],
      // Pinterest's ad group keeps its budget_type in adlink: a daily budget stays daily.
      updates: {
        settings: ['DailyBudget', 'TotalBudget', 'Runtime'],
        targetings: ['GeoTargeting', 'KeywordTargeting', 'AudienceTargeting'],
        budgetKindChange: false,
      },
      channelKinds: ['Social'],
    },

    async list(call, advertiser) {
      // Ad groups first: when Pinterest throttles, nothing else is asked.
      const adGroups = await pin.all<PinterestAdGroup>(
        call,
        `${accountPath(advertiser.id)}/ad_groups`,
        ALL_STATUSES,
      );
      const campaigns = await campaignsOf(pin, call, advertiser.id);
      const objectives = new Map(campaigns.map((c) => [c.id, c.objective_type]));
      return mapBounded(adGroups, KEYWORD_FAN_OUT, async (adGroup) =>
        toAdSet(adGroup, {
          currency: currencyOf(call, advertiser.id),
          objective: objectives.get(adGroup.campaign_id),
          keywords: await keywordsOf(call, advertiser.id, adGroup.id),
        }),
      );
    },

    async get(call, id) {
      const adGroup = await locate(call, id);
      return adGroup ? complete(call, adGroup) : null;
    },

    async create(call, input, account) {
      const path = accountPath(account.id);
      const [campaign] = await campaignsOf(pin, call, account.id, [input.parentId]);
      if (!campaign)
        throw new PlatformError('rejected', `campaign ${input.parentId} was not found`, undefined, 404);
      const { item, sources, keywords, bidFloor } = adGroupCreate(input, account, campaign);
      if (bidFloor) item.bid_in_micro_currency = await bidFloorOf(call, account.id, bidFloor, sources);
      const adGroup = await pin.writeOne<PinterestAdGroup>(call, 'POST', `${path}/ad_groups`, item, sources);
      const created = keywords
        ? await addKeywords(call, adGroup, keywords.values, keywords.param)
        : { keywords: [] };
      if (keywords && (created?.errors ?? []).length > 0) {
        // An ad group cannot be deleted: archived, the half-made ad set never runs.
        await patch(call, adGroup, { status: 'ARCHIVED' });
        refusedKeywords(
          created,
          keywords.param,
          `Pinterest refused the keywords, so ad group ${adGroup.id} was archived`,
        );
      }
      return toAdSet(adGroup, {
        currency: currencyOf(call, account.id),
        objective: campaign.objective_type,
        keywords: created?.keywords ?? [],
      });
    },

    async update(call, id, changes) {
      const adGroup = await mustLocate(call, id);
      const account = call.accounts.find((a) => a.id === adGroup.ad_account_id)!;
      const { fields, sources, keywords } = adGroupChanges(changes, adGroup, account);
      const updated = Object.keys(fields).length > 0 ? await patch(call, adGroup, fields, sources) : adGroup;
      if (keywords) await replaceKeywords(call, updated, keywords);
      return complete(call, updated);
    },

    /** Pinterest has no DELETE for ad groups: the ad group is archived, and the answer says Archived. */
    async delete(call, id) {
      return complete(call, await patch(call, await mustLocate(call, id), { status: 'ARCHIVED' }));
    },
  };
}
