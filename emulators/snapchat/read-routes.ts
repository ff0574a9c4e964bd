import { type Request, Router } from 'express';
import { notFound, sendEntities } from './envelope.js';
import { page } from './paging.js';
import { renderers } from './render.js';
import type { SnapState } from './state.js';

/**
 * The reads adlink makes, at the paths of Snap's API Patterns page: `GET /{plural parent}/{id}/{plural}`
 * (paginated) and `GET /{plural}/{id}`. Deleted ad squads are left out unless `read_deleted_entities=true`.
 */
export function readRoutes(state: SnapState, baseUrl: string): Router {
  const router = Router();
  const context = (req: Request) => {
    const readDeleted = req.query.read_deleted_entities === 'true';
    return { url: new URL(req.originalUrl, baseUrl), readDeleted, render: renderers(state, readDeleted) };
  };
  const found = <T>(map: Map<string, T>, kind: string, id: string): T => {
    const entity = map.get(id);
    if (!entity) throw notFound(kind, id);
    return entity;
  };
  const squadsWhere = (
    readDeleted: boolean,
    where: (squad: { campaign_id: string; ad_account_id: string }) => boolean,
  ) => state.ordered(state.adSquads.values()).filter((s) => where(s) && (readDeleted || !s.deleted));

  router.get('/me/organizations', (req, res) => {
    const { url, render } = context(req);
    const { items, paging } = page(url, state.ordered(state.organizations.values()));
    const withAccounts = req.query.with_ad_accounts === 'true';
    sendEntities(
      res,
      'organizations',
      'organization',
      items.map((o) => render.organization(o, withAccounts)),
      paging,
    );
  });

  router.get('/adaccounts/:id', (req, res) => {
    const { render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    sendEntities(res, 'adaccounts', 'adaccount', [render.adAccount(account)]);
  });

  router.get('/adaccounts/:id/campaigns', (req, res) => {
    const { url, readDeleted, render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    const campaigns = state
      .ordered(state.campaigns.values())
      .filter((c) => c.ad_account_id === account.id && (readDeleted || !c.deleted));
    const { items, paging } = page(url, campaigns);
    sendEntities(res, 'campaigns', 'campaign', items.map(render.campaign), paging);
  });

  router.get('/campaigns/:id', (req, res) => {
    const { readDeleted, render } = context(req);
    const campaign = found(state.campaigns, 'campaign', req.params.id);
    if (campaign.deleted && !readDeleted) throw notFound('campaign', campaign.id);
    sendEntities(res, 'campaigns', 'campaign', [render.campaign(campaign)]);
  });

  router.get('/adaccounts/:id/adsquads', (req, res) => {
    const { url, readDeleted, render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    const { items, paging } = page(
      url,
      squadsWhere(readDeleted, (s) => s.ad_account_id === account.id),
    );
    sendEntities(res, 'adsquads', 'adsquad', items.map(render.adSquad), paging);
  });

  router.get('/campaigns/:id/adsquads', (req, res) => {
    const { url, readDeleted, render } = context(req);
    const campaign = found(state.campaigns, 'campaign', req.params.id);
    const { items, paging } = page(
      url,
      squadsWhere(readDeleted, (s) => s.campaign_id === campaign.id),
    );
    sendEntities(res, 'adsquads', 'adsquad', items.map(render.adSquad), paging);
  });

  router.get('/adsquads/:id', (req, res) => {
    const { readDeleted, render } = context(req);
    const squad = found(state.adSquads, 'ad squad', req.params.id);
    if (squad.deleted && !readDeleted) throw notFound('ad squad', squad.id);
    sendEntities(res, 'adsquads', 'adsquad', [render.adSquad(squad)]);
  });

  router.get('/adaccounts/:id/ads', (req, res) => {
    const { url, readDeleted, render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    const { items, paging } = page(
      url,
      state
        .ordered(state.ads.values())
        .filter((a) => a.ad_account_id === account.id && (readDeleted || !a.deleted)),
    );
    sendEntities(res, 'ads', 'ad', items.map(render.ad), paging);
  });

  router.get('/ads/:id', (req, res) => {
    const { readDeleted, render } = context(req);
    const ad = found(state.ads, 'ad', req.params.id);
    if (ad.deleted && !readDeleted) throw notFound('ad', ad.id);
    sendEntities(res, 'ads', 'ad', [render.ad(ad)]);
  });

  router.get('/adaccounts/:id/creatives', (req, res) => {
    const { url, render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    const creatives = state.ordered(state.creatives.values()).filter((c) => c.ad_account_id === account.id);
    const { items, paging } = page(url, creatives);
    sendEntities(res, 'creatives', 'creative', items.map(render.creative), paging);
  });

  router.get('/creatives/:id', (req, res) => {
    const { render } = context(req);
    sendEntities(res, 'creatives', 'creative', [
      render.creative(found(state.creatives, 'creative', req.params.id)),
    ]);
  });

  router.get('/adaccounts/:id/media', (req, res) => {
    const { url, render } = context(req);
    const account = found(state.adAccounts, 'ad account', req.params.id);
    const media = state.ordered(state.media.values()).filter((m) => m.ad_account_id === account.id);
    const { items, paging } = page(url, media);
    sendEntities(res, 'media', 'media', items.map(render.media), paging);
  });

  router.get('/media/:id', (req, res) => {
    const { render } = context(req);
    sendEntities(res, 'media', 'media', [render.media(found(state.media, 'media', req.params.id))]);
  });

  return router;
}
