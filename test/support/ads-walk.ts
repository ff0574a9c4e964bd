import { expect } from 'vitest';
import type { AdSetClient } from './adsets-client.js';
import type { Harness } from './harness.js';
import { gif, jpeg, png } from './images.js';

/** The images and identity a platform's creatives are built from: the walk's uploads, in `images` order. */
export interface AdsContext {
  media: string[];
  /** The first identity listed, where the platform has identities. */
  identity: string | undefined;
}

/**
 * The ads walk (issue: ads that run): images uploaded (and refused when too large, too small, of the
 * wrong ratio or type), identities listed, an ad created under an ad set with each creative kind the
 * platform takes, what the emulator received checked field by field, read back live, renamed, paused,
 * deleted or archived; a too-long text refused naming it with nothing sent; the review read.
 */
export interface AdsSpec<World = unknown> {
  /** The images the walk uploads, each accepted (one per aspect ratio the creatives need). */
  images: { width: number; height: number; type: 'png' | 'jpeg' }[];
  /**
   * Uploads the platform refuses (400 naming `file`, nothing sent): `tooLarge` is a byte size past the
   * platform's cap; the others where the platform has such a limit.
   */
  refusedImages: {
    tooLarge: number;
    tooSmall?: { width: number; height: number };
    wrongRatio?: { width: number; height: number };
    wrongType?: 'gif';
  };
  /** Whether the platform lists identities (at least one is expected); false: the list is empty. */
  identities: boolean;
  /** The creatives the walk creates one ad each with (one per kind the platform takes). */
  creatives(ctx: AdsContext): object[];
  /**
   * Checks, field by field, what the emulator holds for an ad the walk created with `creative`
   * (its own objects: the ad, its creative, the post or pin).
   */
  received(
    world: World,
    ad: { id: string; adSetId: string },
    creative: object,
    ctx: AdsContext,
  ): Promise<void> | void;
  /** A creative with a text past the platform's limit, and the parameter the 400 names. */
  tooLong(ctx: AdsContext): { creative: object; param: string };
  /** Creatives refused for this platform before any call (TikTok's ImageAd), and what the 400 names. */
  refused: { creative(ctx: AdsContext): object; param: string; message: RegExp }[];
  /** What DELETE answers for an ad the walk created. */
  deletedStatus: 'Deleted' | 'Archived';
}

export interface AdsWalkContext<World> {
  world: World;
  h: Harness;
  adSets: AdSetClient;
  platform: string;
  advertiser: string;
  /** The ad set's create (name, advertiser and status are added). */
  adSet: object;
  /** The platform API calls the emulator answered while `work` ran. */
  platformCalls(work: () => Promise<unknown>): Promise<unknown[]>;
}

interface AdBody {
  id: string;
  name: string;
  status: string;
  advertiser: string;
  adSetId: string;
  campaignId: string;
  creative: Record<string, unknown>;
  review: { status: string; reasons: string[] };
}

function ok<T>(res: { status: number; body: unknown }, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

const fileOf = (image: { width: number; height: number; type: 'png' | 'jpeg' }, pad = 0) =>
  image.type === 'png' ? png(image.width, image.height, pad) : jpeg(image.width, image.height, pad);

export async function adsWalk<World>(spec: AdsSpec<World>, ctx: AdsWalkContext<World>): Promise<void> {
  const { h, adSets, platform, advertiser } = ctx;
  const { company, customer } = adSets;
  const at = (path: string) => `/v1/${platform}/${path}`;
  const upload = (file: Buffer, name: string) =>
    h.http
      .post(at('media'))
      .query({ customer })
      .set('Authorization', company.auth)
      .field('advertiser', advertiser)
      .attach('file', file, name);

  const media: string[] = [];
  for (const [i, image] of spec.images.entries()) {
    const file = fileOf(image);
    const created = ok<Record<string, unknown>>(await upload(file, `walk-${i}.${image.type}`), 201);
    expect(created).toMatchObject({
      platform,
      advertiser,
      kind: 'Image',
      width: image.width,
      height: image.height,
      bytes: file.length,
    });
    // The same bytes again are the same image: no second upload.
    const again = await ctx.platformCalls(async () => {
      const replay = ok<Record<string, unknown>>(await upload(file, `again-${i}.${image.type}`));
      expect(replay.id).toBe(created.id);
    });
    expect(again).toEqual([]);
    media.push(created.id as string);
  }
  const listed = ok<{ data: { id: string }[] }>(
    await h.http.get(at('media')).query({ customer, advertiser }).set('Authorization', company.auth),
  );
  for (const id of media) expect(listed.data.map((m) => m.id)).toContain(id);

  const first = spec.images[0]!;
  const refusals: [string, Buffer][] = [['too large', fileOf(first, spec.refusedImages.tooLarge)]];
  const { tooSmall, wrongRatio, wrongType } = spec.refusedImages;
  if (tooSmall) refusals.push(['too small', fileOf({ ...tooSmall, type: first.type })]);
  if (wrongRatio) refusals.push(['of the wrong ratio', fileOf({ ...wrongRatio, type: first.type })]);
  if (wrongType) refusals.push(['of the wrong type', gif(first.width, first.height)]);
  for (const [what, file] of refusals) {
    const sent = await ctx.platformCalls(async () => {
      const res = await upload(file, 'refused.img');
      expect(res.status, `an image ${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.param, what).toBe('file');
    });
    expect(sent, `nothing sent for an image ${what}`).toEqual([]);
  }

  const identities = ok<{ data: { id: string; name: string; kind: string }[] }>(
    await h.http.get(at('identities')).query({ customer, advertiser }).set('Authorization', company.auth),
  ).data;
  if (spec.identities) expect(identities.length).toBeGreaterThan(0);
  else expect(identities).toEqual([]);
  const context: AdsContext = { media, identity: identities[0]?.id };

  const adSet = ok<{ id: string; parentId: string }>(
    await adSets.create({
      name: `ads walk ${Date.now().toString(36)}`,
      advertiser,
      status: 'Paused',
      ...ctx.adSet,
    }),
    201,
  );
  const ads = {
    create: (body: object) =>
      h.http.post(at('ads')).query({ customer }).set('Authorization', company.auth).send(body),
    get: (id: string) =>
      h.http
        .get(at(`ads/${id}`))
        .query({ customer, dismissDatabase: true })
        .set('Authorization', company.auth),
    put: (id: string, body: object) =>
      h.http
        .put(at(`ads/${id}`))
        .query({ customer })
        .set('Authorization', company.auth)
        .send(body),
    delete: (id: string) =>
      h.http
        .delete(at(`ads/${id}`))
        .query({ customer })
        .set('Authorization', company.auth),
  };

  for (const refused of [
    spec.tooLong(context),
    ...spec.refused.map((r) => ({ ...r, creative: r.creative(context) })),
  ]) {
    const sent = await ctx.platformCalls(async () => {
      const res = await ads.create({ name: 'refused', adSetId: adSet.id, creative: refused.creative });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.param).toBe(refused.param);
      if ('message' in refused) expect(res.body.error.message).toMatch(refused.message as RegExp);
    });
    expect(sent, `nothing sent for a creative refused at ${refused.param}`).toEqual([]);
  }

  for (const creative of spec.creatives(context)) {
    const name = `ads walk ad ${Date.now().toString(36)}`;
    const created = ok<AdBody>(await ads.create({ name, adSetId: adSet.id, creative }), 201);
    expect(created).toMatchObject({ name, platform, status: 'Paused', advertiser, adSetId: adSet.id });
    expect(created.campaignId).toBe(adSet.parentId);
    expect(created.creative).toMatchObject(creative);
    expect(['Pending', 'Approved', 'Limited', 'Rejected']).toContain(created.review.status);
    await spec.received(ctx.world, { id: created.id, adSetId: adSet.id }, creative, context);

    const live = ok<AdBody>(await ads.get(created.id));
    expect(live).toMatchObject({ id: created.id, name, status: 'Paused', creative: created.creative });
    const listed = ok<{ data: AdBody[] }>(
      await h.http
        .get(at('ads'))
        .query({ customer, adSetId: adSet.id, dismissDatabase: true })
        .set('Authorization', company.auth),
    );
    expect(listed.data.map((a) => a.id)).toContain(created.id);

    const renamed = ok<AdBody>(await ads.put(created.id, { name: `${name} renamed` }));
    expect(renamed.name).toBe(`${name} renamed`);
    expect(ok<AdBody>(await ads.get(created.id)).name).toBe(`${name} renamed`);
    // Running asks the platform to deliver; until it does (in review, say), the ad reads Active.
    const running = ok<AdBody>(await ads.put(created.id, { status: 'Running' }));
    expect(['Running', 'Active']).toContain(running.status);
    const paused = ok<AdBody>(await ads.put(created.id, { status: 'Paused' }));
    expect(paused.status).toBe('Paused');
    expect(ok<AdBody>(await ads.get(created.id)).status).toBe('Paused');

    const deleted = ok<{ deletions: number; data: AdBody[] }>(await ads.delete(created.id));
    expect(deleted).toMatchObject({ deletions: 1, data: [{ id: created.id, status: spec.deletedStatus }] });
  }
}
