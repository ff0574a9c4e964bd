import express, { Router } from 'express';
import api from '../../test/fixtures/pinterest/openapi-extract.json' with { type: 'json' };
import { accountOf } from './account-routes.js';
import { adChanges, adCreateRequest, adUpdateRequest, newAd } from './ad-input.js';
import { batch, type Element, parseItem, refused } from './batch.js';
import { notFound } from './errors.js';
import { REVIEW_STATUSES, type ReviewStatus, unixNow, V5 } from './model.js';
import { officialBody } from './official-schemas.js';
import { entityStatuses, listParam, page } from './paging.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/** Ads (Pinterest's pin promotions): list, get, create and update in batches; no DELETE, they archive. */
export function adRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);

  router.get(`${V5}/ad_accounts/:ad_account_id/ads`, (req, res) => {
    const account = accountOf(state, req);
    const filters = {
      campaign_id: listParam(req.query, 'campaign_ids'),
      ad_group_id: listParam(req.query, 'ad_group_ids'),
      id: listParam(req.query, 'ad_ids'),
    };
    const statuses = entityStatuses(req.query);
    const ads = [...state.ads.values()].filter(
      (ad) =>
        ad.ad_account_id === account.id &&
        statuses.includes(ad.status) &&
        Object.entries(filters).every(
          ([field, ids]) => !ids || ids.includes(ad[field as keyof typeof filters]),
        ),
    );
    res.json(page(ads, req.query, render.ad));
  });

  router.get(`${V5}/ad_accounts/:ad_account_id/ads/:ad_id`, (req, res) => {
    const account = accountOf(state, req);
    const ad = state.ads.get(String(req.params.ad_id));
    if (!ad || ad.ad_account_id !== account.id) throw notFound('Ad not found.');
    res.json(render.ad(ad));
  });

  router.post(`${V5}/ad_accounts/:ad_account_id/ads`, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body, 'ads').map((item): Element => {
      const parsed = parseItem(officialBody.adCreate, adCreateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const adGroup = state.adGroups.get(parsed.ad_group_id);
      const campaign = adGroup && state.campaigns.get(adGroup.campaign_id);
      const values = newAd(parsed, account, adGroup, campaign, state.pins.get(parsed.pin_id));
      if (typeof values === 'string') return refused(values);
      return { data: render.ad(state.addAd(values)), exceptions: [] };
    });
    res.json({ items });
  });

  router.patch(`${V5}/ad_accounts/:ad_account_id/ads`, (req, res) => {
    const account = accountOf(state, req);
    const items = batch(req.body, 'ads').map((item): Element => {
      const parsed = parseItem(officialBody.adUpdate, adUpdateRequest, item);
      if (typeof parsed === 'string') return refused(parsed);
      const ad = state.ads.get(parsed.id);
      if (!ad || ad.ad_account_id !== account.id) return refused(`Ad ${parsed.id} not found.`);
      const changes = adChanges(parsed, ad, state.campaigns.get(ad.campaign_id)!);
      if (typeof changes === 'string') return refused(changes);
      Object.assign(ad, changes, { updated_time: unixNow() });
      return { data: render.ad(ad), exceptions: [] };
    });
    res.json({ items });
  });

  return router;
}

const REJECTED_REASONS: readonly string[] = api.schemas.AdResponse.enums.rejected_reasons;

/**
 * `POST /_emulator/review {ad, review_status, rejected_reasons?, rejection_labels?}`: Pinterest's ad
 * review decides (new ads wait as PENDING). Reasons and labels are kept only for REJECTED, as the
 * fields' descriptions say they are returned; reasons are values of the OpenAPI's enum.
 */
export function reviewControl(state: PinterestState): Router {
  const router = Router();
  router.post('/_emulator/review', express.json({ limit: '10kb' }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ad = state.ads.get(String(body.ad));
    if (!ad) return res.status(404).json({ error: `no ad ${String(body.ad)}` });
    if (!REVIEW_STATUSES.includes(body.review_status as ReviewStatus)) {
      return res.status(400).json({ error: `review_status must be one of ${REVIEW_STATUSES.join(', ')}` });
    }
    const reasons = body.rejected_reasons ?? [];
    const labels = body.rejection_labels ?? [];
    const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (!strings(reasons) || reasons.some((r) => !REJECTED_REASONS.includes(r)) || !strings(labels)) {
      return res
        .status(400)
        .json({ error: 'rejected_reasons (values of the enum) and rejection_labels are lists of strings' });
    }
    const rejected = body.review_status === 'REJECTED';
    Object.assign(ad, {
      review_status: body.review_status,
      rejected_reasons: rejected ? reasons : [],
      rejection_labels: rejected ? labels : [],
      updated_time: unixNow(),
    });
    res.json({ ad: ad.id, review_status: ad.review_status });
  });
  return router;
}
