import { Router } from 'express';
import { z } from 'zod';
import { describeBodyIssues } from '../toolkit/body-schema.js';
import { accountOf } from './account-routes.js';
import { describeIssues } from './batch.js';
import { badRequest } from './errors.js';
import { type AdAccount, type Keyword, MATCH_TYPES, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { listParam, page } from './paging.js';
import type { PinterestState } from './state.js';

/** `KeywordsRequest` and its `KeywordsCommon` items (`bid` is deprecated: taken and ignored). */
export const keywordsRequest = z.strictObject({
  parent_id: z.string().regex(/^((AG)|C)?\d+$/, 'must be an ad account, campaign or ad group id'),
  keywords: z
    .array(
      z.strictObject({
        value: z.string(),
        match_type: z.enum(MATCH_TYPES),
        bid: z.number().int().nullable().optional(),
      }),
    )
    .min(1, 'must have at least one keyword'),
});

/** `KeywordUpdateBody`: keywords by id, archived or not (`bid` is deprecated: taken and ignored). */
export const keywordUpdateBody = z.strictObject({
  keywords: z
    .array(
      z.strictObject({
        id: z.string(),
        archived: z.boolean().optional(),
        bid: z.number().int().nullable().optional(),
      }),
    )
    .min(1, 'must have at least one keyword'),
});

const MAX_VALUE_LENGTH = 120;

/** Keywords of ad accounts, campaigns and ad groups: their own resource, parented by `parent_id`. */
export function keywordRoutes(state: PinterestState): Router {
  const router = Router();

  /** The parent's type when `id` is this account, one of its campaigns or one of its ad groups. */
  const parentType = (account: AdAccount, id: string): Keyword['parent_type'] | undefined => {
    if (id === account.id) return 'advertiser';
    if (state.campaigns.get(id)?.ad_account_id === account.id) return 'campaign';
    if (state.adGroups.get(id)?.ad_account_id === account.id) return 'ad_group';
    return undefined;
  };

  router.get(`${V5}/ad_accounts/:ad_account_id/keywords`, (req, res) => {
    const account = accountOf(state, req);
    const [campaign] = listParam(req.query, 'campaign_id') ?? [];
    const [adGroup] = listParam(req.query, 'ad_group_id') ?? [];
    const adGroups = listParam(req.query, 'ad_group_ids');
    const matchTypes = listParam(req.query, 'match_types', /^[A-Z_]+$/);
    if ([campaign, adGroup, adGroups].filter((f) => f !== undefined).length > 1) {
      throw badRequest('Invalid parameters: give one of campaign_id, ad_group_id and ad_group_ids.');
    }
    // Without a filter, the keywords whose parent is the ad account itself.
    const parents = adGroups ?? [adGroup ?? campaign ?? account.id];
    // Archived keywords are "no longer visible within the parent entity's keywords list".
    const keywords = [...state.keywords.values()].filter(
      (k) =>
        !k.archived &&
        parents.includes(k.parent_id) &&
        parentType(account, k.parent_id) !== undefined &&
        (!matchTypes || matchTypes.includes(k.match_type)),
    );
    res.json(page(keywords, req.query, (k) => k));
  });

  /** All or nothing: any refused keyword leaves `keywords` empty and lists every refusal in `errors`. */
  router.post(`${V5}/ad_accounts/:ad_account_id/keywords`, (req, res) => {
    const account = accountOf(state, req);
    const issues = officialBody.keywords(req.body);
    if (issues.length > 0) throw badRequest(`Invalid request: ${describeBodyIssues(issues)}`);
    const parsed = keywordsRequest.safeParse(req.body);
    if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
    const parentId = parsed.data.parent_id.replace(/^(AG|C)/, '');
    const type = parentType(account, parentId);
    const existing = [...state.keywords.values()].filter((k) => k.parent_id === parentId && !k.archived);
    const errors = parsed.data.keywords.flatMap(({ value, match_type }, i, all) => {
      const messages = [
        ...(type === undefined ? [`Parent ${parentId} is not in ad account ${account.id}.`] : []),
        ...(value.trim() === '' || value.length > MAX_VALUE_LENGTH
          ? [`Keyword value must be 1 to ${MAX_VALUE_LENGTH} characters.`]
          : []),
        ...(type !== 'ad_group' && !match_type.endsWith('_NEGATIVE')
          ? ['Advertisers and Campaigns only accept excluded targeting attributes.']
          : []),
        ...(existing.some((k) => same(k, value, match_type)) ||
        all.slice(0, i).some((k) => same(k, value, match_type))
          ? [`Keyword "${value}" with match type ${match_type} already exists.`]
          : []),
      ];
      return messages.length === 0
        ? []
        : [
            {
              data: {
                archived: null,
                match_type,
                parent_type: null,
                value,
                parent_id: null,
                type: 'keyword',
                id: null,
              },
              error_messages: messages,
            },
          ];
    });
    if (errors.length > 0) return res.json({ keywords: [], errors });
    const keywords = parsed.data.keywords.map(({ value, match_type }) =>
      state.addKeyword({ parent_id: parentId, parent_type: type!, value, match_type }),
    );
    res.json({ keywords, errors: [] });
  });

  /** Archives (or restores) keywords by id; all or nothing, as `POST keywords`. */
  router.patch(`${V5}/ad_accounts/:ad_account_id/keywords`, (req, res) => {
    const account = accountOf(state, req);
    const issues = officialBody.keywordsUpdate(req.body);
    if (issues.length > 0) throw badRequest(`Invalid request: ${describeBodyIssues(issues)}`);
    const parsed = keywordUpdateBody.safeParse(req.body);
    if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
    const found = parsed.data.keywords.map(({ id }) => {
      const keyword = state.keywords.get(id);
      return keyword && parentType(account, keyword.parent_id) !== undefined ? keyword : undefined;
    });
    const errors = parsed.data.keywords.flatMap(({ id }, i) =>
      found[i]
        ? []
        : [
            {
              data: { id, type: 'keyword' },
              error_messages: [`Keyword ${id} is not in ad account ${account.id}.`],
            },
          ],
    );
    if (errors.length > 0) return res.json({ keywords: [], errors });
    const keywords = parsed.data.keywords.map(({ archived }, i) => {
      const keyword = found[i]!;
      if (archived !== undefined) keyword.archived = archived;
      return keyword;
    });
    res.json({ keywords, errors: [] });
  });

  return router;
}

const same = (k: { value: string; match_type: string }, value: string, matchType: string) =>
  k.value.toLowerCase() === value.toLowerCase() && k.match_type === matchType;
