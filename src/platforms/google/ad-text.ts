/**
 * Google's rules for a responsive search ad's texts, shared by the adapter's declared limits and the
 * emulator. Counts and lengths: developers.google.com/google-ads/api/docs/responsive-search-ads/overview
 * (3–15 headlines, 2–4 descriptions) and Google Ads Help 7684791 (headlines 30, descriptions 90, each
 * path 15 characters).
 */
export const RSA_LIMITS = {
  headlines: { min: 3, max: 15, maxLength: 30 },
  descriptions: { min: 2, max: 4, maxLength: 90 },
  paths: { min: 0, max: 2, maxLength: 15 },
} as const;

/** Chinese, Japanese and Korean characters (East Asian Wide and Fullwidth). */
const DOUBLE_WIDTH =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/**
 * A text's length as Google counts it: double-width characters take twice the space, so they count
 * twice (Google Ads policy "Editorial: spelling and grammar", support.google.com/adspolicy/answer/14848297).
 */
export const googleTextLength = (text: string): number =>
  [...text].reduce((n, c) => n + (DOUBLE_WIDTH.test(c) ? 2 : 1), 0);

/**
 * What Google's editorial policy disapproves in any ad text ("Editorial: punctuation and symbols",
 * support.google.com/adspolicy/answer/14847994): emoji, and punctuation repeated such as "flowers!!".
 */
export const FORBIDDEN_AD_TEXT = {
  pattern: /\p{Emoji_Presentation}|\uFE0F|([!?])\1/u,
  what: 'emoji or repeated ! and ?',
};
