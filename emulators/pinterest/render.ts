import type { Ad, AdGroup, Board, Campaign, Pin } from './model.js';
import type { PinterestState } from './state.js';

const PINIMG = 'https://i.pinimg.com';

/** `ImageSize`: the sizes Pinterest serves a Pin's image in (the widths scale, the others crop). */
function imageSizes(pin: Pin) {
  const { width, height } = pin.media;
  const scaled = (w: number) => ({
    width: Math.min(w, width),
    height: Math.round((height * Math.min(w, width)) / width),
  });
  const url = (size: string) => `${PINIMG}/${size}/${pin.id}.jpg`;
  return {
    '150x150': { width: 150, height: 150, url: url('150x150') },
    '400x300': { width: 400, height: 300, url: url('400x300') },
    '600x': { ...scaled(600), url: url('600x') },
    '1200x': { ...scaled(1200), url: url('1200x') },
  };
}

/** The answers' objects: stored fields plus what Pinterest computes (summary statuses, Pin media). */
export const renderers = (state: PinterestState) => ({
  campaign: (c: Campaign) => ({ ...c, summary_status: state.summaryStatus(c) }),
  adGroup: (g: AdGroup) => ({ ...g, summary_status: state.summaryStatus(g) }),
  ad: (a: Ad) => ({ ...a, summary_status: state.adSummaryStatus(a) }),
  board: (b: Board) => ({ ...b, owner: { username: state.user.username } }),
  pin: (pin: Pin) => ({
    id: pin.id,
    created_at: pin.created_at,
    link: pin.link,
    title: pin.title,
    description: pin.description,
    alt_text: pin.alt_text,
    board_id: pin.board_id,
    board_section_id: null,
    board_owner: { username: state.user.username },
    dominant_color: null,
    parent_pin_id: null,
    is_owner: true,
    is_standard: true,
    has_been_promoted: [...state.ads.values()].some((a) => a.pin_id === pin.id),
    creative_type: pin.media.media_type === 'image' ? 'REGULAR' : 'VIDEO',
    media:
      pin.media.media_type === 'image'
        ? { media_type: 'image', images: imageSizes(pin) }
        : {
            media_type: 'video',
            images: imageSizes(pin),
            cover_image_url: `${PINIMG}/videos/thumbnails/${pin.id}.jpg`,
            width: pin.media.width,
            height: pin.media.height,
            duration: 15_000,
          },
  }),
});
