import { type Request, Router } from 'express';
import { adSetChanges, newAdSet } from './adset-input.js';
import { campaignChanges, newCampaign } from './campaign-input.js';
import { parseFields } from './fields.js';
import { invalidParam, noSuchObject } from './graph-error.js';
import { insights } from './insights.js';
import {
  ADSET_CREATE_PARAMS,
  ADSET_UPDATE_PARAMS,
  type AdAccount,
  CAMPAIGN_CREATE_PARAMS,
  CAMPAIGN_UPDATE_PARAMS,
} from './model.js';
import { page } from './paging.js';
import { listParam, postParams } from './params.js';
import { renderers, visible } from './render.js';
import { addAdSet } from './seed.js';
import type { MetaStore } from './store.js';

/** What a Graph read answers with: the requested fields, the page's URL, the renderers. */
export const graphContext = (store: MetaStore, baseUrl: string) => (req: Request) => ({
  fields: parseFields(req.query.fields),
  url: new URL(req.originalUrl, baseUrl),
  render: renderers(store),
});

/** The ad account a path names (`act_<id>`), or Meta's answer for an id that is not there. */
export const accountOf =
  (store: MetaStore) =>
  (node: string, method: string): AdAccount => {
    const found = node.startsWith('act_') ? store.accounts.get(node.slice(4)) : undefined;
    if (!found) throw noSuchObject(node, method);
    return found;
  };

/**
 * The Graph API paths adlink and the SDK use, under `/{version}`: the user's ad accounts, their
 * campaigns, ad sets and ads (edges, cursor-paginated), nodes by id, campaign and ad set
 * create/update/delete, insights.
 */
export function graphRoutes(store: MetaStore, baseUrl: string): Router {
  const router = Router();
  const context = graphContext(store, baseUrl);
  const account = accountOf(store);
  const ownsAudience = (accountId: string) => (id: string) =>
    store.customAudiences.get(id)?.account_id === accountId;

  router.get('/me/adaccounts', (req, res) => {
    const { fields, url, render } = context(req);
    const accounts = [...store.accounts.values()].map((a) => ({ ...a, id: a.account_id }));
    res.json(page(url, accounts, (a) => render.account(a, fields)));
  });

  router.get('/:node', (req, res) => {
    const { node } = req.params;
    const { fields, render } = context(req);
    if (node.startsWith('act_')) return res.json(render.account(account(node, 'GET'), fields));
    const campaign = store.campaigns.get(node);
    if (campaign) return res.json(render.campaign(campaign, fields));
    const adSet = store.adSets.get(node);
    if (adSet) return res.json(render.adSet(adSet, fields));
    const ad = store.ads.get(node);
    if (ad) return res.json(render.ad(ad, fields));
    throw noSuchObject(node, 'GET');
  });

  /** Performance of an ad account, campaign, ad set or ad (see insights.ts). */
  router.get('/:node/insights', (req, res) => {
    res.json(insights(store, req.params.node, req.query, new URL(req.originalUrl, baseUrl)));
  });

  /** Edges: an account's campaigns, ad sets and ads; a campaign's ad sets and ads; an ad set's ads. */
  router.get('/:node/:edge', (req, res) => {
    const { node, edge } = req.params;
    const { fields, url, render } = context(req);
    const wanted = listParam('effective_status', req.query.effective_status);
    const parent = node.startsWith('act_')
      ? { account_id: account(node, 'GET').account_id }
      : store.campaigns.has(node)
        ? { campaign_id: node }
        : store.adSets.has(node)
          ? { adset_id: node }
          : null;
    if (!parent) throw noSuchObject(node, 'GET');
    const under = (item: object) =>
      Object.entries(parent).every(([key, value]) => (item as Record<string, unknown>)[key] === value);
    if (edge === 'campaigns' && 'account_id' in parent) {
      const items = render.newestFirst(store.campaigns.values());
      const kept = items.filter((c) => under(c) && visible(c.status, wanted));
      return res.json(page(url, kept, (c) => render.campaign(c, fields)));
    }
    if (edge === 'adsets' && !('adset_id' in parent)) {
      const items = render.newestFirst(store.adSets.values());
      const kept = items.filter((s) => under(s) && visible(store.adSetEffectiveStatus(s), wanted));
      return res.json(page(url, kept, (s) => render.adSet(s, fields)));
    }
    if (edge === 'ads') {
      const items = render.newestFirst(store.ads.values());
      const kept = items.filter((a) => under(a) && visible(store.adEffectiveStatus(a), wanted));
      return res.json(page(url, kept, (a) => render.ad(a, fields)));
    }
    throw invalidParam(`Unknown path components: /${edge}`);
  });

  router.post('/:node/campaigns', (req, res) => {
    const owner = account(req.params.node, 'POST');
    const params = postParams(req.query, req.body, CAMPAIGN_CREATE_PARAMS);
    const version = Number(/^\/v(\d+)/.exec(req.baseUrl)?.[1]);
    const values = newCampaign(params, version, owner.currency);
    const created = store.nextTime();
    const campaign = {
      id: store.nextId('campaign'),
      account_id: owner.account_id,
      ...values,
      created_time: created,
      updated_time: created,
    };
    store.campaigns.set(campaign.id, campaign);
    res.json({ id: campaign.id });
  });

  router.post('/:node/adsets', (req, res) => {
    const owner = account(req.params.node, 'POST');
    const params = postParams(req.query, req.body, ADSET_CREATE_PARAMS);
    if (params.campaign_id === undefined) throw invalidParam('The parameter campaign_id is required');
    const campaign = store.campaigns.get(String(params.campaign_id));
    if (!campaign || campaign.account_id !== owner.account_id || campaign.status === 'DELETED') {
      throw invalidParam(`Param campaign_id must be a campaign of ad account act_${owner.account_id}`);
    }
    const values = newAdSet(params, campaign, owner.currency, new Date(), ownsAudience(owner.account_id));
    res.json({ id: addAdSet(store, campaign.id, values).id });
  });

  router.post('/:node', (req, res) => {
    const campaign = store.campaigns.get(req.params.node);
    if (campaign) {
      const { currency } = store.accounts.get(campaign.account_id)!;
      const params = postParams(req.query, req.body, CAMPAIGN_UPDATE_PARAMS);
      Object.assign(campaign, campaignChanges(params, campaign, currency), {
        updated_time: store.nextTime(),
      });
      return res.json({ success: true });
    }
    const adSet = store.adSets.get(req.params.node);
    if (!adSet) throw noSuchObject(req.params.node, 'POST');
    const { currency } = store.accounts.get(adSet.account_id)!;
    const params = postParams(req.query, req.body, ADSET_UPDATE_PARAMS);
    const changes = adSetChanges(
      params,
      adSet,
      store.campaigns.get(adSet.campaign_id)!,
      currency,
      ownsAudience(adSet.account_id),
    );
    Object.assign(adSet, changes, { updated_time: store.nextTime() });
    if ('end_time' in changes && changes.end_time === undefined) delete adSet.end_time;
    res.json({ success: true });
  });

  /**
   * Deleting is soft: the object stays readable by id with status DELETED. A deleted campaign takes
   * its ad sets and ads with it.
   */
  router.delete('/:node', (req, res) => {
    const { node } = req.params;
    const target = store.campaigns.get(node) ?? store.adSets.get(node);
    if (!target || target.status === 'DELETED') throw noSuchObject(node, 'DELETE');
    Object.assign(target, { status: 'DELETED', updated_time: store.nextTime() });
    if (store.campaigns.has(node)) {
      for (const child of [...store.adSets.values(), ...store.ads.values()]) {
        if (child.campaign_id === node) child.status = 'DELETED';
      }
    }
    res.json({ success: true });
  });

  return router;
}
