import { Router } from 'express';
import { adChanges, newAd } from './ad-input.js';
import { newCreative } from './creative-input.js';
import { invalidParam, noSuchObject } from './graph-error.js';
import { accountOf, graphContext } from './graph-routes.js';
import { uploadImages } from './images.js';
import { AD_CREATE_PARAMS, AD_UPDATE_PARAMS, type Ad, CREATIVE_CREATE_PARAMS } from './model.js';
import { page } from './paging.js';
import { postParams } from './params.js';
import type { MetaStore } from './store.js';

/**
 * What an ad is made of, under `/{version}` before the other Graph paths: an ad account's image
 * library (`adimages`), the Pages it may promote (`promote_pages`), its ad creatives; ads created,
 * changed (a new creative goes back into review) and deleted softly.
 */
export function adRoutes(store: MetaStore, baseUrl: string): Router {
  const router = Router();
  const context = graphContext(store, baseUrl);
  const account = accountOf(store);

  router.get('/:node/promote_pages', (req, res) => {
    const { account_id } = account(req.params.node, 'GET');
    const { fields, url, render } = context(req);
    const pages = (store.promotePages.get(account_id) ?? []).map((id) => store.pages.get(id)!);
    res.json(page(url, pages, (p) => render.facebookPage(p, fields)));
  });

  router.get('/:node/adimages', (req, res) => {
    const { account_id } = account(req.params.node, 'GET');
    const { fields, url, render } = context(req);
    const images = [...store.imagesOf(account_id).values()].map((image) => ({ ...image, id: image.hash }));
    res.json(page(url, render.newestFirst(images), (image) => render.image(image, fields)));
  });

  router.post('/:node/adimages', async (req, res) => {
    const { account_id } = account(req.params.node, 'POST');
    res.json(await uploadImages(store, account_id, req));
  });

  router.get('/:node/adcreatives', (req, res) => {
    const { account_id } = account(req.params.node, 'GET');
    const { fields, url, render } = context(req);
    const creatives = [...store.creatives.values()]
      .filter((c) => c.account_id === account_id && c.status !== 'DELETED')
      .reverse();
    res.json(page(url, creatives, (c) => render.creative(c, fields)));
  });

  router.post('/:node/adcreatives', (req, res) => {
    const { account_id } = account(req.params.node, 'POST');
    const params = postParams(req.query, req.body, CREATIVE_CREATE_PARAMS);
    const creative = { id: store.nextId('creative'), account_id, ...newCreative(store, account_id, params) };
    store.creatives.set(creative.id, creative);
    res.json({ id: creative.id });
  });

  router.post('/:node/ads', (req, res) => {
    const { account_id } = account(req.params.node, 'POST');
    const { adSet, ...values } = newAd(store, account_id, postParams(req.query, req.body, AD_CREATE_PARAMS));
    const created = store.nextTime();
    const ad: Ad = {
      id: store.nextId('ad'),
      account_id,
      campaign_id: adSet.campaign_id,
      adset_id: adSet.id,
      ...values,
      created_time: created,
      updated_time: created,
    };
    store.ads.set(ad.id, ad);
    res.json({ id: ad.id });
  });

  router.get('/:node', (req, res, next) => {
    const creative = store.creatives.get(req.params.node);
    if (!creative) return next();
    const { fields, render } = context(req);
    res.json(render.creative(creative, fields));
  });

  router.post('/:node', (req, res, next) => {
    const ad = store.ads.get(req.params.node);
    if (!ad) return next();
    const changes = adChanges(store, ad, postParams(req.query, req.body, AD_UPDATE_PARAMS));
    Object.assign(ad, changes, { updated_time: store.nextTime() });
    res.json({ success: true });
  });

  /** Deleting an ad or a creative is soft: an ad stays readable by id with status DELETED. */
  router.delete('/:node', (req, res, next) => {
    const { node } = req.params;
    const target = store.ads.get(node) ?? store.creatives.get(node);
    if (!target) return next();
    if (target.status === 'DELETED') throw noSuchObject(node, 'DELETE');
    const inUse = [...store.ads.values()].some((ad) => ad.creative_id === node && ad.status !== 'DELETED');
    if (inUse) throw invalidParam(`Ad creative ${node} is used by an ad and cannot be deleted`);
    target.status = 'DELETED';
    if (store.ads.has(node)) store.ads.get(node)!.updated_time = store.nextTime();
    res.json({ success: true });
  });

  return router;
}
