import type { Request } from 'express';
import { Router } from 'express';
import { describeBodyIssues } from '../toolkit/body-schema.js';
import { describeIssues } from './batch.js';
import { badRequest, notAuthorizedForUser, notFound, notPermitted } from './errors.js';
import { type Board, V5 } from './model.js';
import { officialQuery } from './official-query.js';
import { officialBody } from './official-schemas.js';
import { page } from './paging.js';
import { newPin, pinCreateRequest } from './pin-input.js';
import { renderers } from './render.js';
import type { PinterestState } from './state.js';

/**
 * `ad_account_id` (Business Access): the account's owner acts; the emulated user owns every account,
 * so an id it has not is refused as Pinterest refuses one the token user has no role on.
 */
function businessAccess(state: PinterestState, req: Request, operation: Parameters<typeof officialQuery>[0]) {
  const query = officialQuery(operation, req.query);
  if (typeof query === 'string') throw badRequest(`Invalid parameters: ${query}.`);
  if (typeof query.ad_account_id === 'string' && !state.account(query.ad_account_id)) throw notPermitted();
  return query;
}

/** The user account, its boards and Pins: where an ad's Pin is made before the ad. */
export function pinRoutes(state: PinterestState): Router {
  const router = Router();
  const render = renderers(state);

  router.get(`${V5}/user_account`, (req, res) => {
    const query = officialQuery('user_account/get', req.query);
    if (typeof query === 'string') throw badRequest(`Invalid parameters: ${query}.`);
    if (typeof query.ad_account_id === 'string' && !state.account(query.ad_account_id)) {
      throw notAuthorizedForUser();
    }
    const boards = state.boards.size;
    const pins = state.pins.size;
    res.json({
      ...state.user,
      board_count: boards,
      pin_count: pins,
      follower_count: 120,
      following_count: 14,
      monthly_views: 5400,
    });
  });

  router.get(`${V5}/boards`, (req, res) => {
    const { privacy } = businessAccess(state, req, 'boards/list');
    const shown: Record<string, string[]> = {
      ALL: ['PUBLIC', 'PROTECTED', 'SECRET'],
      PUBLIC_AND_SECRET: ['PUBLIC', 'SECRET'],
    };
    const wanted = typeof privacy === 'string' ? (shown[privacy] ?? [privacy]) : ['PUBLIC'];
    const boards = [...state.boards.values()].filter((b) => wanted.includes(b.privacy));
    res.json(page(boards, req.query, render.board));
  });

  router.post(`${V5}/boards`, (req, res) => {
    businessAccess(state, req, 'boards/create');
    const issues = officialBody.boardCreate(req.body);
    if (issues.length > 0) throw badRequest(`Invalid request: ${describeBodyIssues(issues)}`);
    const body = req.body as Pick<Board, 'name' | 'privacy'> & {
      description?: string | null;
      is_ads_only?: boolean;
    };
    // BoardCreate.is_ads_only: such a board is named "Ad-only Pins" and PROTECTED whatever is sent.
    const board = state.addBoard(
      body.is_ads_only
        ? {
            name: 'Ad-only Pins',
            description: body.description ?? null,
            privacy: 'PROTECTED',
            is_ads_only: true,
          }
        : {
            name: body.name,
            description: body.description ?? null,
            privacy: body.privacy ?? 'PUBLIC',
            is_ads_only: false,
          },
    );
    res.status(201).json(render.board(board));
  });

  router.post(`${V5}/pins`, (req, res) => {
    businessAccess(state, req, 'pins/create');
    const issues = officialBody.pinCreate(req.body);
    if (issues.length > 0) throw badRequest(`Invalid request: ${describeBodyIssues(issues)}`);
    const parsed = pinCreateRequest.safeParse(req.body);
    if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
    const values = newPin(parsed.data, state);
    if (typeof values === 'string') throw badRequest(`Invalid request: ${values}`);
    res.status(201).json(render.pin(state.addPin(values)));
  });

  router.get(`${V5}/pins/:pin_id`, (req, res) => {
    businessAccess(state, req, 'pins/get');
    const pin = state.pins.get(String(req.params.pin_id));
    if (!pin) throw notFound('Pin not found.');
    res.json(render.pin(pin));
  });

  return router;
}
