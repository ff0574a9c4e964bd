import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSchema, creativeSchema } from '../../emulators/snapchat/ad-input.js';
import { adSquadSchema } from '../../emulators/snapchat/adsquad-input.js';
import { campaignSchema } from '../../emulators/snapchat/campaign-input.js';
import { snapchatEmulator } from '../../emulators/snapchat/index.js';
import * as model from '../../emulators/snapchat/model.js';
import { MAX_PAGE_SIZE, MIN_PAGE_SIZE } from '../../emulators/snapchat/paging.js';
import { SEEDED } from '../../emulators/snapchat/seed.js';
import * as segments from '../../emulators/snapchat/segments.js';
import { type RunningEmulator, startEmulator } from '../../emulators/toolkit/emulator.js';
import type { Targeting } from '../../src/adsets/model.js';
import { platformCatalog } from '../../src/platforms/catalog.js';
import { toSnapAd, toSnapCreative } from '../../src/platforms/snapchat/ad-body.js';
import { toSnapAdSquad } from '../../src/platforms/snapchat/adset-body.js';
import {
  toSnapSegment,
  toSnapSegmentChanges,
  toSnapUsers,
} from '../../src/platforms/snapchat/audience-body.js';
import { snapchatAudiences } from '../../src/platforms/snapchat/audiences.js';
import { toSnapCampaign } from '../../src/platforms/snapchat/campaign-body.js';
import type { SnapClient } from '../../src/platforms/snapchat/client.js';
import documented from '../fixtures/snapchat/documented.json' with { type: 'json' };
import { emulatorToken } from '../support/emulator-call.js';
import { gif, jpeg, png } from '../support/images.js';

/**
 * Snap publishes no SDK or API description, so the emulator (and through it the adapter) is checked
 * against test/fixtures/snapchat/documented.json: the paths, fields and values of Snap's documentation
 * pages that adlink relies on, each with the page it comes from.
 */
type Operation = keyof typeof documented.operations;
type Entity = keyof typeof documented.entities;
const fieldsOf = (entity: Entity) => documented.entities[entity].fields as string[];
const valuesOf = (name: keyof typeof documented.enums) => [...documented.enums[name].values].sort();
const sorted = (values: readonly string[]) => [...values].sort();
/** The record's entity for each item name of a list answer. */
const ENTITY: Record<string, Entity> = {
  organization: 'organization',
  adaccount: 'adAccount',
  campaign: 'campaign',
  adsquad: 'adSquad',
  ad: 'ad',
  creative: 'creative',
  media: 'media',
  segment: 'segment',
};
/** The fields an emulator schema requires. */
const requiredOf = (shape: Record<string, { safeParse(value: unknown): { success: boolean } }>) =>
  Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);

describe('the documented record', () => {
  it('names a Snap documentation page for every part', () => {
    const pages = Object.keys(documented.pages);
    for (const url of Object.values(documented.pages)) {
      expect(url).toMatch(/^https:\/\/developers\.snap\.com\/api\/marketing-api\/Ads-API\//);
    }
    const parts = [
      documented.oauth,
      documented.envelope,
      documented.paging,
      documented.budgets,
      documented.statuses,
      documented.rateLimits,
      documented.stats,
      documented.creativeOfAd,
      documented.limits,
      documented.topSnapImage,
      documented.customerLists,
      ...Object.values(documented.operations),
      ...Object.values(documented.entities),
      ...Object.values(documented.enums),
    ];
    for (const part of parts) expect(pages).toContain(part.page);
  });

  it("matches adlink's catalog entry: authorize and token URLs, scope, API base", () => {
    const { snapchat } = platformCatalog('https://adlink.example');
    expect(snapchat.oauth.authorizeUrl).toBe(documented.oauth.authorize);
    expect(snapchat.oauth.tokenUrl).toBe(documented.oauth.token);
    expect(snapchat.oauth.scopes).toEqual([documented.oauth.scope]);
    expect(snapchat.oauth.tokenRequest).toBe('form');
    expect(snapchat.apiBaseUrl).toBe(documented.oauth.api);
  });
});

describe('the emulator follows the documented record', () => {
  let emulator: RunningEmulator;
  let token: string;
  let squad: string;
  /** A seeded (video) ad with its creative and media. */
  let seededAd: { id: string; creative_id: string; media_id: string };

  const call = (path: string, init: RequestInit & { auth?: boolean } = {}) =>
    fetch(`${emulator.url}${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
      },
    });
  const pathOf = (operation: Operation) =>
    documented.operations[operation].path
      .replace('{ad_account_id}', SEEDED.usdAccount)
      .replace('{campaign_id}', SEEDED.usdAwareness)
      .replace('{ad_squad_id}', squad)
      .replace('{ad_id}', seededAd.id)
      .replace('{creative_id}', seededAd.creative_id)
      .replace('{media_id}', seededAd.media_id)
      .replace('{segment_id}', SEEDED.usdCustomers);

  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    const code = emulator.oauth.issueCode({
      user: 'emulated-user',
      scope: [documented.oauth.scope],
      clientId: emulator.oauth.options.clientId,
      redirectUri: 'http://127.0.0.1/callback',
      challenge: null,
    });
    const form = {
      grant_type: 'authorization_code',
      client_id: emulator.oauth.options.clientId,
      client_secret: emulator.oauth.options.clientSecret,
      code,
      redirect_uri: 'http://127.0.0.1/callback',
    };
    expect(Object.keys(form).every((name) => documented.oauth.tokenParams.includes(name))).toBe(true);
    const res = await fetch(`${emulator.url}${new URL(documented.oauth.token).pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const issued = (await res.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(issued.refresh_token).toEqual(expect.any(String));
    expect(issued.scope).toBe(documented.oauth.scope);
    token = issued.access_token;
    const squads = (await (await call(`/v1/campaigns/${SEEDED.usdAwareness}/adsquads`)).json()) as {
      adsquads: { adsquad: { id: string } }[];
    };
    squad = squads.adsquads[0]!.adsquad.id;
    const ads = (await (await call(`/v1/adaccounts/${SEEDED.usdAccount}/ads`)).json()) as {
      ads: { ad: { id: string; creative_id: string } }[];
    };
    const { id, creative_id } = ads.ads[0]!.ad;
    const creative = (await (await call(`/v1/creatives/${creative_id}`)).json()) as {
      creatives: { creative: { top_snap_media_id: string } }[];
    };
    seededAd = { id, creative_id, media_id: creative.creatives[0]!.creative.top_snap_media_id };
  });
  afterAll(() => emulator?.close());

  const reads = (Object.keys(documented.operations) as Operation[]).filter(
    (op) => documented.operations[op].method === 'GET',
  );

  it.each(reads)('%s: its path answers the documented envelope with documented fields', async (operation) => {
    const {
      list,
      item,
      query = [],
    } = documented.operations[operation] as { list: string; item: string; query?: string[] };
    const res = await call(
      `${pathOf(operation)}${query.map((q, i) => `${i ? '&' : '?'}${q}=true`).join('')}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(documented.envelope.answer));
    expect(documented.envelope.requestStatus).toContain(body.request_status);
    const items = body[list] as Record<string, Record<string, unknown>>[];
    expect(items.length).toBeGreaterThan(0);
    for (const answered of items) {
      expect(Object.keys(answered).sort()).toEqual([...documented.envelope.item, item].sort());
      expect(fieldsOf(ENTITY[item]!)).toEqual(expect.arrayContaining(Object.keys(answered[item]!)));
      for (const account of (answered[item]!.ad_accounts as object[] | undefined) ?? []) {
        expect(fieldsOf('adAccount')).toEqual(expect.arrayContaining(Object.keys(account)));
      }
    }
  });

  it.each(['createAdSquads', 'updateAdSquads'] as const)(
    '%s: its path and method take {"adsquads": […]}',
    async (operation) => {
      const { method, list } = documented.operations[operation];
      const res = await call(pathOf(operation), { method, body: JSON.stringify({}) });
      expect(res.status).toBe(documented.statuses.invalid);
      const body = (await res.json()) as Record<string, string>;
      expect(Object.keys(body).sort()).toEqual([...documented.envelope.error].sort());
      expect(body.debug_message).toMatch(new RegExp(`^${list}: `));
    },
  );

  it.each(['createCampaigns', 'updateCampaigns'] as const)(
    '%s: its path and method take {"campaigns": […]}',
    async (operation) => {
      const { method, list } = documented.operations[operation];
      const res = await call(pathOf(operation), { method, body: JSON.stringify({}) });
      expect(res.status).toBe(documented.statuses.invalid);
      const body = (await res.json()) as Record<string, string>;
      expect(body.debug_message).toMatch(new RegExp(`^${list}: `));
    },
  );

  it('createCampaigns takes the campaign the adapter builds; deleteCampaign is soft', async () => {
    const { campaign } = toSnapCampaign(
      {
        name: 'Documented',
        advertiser: SEEDED.usdAccount,
        objective: 'TRAFFIC',
        status: 'Paused',
        settings: [],
      },
      { id: SEEDED.usdAccount, name: 'Bakery US', currency: 'USD' },
      new Date(),
    );
    const { method, list, item } = documented.operations.createCampaigns;
    const res = await call(pathOf('createCampaigns'), {
      method,
      body: JSON.stringify({ [list]: [campaign] }),
    });
    expect(res.status).toBe(200);
    const created = ((await res.json()) as Record<string, Record<string, Record<string, string>>[]>)[
      list
    ]![0]![item]!;
    expect(fieldsOf('campaign')).toEqual(expect.arrayContaining(Object.keys(created)));
    const path = documented.operations.deleteCampaign.path.replace('{campaign_id}', created.id!);
    expect((await call(path, { method: documented.operations.deleteCampaign.method })).status).toBe(200);
    const get = documented.operations.getCampaign.path.replace('{campaign_id}', created.id!);
    expect((await call(get)).status).toBe(documented.statuses.notFound);
    const shown = (await (await call(`${get}?${documented.envelope.readDeleted}=true`)).json()) as {
      campaigns: { campaign: Record<string, unknown> }[];
    };
    expect(shown.campaigns[0]!.campaign.deleted).toBe(true);
  });

  it('deleteAdSquad: soft, as read_deleted_entities shows', async () => {
    const res = await call(pathOf('deleteAdSquad'), { method: documented.operations.deleteAdSquad.method });
    expect(res.status).toBe(200);
    expect((await call(pathOf('getAdSquad'))).status).toBe(documented.statuses.notFound);
    const shown = (await (
      await call(`${pathOf('getAdSquad')}?${documented.envelope.readDeleted}=true`)
    ).json()) as {
      adsquads: { adsquad: Record<string, unknown> }[];
    };
    expect(shown.adsquads[0]!.adsquad.deleted).toBe(true);
  });

  it('answers failures with the documented statuses and the error envelope', async () => {
    const envelope = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect(Object.keys((await res.json()) as object).sort()).toEqual([...documented.envelope.error].sort());
    };
    await envelope(
      await call(pathOf('listOrganizations'), { auth: false }),
      documented.statuses.unauthorized,
    );
    await envelope(
      await call('/v1/adsquads/00000000-0000-4000-8000-000000000000'),
      documented.statuses.notFound,
    );
    emulator.controls.throttleNext(1);
    const throttled = await call(pathOf('listOrganizations'));
    expect(throttled.headers.get('retry-after')).toBeNull();
    await envelope(throttled, documented.rateLimits.status);
  });

  it('pages by limit within the documented bounds and a full next_link URL with a cursor', async () => {
    expect([MIN_PAGE_SIZE, MAX_PAGE_SIZE]).toEqual([documented.paging.min, documented.paging.max]);
    for (const limit of [documented.paging.min - 1, documented.paging.max + 1]) {
      expect((await call(`${pathOf('listAccountAdSquads')}?limit=${limit}`)).status).toBe(
        documented.statuses.invalid,
      );
    }
    emulator.seedAdSets(SEEDED.usdAccount, SEEDED.usdAwareness, documented.paging.min);
    const first = (await (await call(pathOf('listAccountAdSquads'))).json()) as {
      paging: Record<string, string>;
    };
    const next = new URL(first.paging[documented.paging.next]!);
    expect(next.origin).toBe(emulator.url);
    expect(next.searchParams.has(documented.paging.cursor)).toBe(true);
    expect((await fetch(next, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});

describe('the emulator and the adapter use only documented fields and values', () => {
  it('the enums are the documentation’s', () => {
    expect(sorted(model.STATUSES)).toEqual(valuesOf('status'));
    expect(sorted(model.OBJECTIVES)).toEqual(valuesOf('objective'));
    expect(sorted(model.OPTIMIZATION_GOALS)).toEqual(valuesOf('optimization_goal'));
    expect(sorted(model.BILLING_EVENTS)).toEqual(valuesOf('billing_event'));
    expect(sorted(model.GEO_OPERATIONS)).toEqual(valuesOf('geo.operation'));
    expect(sorted(model.SEGMENT_OPERATIONS)).toEqual(valuesOf('segment.operation'));
    expect(sorted(model.ADSQUAD_TYPES)).toEqual(valuesOf('adsquad.type'));
    expect(sorted(model.PLACEMENT_CONFIGS)).toEqual(valuesOf('placement_v2.config'));
    expect(sorted(model.BID_STRATEGIES)).toEqual(valuesOf('bid_strategy'));
    expect(sorted(Object.keys(model.GOALS_BY_OBJECTIVE_V2))).toEqual(valuesOf('objective_v2_type'));
    expect(valuesOf('delivery_status')).toEqual(expect.arrayContaining([...model.DELIVERY_STATUSES]));
    for (const goals of Object.values(model.GOALS_BY_OBJECTIVE)) {
      expect(valuesOf('optimization_goal')).toEqual(expect.arrayContaining([...goals]));
    }
    expect(model.MIN_DAILY_BUDGET_MICRO).toBe(documented.budgets.minDailyBudgetMicro);
    expect(model.MIN_CAMPAIGN_SPEND_CAP_MICRO).toBe(documented.budgets.minCampaignSpendCapMicro);
  });

  it('the fields it answers and takes are documented, the required ones required', () => {
    expect(fieldsOf('adSquad')).toEqual(expect.arrayContaining([...model.ADSQUAD_FIELDS]));
    expect(fieldsOf('campaign')).toEqual(expect.arrayContaining([...model.CAMPAIGN_FIELDS]));
    expect(fieldsOf('ad')).toEqual(expect.arrayContaining([...model.AD_FIELDS]));
    expect(fieldsOf('organization')).toEqual(expect.arrayContaining([...model.ORGANIZATION_FIELDS]));
    expect(fieldsOf('adAccount')).toEqual(expect.arrayContaining([...model.AD_ACCOUNT_FIELDS]));
    const shape = adSquadSchema.shape;
    expect(fieldsOf('adSquad')).toEqual(expect.arrayContaining(Object.keys(shape)));
    const required = Object.entries(shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(sorted(required)).toEqual(sorted(documented.entities.adSquad.required));
    expect(fieldsOf('targeting')).toEqual(expect.arrayContaining(Object.keys(shape.targeting.shape)));
    expect(fieldsOf('geo')).toEqual(
      expect.arrayContaining(Object.keys(shape.targeting.shape.geos.element.shape)),
    );
    const segmentTarget = shape.targeting.shape.segments.unwrap().element.shape;
    expect(sorted(Object.keys(segmentTarget))).toEqual(sorted(fieldsOf('segmentTarget')));
    expect(requiredOf(segmentTarget)).toEqual(documented.entities.segmentTarget.required);
    const campaign = campaignSchema.shape;
    expect(fieldsOf('campaign')).toEqual(expect.arrayContaining(Object.keys(campaign)));
    const requiredOfCampaign = Object.entries(campaign)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(sorted(requiredOfCampaign)).toEqual(sorted(documented.entities.campaign.required));
  });

  it('the campaign the adapter creates has documented fields only, every required one, a v2 objective', () => {
    const { campaign } = toSnapCampaign(
      {
        name: 'Spring',
        advertiser: SEEDED.usdAccount,
        objective: 'AWARENESS_AND_ENGAGEMENT',
        status: 'Running',
        settings: [
          { kind: 'TotalBudget', budget: 300, currency: 'USD' },
          { kind: 'Runtime', start: '2027-03-01T00:00:00Z', end: '2027-04-01T00:00:00Z' },
        ],
      },
      { id: SEEDED.usdAccount, name: 'Bakery US', currency: 'USD' },
      new Date(),
    );
    const writable = fieldsOf('campaign').filter((f) => !documented.entities.campaign.readOnly.includes(f));
    expect(writable).toEqual(expect.arrayContaining(Object.keys(campaign)));
    expect(Object.keys(campaign)).toEqual(expect.arrayContaining(documented.entities.campaign.required));
    const { objective_v2_type } = campaign.objective_v2_properties as { objective_v2_type: string };
    expect(valuesOf('objective_v2_type')).toContain(objective_v2_type);
    expect(campaignSchema.safeParse(campaign).success).toBe(true);
  });

  /** The squad the adapter builds for a paused spring ad set in New York, with any more targetings. */
  const springSquad = (targetings: Targeting[] = []) =>
    toSnapAdSquad(
      {
        name: 'Spring',
        advertiser: SEEDED.usdAccount,
        parentId: SEEDED.usdAwareness,
        channelKind: 'Social',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 12.5, currency: 'USD' }],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '10001' }],
          },
          ...targetings,
        ],
      },
      { id: SEEDED.usdAccount, name: 'Bakery US', currency: 'USD' },
      'BRAND_AWARENESS',
      new Date(),
    );

  it('the squad the adapter creates has documented fields only, every required one, one budget', () => {
    const { squad } = springSquad();
    const writable = fieldsOf('adSquad').filter((f) => !documented.entities.adSquad.readOnly.includes(f));
    expect(writable).toEqual(expect.arrayContaining(Object.keys(squad)));
    expect(Object.keys(squad)).toEqual(expect.arrayContaining(documented.entities.adSquad.required));
    expect(documented.entities.adSquad.oneOf.filter((f) => f in squad)).toHaveLength(1);
    const [geo] = (squad.targeting as { geos: object[] }).geos;
    expect(fieldsOf('geo')).toEqual(expect.arrayContaining(Object.keys(geo!)));
    expect(adSquadSchema.safeParse(squad).success).toBe(true);
  });

  it('the audiences of the squad the adapter creates are documented segment entries, one a operation', () => {
    const include = ['5677923948298240', '5677923948298241'];
    const exclude = ['5677923948298242'];
    const { squad } = springSquad([{ kind: 'AudienceTargeting', include, exclude }]);
    const targeting = squad.targeting as { segments: Record<string, unknown>[] };
    expect(fieldsOf('targeting')).toEqual(expect.arrayContaining(Object.keys(targeting)));
    for (const entry of targeting.segments) {
      expect(fieldsOf('segmentTarget')).toEqual(expect.arrayContaining(Object.keys(entry)));
      expect(valuesOf('segment.operation')).toContain(entry.operation);
    }
    expect(targeting.segments).toEqual([
      { segment_id: include, operation: 'INCLUDE' },
      { segment_id: exclude, operation: 'EXCLUDE' },
    ]);
    expect(adSquadSchema.safeParse(squad).success).toBe(true);
  });
});

describe('media, creatives and ads follow the documented record', () => {
  let emulator: RunningEmulator;
  let token: string;
  let squad: string;
  const account = SEEDED.usdAccount;

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${emulator.url}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    });
  const pathOf = (operation: Operation, ids: Record<string, string> = {}) =>
    Object.entries({ ad_account_id: account, ad_squad_id: squad, ...ids }).reduce(
      (path, [name, value]) => path.replace(`{${name}}`, value),
      documented.operations[operation].path,
    );
  /** One entity of a batch write, with what was answered. */
  const write = async (operation: Operation, entity: object, ids: Record<string, string> = {}) => {
    const { method, list, item } = documented.operations[operation] as {
      method: string;
      list: string;
      item: string;
    };
    const res = await call(pathOf(operation, ids), { method, body: JSON.stringify({ [list]: [entity] }) });
    const body = (await res.json()) as Record<string, unknown>;
    const written = (body[list] as Record<string, Record<string, unknown>>[] | undefined)?.[0]?.[item];
    return { status: res.status, body, written: written as Record<string, unknown> & { id: string } };
  };
  const refused = async (
    answer: Promise<{ status: number; body: Record<string, unknown> }>,
    field: string,
  ) => {
    const { status, body } = await answer;
    expect(status).toBe(documented.statuses.invalid);
    expect(body.request_status).toBe('ERROR');
    expect(body.debug_message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
  };
  const upload = (mediaId: string, file: Buffer, name = 'top-snap.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return fetch(`${emulator.url}${pathOf('uploadMedia', { media_id: mediaId })}`, {
      method: documented.operations.uploadMedia.method,
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const image = async (file: Buffer = png(1080, 1920)) => {
    const { written } = await write('createMedia', {
      name: 'Top Snap',
      type: 'IMAGE',
      ad_account_id: account,
    });
    expect(written.media_status).toBe('PENDING_UPLOAD');
    expect((await upload(written.id, file)).status).toBe(200);
    return written.id;
  };
  const webView = (media: string, changes: object = {}) => ({
    ad_account_id: account,
    name: 'Spring loaf',
    type: 'WEB_VIEW',
    headline: 'Fresh sourdough every morning',
    brand_name: 'Bakery',
    top_snap_media_id: media,
    call_to_action: 'ORDER_NOW',
    web_view_properties: { url: 'https://bakery.example/spring' },
    ...changes,
  });

  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    const { clientId, clientSecret } = emulator.oauth.options;
    const redirectUri = 'http://127.0.0.1/callback';
    const code = emulator.oauth.issueCode({
      user: 'emulated-user',
      scope: [documented.oauth.scope],
      clientId,
      redirectUri,
      challenge: null,
    });
    const issued = emulator.oauth.redeemCode({
      code,
      clientId,
      clientSecret,
      redirectUri,
      verifier: undefined,
    });
    token = (issued as { access_token: string }).access_token;
    const squads = (await (await call(`/v1/campaigns/${SEEDED.usdAwareness}/adsquads`)).json()) as {
      adsquads: { adsquad: { id: string } }[];
    };
    squad = squads.adsquads[0]!.adsquad.id;
  });
  afterAll(() => emulator?.close());

  it('the enums, limits and fields are the documentation’s, the required ones required', () => {
    expect(sorted(model.MEDIA_TYPES)).toEqual(valuesOf('media.type'));
    expect(sorted(model.MEDIA_STATUSES)).toEqual(valuesOf('media_status'));
    expect(sorted(model.CREATIVE_TYPES)).toEqual(valuesOf('creative.type'));
    expect(sorted(model.AD_TYPES)).toEqual(valuesOf('ad.type'));
    expect(sorted(model.REVIEW_STATUSES)).toEqual(valuesOf('review_status'));
    expect(sorted(model.WEB_VIEW_CALLS_TO_ACTION)).toEqual(valuesOf('web_view.call_to_action'));
    expect(sorted(model.TOP_SNAP_CROP_POSITIONS)).toEqual(valuesOf('top_snap_crop_position'));
    const { page: _page, ...creativeOfAd } = documented.creativeOfAd;
    expect(model.CREATIVE_TYPE_OF_AD).toEqual(creativeOfAd);
    expect([model.HEADLINE_MAX, model.BRAND_NAME_MAX, model.WEB_VIEW_URL_MAX]).toEqual([
      documented.limits.headline,
      documented.limits.brand_name,
      documented.limits['web_view_properties.url'],
    ]);
    const { page: _image, ...topSnap } = documented.topSnapImage;
    expect({ ...model.TOP_SNAP_IMAGE, types: [...model.TOP_SNAP_IMAGE.types] }).toEqual(topSnap);

    expect(fieldsOf('media')).toEqual(expect.arrayContaining([...model.MEDIA_FIELDS]));
    expect(fieldsOf('creative')).toEqual(expect.arrayContaining([...model.CREATIVE_FIELDS]));
    expect(fieldsOf('creative')).toEqual(expect.arrayContaining(Object.keys(creativeSchema.shape)));
    expect(fieldsOf('webViewProperties')).toEqual(
      expect.arrayContaining(Object.keys(creativeSchema.shape.web_view_properties.unwrap().shape)),
    );
    expect(fieldsOf('ad')).toEqual(expect.arrayContaining(Object.keys(adSchema.shape)));
    // brand_name and profile_properties are R on the page, one standing in for the other (unconfirmed).
    const { required, eitherOf } = documented.entities.creative;
    expect(sorted(requiredOf(creativeSchema.shape))).toEqual(
      sorted(required.filter((f) => !eitherOf.includes(f))),
    );
    expect(sorted(requiredOf(adSchema.shape))).toEqual(sorted(documented.entities.ad.required));
  });

  it('the creative and the ad the adapter builds have documented fields only, every required one', () => {
    const input = {
      name: 'Spring loaf',
      adSetId: squad,
      status: 'Paused' as const,
      creative: {
        kind: 'ImageAd' as const,
        media: 'media-id',
        additionalMedia: [],
        headline: 'Fresh sourdough',
        url: 'https://bakery.example/spring',
        callToAction: 'OrderNow' as const,
        businessName: 'Bakery',
      },
    };
    const { creative } = toSnapCreative(input.name, input.creative, account);
    const writable = fieldsOf('creative').filter((f) => !documented.entities.creative.readOnly.includes(f));
    expect(writable).toEqual(expect.arrayContaining(Object.keys(creative)));
    expect(creativeSchema.safeParse(creative).success).toBe(true);
    expect(valuesOf('web_view.call_to_action')).toContain(creative.call_to_action);
    const ad = toSnapAd(input, 'creative-id');
    const adWritable = fieldsOf('ad').filter((f) => !documented.entities.ad.readOnly.includes(f));
    expect(adWritable).toEqual(expect.arrayContaining(Object.keys(ad)));
    expect(Object.keys(ad)).toEqual(expect.arrayContaining(documented.entities.ad.required));
    expect(documented.creativeOfAd[ad.type as 'REMOTE_WEBPAGE']).toBe(creative.type);
    expect(adSchema.safeParse(ad).success).toBe(true);
  });

  it('createMedia then uploadMedia: a Top Snap image becomes READY; the limits are refused naming file', async () => {
    const media = await image(jpeg(1080, 1920));
    const got = (await (await call(pathOf('getMedia', { media_id: media }))).json()) as {
      media: { media: Record<string, unknown> }[];
    };
    expect(got.media[0]!.media).toMatchObject({ id: media, type: 'IMAGE', media_status: 'READY' });
    expect(fieldsOf('media')).toEqual(expect.arrayContaining(Object.keys(got.media[0]!.media)));
    expect(emulator.controls.callsTo(`/media/${media}/upload`).at(-1)?.body).toEqual({
      file: expect.objectContaining({ width: 1080, height: 1920, contentType: 'image/jpeg' }),
    });

    const { width, height, maxBytes } = documented.topSnapImage;
    for (const [what, file] of [
      ['too large', png(width, height, maxBytes + 1)],
      ['too small', png(540, 960)],
      ['not 9:16', png(1080, 1080)],
      ['a GIF', gif(width, height)],
    ] as const) {
      const { written } = await write('createMedia', { name: what, type: 'IMAGE', ad_account_id: account });
      const res = await upload(written.id, file);
      expect(res.status, what).toBe(documented.statuses.invalid);
      expect(((await res.json()) as { debug_message: string }).debug_message, what).toMatch(/^file: /);
    }
    await refused(write('createMedia', { name: 'No type', ad_account_id: account }), 'type');
  });

  it('createCreatives refuses what the Creatives page refuses, naming the field', async () => {
    const media = await image();
    const headline = 'x'.repeat(documented.limits.headline + 1);
    await refused(write('createCreatives', webView(media, { headline })), 'headline');
    const brand = 'x'.repeat(documented.limits.brand_name + 1);
    await refused(write('createCreatives', webView(media, { brand_name: brand })), 'brand_name');
    await refused(write('createCreatives', webView(media, { brand_name: undefined })), 'brand_name');
    await refused(
      write('createCreatives', webView(media, { call_to_action: 'LEARN_MORE' })),
      'call_to_action',
    );
    await refused(
      write('createCreatives', webView(media, { web_view_properties: undefined })),
      'web_view_properties',
    );
    const http = { url: 'http://bakery.example/spring' };
    await refused(
      write('createCreatives', webView(media, { web_view_properties: http })),
      'web_view_properties.url',
    );
    const pending = (await write('createMedia', { name: 'Empty', type: 'IMAGE', ad_account_id: account }))
      .written;
    await refused(write('createCreatives', webView(pending.id)), 'top_snap_media_id');
    const { status, written } = await write('createCreatives', webView(media));
    expect(status).toBe(200);
    expect(fieldsOf('creative')).toEqual(expect.arrayContaining(Object.keys(written)));
  });

  it('createAds: a REMOTE_WEBPAGE ad takes a WEB_VIEW creative and starts PENDING; review, update and a soft delete', async () => {
    const creative = (await write('createCreatives', webView(await image()))).written;
    const ad = {
      ad_squad_id: squad,
      creative_id: creative.id,
      name: 'Spring loaf',
      type: 'SNAP_AD',
      status: 'PAUSED',
    };
    await refused(write('createAds', ad), 'type');
    const { written } = await write('createAds', { ...ad, type: 'REMOTE_WEBPAGE' });
    expect(written).toMatchObject({ type: 'REMOTE_WEBPAGE', review_status: 'PENDING', status: 'PAUSED' });
    expect(fieldsOf('ad')).toEqual(expect.arrayContaining(Object.keys(written)));

    const review = (body: object) =>
      fetch(`${emulator.url}/_emulator/ad-review`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ad_id: written.id, ...body }),
      });
    expect((await review({ review_status: 'REJECTED' })).status).toBe(400);
    expect((await review({ review_status: 'LIMITED' })).status).toBe(400);
    expect(
      (await review({ review_status: 'REJECTED', review_status_reasons: ['Misleading claims'] })).status,
    ).toBe(200);
    const read = async (query = '') =>
      (await (await call(`${pathOf('getAd', { ad_id: written.id })}${query}`)).json()) as {
        ads?: { ad: Record<string, unknown> }[];
        request_status: string;
      };
    expect((await read()).ads![0]!.ad).toMatchObject({
      review_status: 'REJECTED',
      review_status_reasons: ['Misleading claims'],
    });

    const current = (await read()).ads![0]!.ad;
    const renamed = await write('updateAds', { ...current, name: 'Spring loaf, renamed' });
    expect(renamed.written).toMatchObject({ name: 'Spring loaf, renamed', review_status: 'REJECTED' });
    const changed = await write('updateCreatives', { ...creative, headline: 'Now with rye' });
    expect(changed.written.headline).toBe('Now with rye');
    // A changed creative goes back to review.
    expect((await read()).ads![0]!.ad).toMatchObject({ review_status: 'PENDING' });
    expect((await read()).ads![0]!.ad.review_status_reasons).toBeUndefined();
    await refused(write('updateCreatives', { ...creative, type: 'SNAP_AD' }), 'type');

    const { method } = documented.operations.deleteAd;
    expect((await call(pathOf('deleteAd', { ad_id: written.id }), { method })).status).toBe(200);
    expect((await call(pathOf('getAd', { ad_id: written.id }))).status).toBe(documented.statuses.notFound);
    expect((await read(`?${documented.envelope.readDeleted}=true`)).ads![0]!.ad.deleted).toBe(true);
  });
});

describe('customer lists follow the documented record', () => {
  let emulator: RunningEmulator;
  let token: string;
  const account = SEEDED.usdAccount;
  const { customerLists } = documented;
  const hash = (i: number) => i.toString(16).padStart(64, '0');

  const call = (operation: Operation, body: object, segment = '') =>
    fetch(
      `${emulator.url}${documented.operations[operation].path}`
        .replace('{ad_account_id}', account)
        .replace('{segment_id}', segment),
      {
        method: documented.operations[operation].method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
  /** The refusal's status and the field its message names first. */
  const refusal = async (res: Response) => {
    const body = (await res.json()) as { debug_message: string };
    return [res.status, body.debug_message.split(':')[0]];
  };

  beforeAll(async () => {
    emulator = await startEmulator(snapchatEmulator);
    token = emulatorToken(emulator, [documented.oauth.scope]);
  });
  afterAll(() => emulator?.close());

  it('the enums, limits and fields are the documentation’s, the required ones required', () => {
    expect(sorted(segments.SOURCE_TYPES)).toEqual(valuesOf('segment.source_type'));
    expect(sorted(segments.UPLOAD_STATUSES)).toEqual(valuesOf('segment.upload_status'));
    expect(sorted(segments.TARGETABLE_STATUSES)).toEqual(valuesOf('segment.targetable_status'));
    expect(sorted(segments.USER_SCHEMAS)).toEqual(valuesOf('users.schema'));
    expect(segments.MAX_IDENTIFIERS).toBe(customerLists.maxIdentifiers);
    expect(segments.MIN_TARGETABLE).toBe(customerLists.minTargetable);
    const shape = segments.segmentSchema.shape;
    expect(fieldsOf('segment')).toEqual(expect.arrayContaining(Object.keys(shape)));
    expect(sorted(requiredOf(shape))).toEqual(sorted(documented.entities.segment.required));
    expect(fieldsOf('segment')).toEqual(
      expect.arrayContaining(Object.keys(segments.segmentUpdateSchema.shape)),
    );
    const users = segments.usersSchema.shape.users.element.shape;
    expect(sorted(Object.keys(users))).toEqual(sorted(fieldsOf('segmentUsers')));
    expect(sorted(requiredOf(users))).toEqual(sorted(documented.entities.segmentUsers.required));
  });

  it("the adapter declares Snap's batch and minimum size, no Gmail rule, and phones as digits", () => {
    expect(snapchatAudiences({} as SnapClient).capabilities).toEqual({
      batchSize: customerLists.maxIdentifiers,
      minSize: customerLists.minTargetable,
      gmailDots: false,
      phones: 'digits',
    });
  });

  it("the adapter's segment and uploads are taken; the answers carry documented fields only", async () => {
    const body = toSnapSegment(
      { name: 'Shop customers', advertiser: account, description: 'All of them' },
      account,
    );
    expect(body.retention_in_days).toBe(customerLists.retentionLifetime);
    const created = await call('createSegments', { segments: [body] });
    expect(created.status).toBe(200);
    const [answered] = ((await created.json()) as { segments: { segment: Record<string, unknown> }[] })
      .segments;
    expect(fieldsOf('segment')).toEqual(expect.arrayContaining(Object.keys(answered!.segment)));
    const segment = answered!.segment as never as Parameters<typeof toSnapSegmentChanges>[1];
    expect(segment.id).toMatch(/^\d{16}$/);
    const put = await call('updateSegments', {
      segments: [toSnapSegmentChanges({ name: 'Renamed' }, segment)],
    });
    expect(put.status).toBe(200);
    for (const operation of ['addSegmentUsers', 'removeSegmentUsers'] as const) {
      const users = toSnapUsers('emails', [hash(1), hash(2)], segment.id, operation === 'removeSegmentUsers');
      expect(segments.usersSchema.safeParse(users).success).toBe(true);
      const res = await call(operation, users, segment.id);
      expect(res.status).toBe(200);
      const { list, item } = documented.operations[operation] as { list: string; item: string };
      const answer = (await res.json()) as Record<
        string,
        Record<string, { number_uploaded_users: number }>[]
      >;
      expect(answer[list]![0]![item]).toEqual({ number_uploaded_users: 2 });
    }
    expect((await call('deleteSegment', {}, segment.id)).status).toBe(200);
    const gone = await fetch(`${emulator.url}/v1/segments/${segment.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(documented.statuses.notFound);
  });

  it('refuses a segment without a required field, of another source, or of another account', async () => {
    const body = toSnapSegment({ name: 'Refused', advertiser: account }, account);
    const { retention_in_days: _, ...noRetention } = body;
    expect(await refusal(await call('createSegments', { segments: [noRetention] }))).toEqual([
      400,
      'retention_in_days',
    ]);
    expect(
      await refusal(await call('createSegments', { segments: [{ ...body, source_type: 'PIXEL' }] })),
    ).toEqual([400, 'source_type']);
    expect(
      await refusal(
        await call('createSegments', { segments: [{ ...body, ad_account_id: SEEDED.eurAccount }] }),
      ),
    ).toEqual([400, 'ad_account_id']);
  });

  it('a squad targets customer lists of its own ad account only; malformed ids and shapes are refused by field', async () => {
    const squads = `${emulator.url}${documented.operations.createAdSquads.path.replace('{campaign_id}', SEEDED.usdAwareness)}`;
    const { squad } = toSnapAdSquad(
      {
        name: 'Targeted',
        advertiser: account,
        parentId: SEEDED.usdAwareness,
        channelKind: 'Social',
        status: 'Paused',
        settings: [{ kind: 'DailyBudget', budget: 12.5, currency: 'USD' }],
        targetings: [
          {
            kind: 'GeoTargeting',
            type: 'ZipcodeGeoTargeting',
            zipcodes: [{ country: 'US', zipcode: '10001' }],
          },
          { kind: 'AudienceTargeting', include: [SEEDED.usdCustomers], exclude: [] },
        ],
      },
      { id: account, name: 'Bakery US', currency: 'USD' },
      'BRAND_AWARENESS',
      new Date(),
    );
    const write = (method: 'POST' | 'PUT', segments: unknown, extra: object = {}) =>
      fetch(squads, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          adsquads: [{ ...squad, ...extra, targeting: { ...(squad.targeting as object), segments } }],
        }),
      });
    const foreign = await fetch(`${emulator.url}/v1/adaccounts/${SEEDED.eurAccount}/segments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        segments: [
          toSnapSegment({ name: 'Berlin buyers', advertiser: SEEDED.eurAccount }, SEEDED.eurAccount),
        ],
      }),
    });
    const eurList = ((await foreign.json()) as { segments: { segment: { id: string } }[] }).segments[0]!
      .segment.id;
    const field = 'targeting.segments.0.segment_id';
    for (const [segments, named] of [
      [[{ segment_id: [eurList], operation: 'EXCLUDE' }], `${field}.0`],
      [[{ segment_id: ['1234567890123456'] }], `${field}.0`],
      [[{ segment_id: [SEEDED.usdCustomers, 'aud/1'] }], `${field}.1`],
      [[{ segment_id: [] }], field],
      [[{ segment_id: SEEDED.usdCustomers }], field],
      [[{ segment_id: [SEEDED.usdCustomers], operation: 'ONLY' }], 'targeting.segments.0.operation'],
      [[{ segment_id: [SEEDED.usdCustomers], audience: 'x' }], 'targeting.segments.0.audience'],
      [
        [{ segment_id: [SEEDED.usdCustomers] }, { segment_id: [SEEDED.usdCustomers], operation: 'EXCLUDE' }],
        'targeting.segments.1.segment_id.0',
      ],
    ] as const) {
      expect(await refusal(await write('POST', segments)), JSON.stringify(segments)).toEqual([400, named]);
    }
    const created = await write('POST', (squad.targeting as { segments: unknown }).segments);
    expect(created.status).toBe(200);
    const made = ((await created.json()) as { adsquads: { adsquad: { id: string; targeting: object } }[] })
      .adsquads[0]!.adsquad;
    expect(made.targeting).toEqual(squad.targeting);
    expect(await refusal(await write('PUT', [{ segment_id: [eurList] }], { id: made.id }))).toEqual([
      400,
      `${field}.0`,
    ]);
  });

  it('refuses uploads of unhashed or upper-case values, mixed or unknown schemas, and over 100,000 identifiers', async () => {
    const upload = (users: object) => call('addSegmentUsers', { users: [users] }, SEEDED.usdCustomers);
    const one = { schema: ['EMAIL_SHA256'], data: [[hash(1)]] };
    expect(await refusal(await upload({ ...one, data: [['ada@example.com']] }))).toEqual([
      400,
      'users.0.data.0.0',
    ]);
    expect(
      await refusal(await upload({ ...one, data: [[hash(10).toUpperCase().replace(/0/g, 'A')]] })),
    ).toEqual([400, 'users.0.data.0.0']);
    expect(await refusal(await upload({ ...one, data: [[hash(1).slice(1)]] }))).toEqual([
      400,
      'users.0.data.0.0',
    ]);
    expect(await refusal(await upload({ ...one, schema: ['EMAIL_SHA256', 'PHONE_SHA256'] }))).toEqual([
      400,
      'users.0.schema',
    ]);
    expect(await refusal(await upload({ ...one, schema: ['EMAIL'] }))).toEqual([400, 'users.0.schema.0']);
    expect(await refusal(await upload({ schema: one.schema }))).toEqual([400, 'users.0.data']);
    const data = Array.from({ length: customerLists.maxIdentifiers + 1 }, (_, i) => [hash(i)]);
    expect(await refusal(await upload({ ...one, data }))).toEqual([400, 'users.0.data']);
    const within = await upload({ ...one, data: data.slice(1) });
    expect(within.status).toBe(200);
  });
});
