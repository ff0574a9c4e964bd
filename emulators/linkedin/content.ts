/** The content creatives sponsor: uploaded images and the (dark) posts that show them. */

/** An image of the Images API (`urn:li:image:…`), with the dimensions read from its bytes. */
export interface Image {
  id: string;
  owner: string;
  /** WAITING_UPLOAD until its bytes are PUT to the upload URL, then AVAILABLE. */
  status: 'WAITING_UPLOAD' | 'AVAILABLE';
  /** The upload URL's token; null once uploaded. */
  uploadToken: string | null;
  width?: number;
  height?: number;
  bytes?: number;
}

/** A post of the Posts API as the emulator keeps it (the fields adlink and the client send). */
export interface Post {
  id: string;
  author: string;
  commentary: string;
  visibility: string;
  distribution: {
    feedDistribution: string;
    targetEntities?: unknown[];
    thirdPartyDistributionChannels?: unknown[];
  };
  content?: {
    media?: { id: string; title?: string; altText?: string };
    carousel?: { cards: { media: { id: string; title?: string }; landingPage: string }[] };
  };
  lifecycleState: string;
  isReshareDisabledByAuthor?: boolean;
  adContext?: { dscAdAccount: string; dscStatus?: string };
  contentLandingPage?: string;
  contentCallToActionLabel?: string;
  createdAt: number;
}

/** What a seeded creative sponsors: an image post, a video post (adlink reads it as Other), a carousel. */
export type SeedContent = 'image' | 'video' | 'carousel';

/** A post's `adContext` as LinkedIn answers it: a dark post's read-only `isDsc` and `dscAdType`. */
export function adContextView(post: Post) {
  if (!post.adContext) return undefined;
  const type = post.content?.carousel
    ? 'CAROUSEL'
    : post.content?.media?.id.startsWith('urn:li:video:')
      ? 'VIDEO'
      : 'STANDARD';
  return { dscStatus: 'ACTIVE', ...post.adContext, isDsc: true, dscAdType: type };
}

/** The seeded post of a seeded creative (and its image, stored as uploaded: 1200×627). */
export function seedPost(
  id: string,
  author: string,
  account: string,
  kind: SeedContent,
  images: Map<string, Image>,
): Post {
  const image = `urn:li:image:seed-${id.split(':').pop()}`;
  images.set(image, {
    id: image,
    owner: author,
    status: 'AVAILABLE',
    uploadToken: null,
    width: 1200,
    height: 627,
    bytes: 120_000,
  });
  const content: Post['content'] =
    kind === 'image'
      ? { media: { id: image, title: 'See what Acme can do' } }
      : kind === 'video'
        ? { media: { id: `urn:li:video:seed-${id.split(':').pop()}`, title: 'Acme in 30 seconds' } }
        : {
            carousel: {
              cards: [1, 2].map((n) => ({
                media: { id: image, title: `Karte ${n}` },
                landingPage: `https://example.com/karte-${n}`,
              })),
            },
          };
  return {
    id,
    author,
    commentary: 'Work smarter with Acme.',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
    content,
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: true,
    adContext: { dscAdAccount: account, dscStatus: 'ACTIVE' },
    contentLandingPage: 'https://example.com/acme',
    contentCallToActionLabel: 'LEARN_MORE',
    createdAt: Date.UTC(2026, 1, 10),
  };
}
