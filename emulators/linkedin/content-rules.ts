import type { FieldRules } from '../toolkit/required-fields.js';
import { breachErrors, DELETED, invalid, name } from './campaign-rules.js';
import type { Post } from './content.js';
import type { InputError } from './protocol.js';
import { type Account, type Creative, idOf, type LinkedInState, urn } from './state.js';

/**
 * The rules of posts and creatives the emulator enforces, from LinkedIn's "Posts API" and "Post
 * Schema" (`marketing/community-management/shares/posts-api`, `…/post-api-schema`), "Create and
 * Manage Creatives" (`marketing/integrations/ads/account-structure/create-and-manage-creatives`)
 * and the Single Image Ads specifications (intro text up to 600 characters, headline up to 200,
 * images of 1.91:1, 1:1 or 1:1.91).
 */

/** `ContentCallToActionLabel` of the Post Schema (and the creatives' Call to Action Label Types). */
export const CALL_TO_ACTION_LABELS = [
  'APPLY',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'LEARN_MORE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
];
/** A post's commentary (little text) on LinkedIn; a sponsored one's intro text is shorter, below. */
export const MAX_COMMENTARY = 3000;
export const MAX_INTRO_TEXT = 600;
export const MAX_HEADLINE = 200;
/** Single image ads: horizontal 1.91:1, square 1:1, vertical 1:1.91 (within 3 %). */
const AD_IMAGE_RATIOS = [1.91, 1, 1 / 1.91];
export const CREATIVE_CREATE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT'];
export const CREATIVE_UPDATE_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];

type Body = Record<string, unknown>;

const POST_FIELDS = [
  'author',
  'commentary',
  'visibility',
  'distribution',
  'content',
  'lifecycleState',
  'isReshareDisabledByAuthor',
  'adContext',
  'contentLandingPage',
  'contentCallToActionLabel',
];
const POST_RULES: FieldRules = {
  author: { required: true },
  commentary: { required: true },
  visibility: { required: true, oneOf: ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'] },
  'distribution.feedDistribution': { required: true, oneOf: ['MAIN_FEED', 'NONE'] },
  lifecycleState: { required: true, oneOf: ['DRAFT', 'PUBLISHED'] },
  contentCallToActionLabel: { oneOf: CALL_TO_ACTION_LABELS },
  'adContext.dscStatus': { oneOf: ['ACTIVE', 'ARCHIVED'] },
};
/** Read-only fields of a post's `adContext`: LinkedIn answers 422 for them in a create. */
const READ_ONLY_AD_CONTEXT = ['isDsc', 'dscAdType'];

const unknownFields = (body: Body, fields: string[], what: string) =>
  Object.keys(body)
    .filter((k) => !fields.includes(k))
    .map((k) => invalid(k, `${k} is not a ${what} field this emulator takes (or it is read-only).`));

const isHttpUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+/.test(value);

/** A new post: its required fields and enums, an author the member may post for, a dark post's ad account. */
export function postErrors(body: Body, state: LinkedInState, organizations: Set<unknown>): InputError[] {
  const errors = [...unknownFields(body, POST_FIELDS, 'post'), ...breachErrors(body, POST_RULES)];
  if (typeof body.author === 'string' && !organizations.has(body.author)) {
    errors.push(invalid('author', `The member cannot post as ${body.author}.`, 'PERMISSION_DENIED'));
  }
  if (typeof body.commentary === 'string' && [...body.commentary].length > MAX_COMMENTARY) {
    errors.push(invalid('commentary', `commentary may have at most ${MAX_COMMENTARY} characters.`));
  }
  const adContext = (body.adContext ?? {}) as Body;
  for (const field of READ_ONLY_AD_CONTEXT.filter((f) => f in adContext)) {
    errors.push(invalid(`adContext.${field}`, `adContext.${field} is read-only.`, 'READ_ONLY_FIELD'));
  }
  const dark = (body.distribution as Body | undefined)?.feedDistribution === 'NONE';
  const account = typeof adContext.dscAdAccount === 'string' ? idOf(adContext.dscAdAccount) : undefined;
  if (dark && account === undefined) {
    errors.push(
      invalid(
        'adContext.dscAdAccount',
        'A post with feedDistribution NONE is direct sponsored content: it needs adContext.dscAdAccount.',
        'MISSING_REQUIRED_FIELD_FOR_DSC',
      ),
    );
  } else if (account !== undefined && !state.roles.has(account)) {
    errors.push(invalid('adContext.dscAdAccount', `The member has no role on ad account ${account}.`));
  }
  const media = (body.content as { media?: { id?: unknown; title?: unknown } } | undefined)?.media;
  if (body.content !== undefined && media?.id === undefined) {
    errors.push(invalid('content', 'This emulator takes content.media {id, title} posts.'));
  } else if (media && state.images.get(String(media.id))?.status !== 'AVAILABLE') {
    errors.push(invalid('content.media.id', `${String(media.id)} is not an uploaded image.`));
  }
  if (body.contentLandingPage !== undefined && !isHttpUrl(body.contentLandingPage)) {
    errors.push(invalid('contentLandingPage', 'contentLandingPage must be an http(s) URL.'));
  }
  return errors;
}

const CREATIVE_FIELDS = ['campaign', 'content', 'intendedStatus', 'name'];
const CREATIVE_RULES: FieldRules = {
  campaign: { required: true },
  'content.reference': { required: true },
  intendedStatus: { oneOf: CREATIVE_CREATE_STATUSES },
};

/** What a sponsored single image post must be: short texts, an ad's image ratio, a landing page where the objective visits one. */
function sponsoredPostErrors(post: Post, objective: string | undefined, state: LinkedInState): string[] {
  const problems: string[] = [];
  if ([...post.commentary].length > MAX_INTRO_TEXT) {
    problems.push(
      `The intro text (commentary) of sponsored content may have at most ${MAX_INTRO_TEXT} characters.`,
    );
  }
  const media = post.content?.media;
  if (media?.title && [...media.title].length > MAX_HEADLINE) {
    problems.push(`The headline (content.media.title) may have at most ${MAX_HEADLINE} characters.`);
  }
  const image = media ? state.images.get(media.id) : undefined;
  if (image?.width && image.height) {
    const ratio = image.width / image.height;
    if (!AD_IMAGE_RATIOS.some((r) => Math.abs(ratio / r - 1) <= 0.03)) {
      problems.push(
        `Single image ads take images of 1.91:1, 1:1 or 1:1.91; ${media!.id} is ${image.width}×${image.height}.`,
      );
    }
  }
  if ((objective === 'WEBSITE_VISITS' || objective === 'WEBSITE_CONVERSIONS') && !post.contentLandingPage) {
    problems.push(`Campaigns with the objective ${objective} need the post's contentLandingPage.`);
  }
  return problems;
}

/** A new creative: a live campaign of the account and a dark post of the account by the campaign's organization. */
export function creativeErrors(body: Body, account: Account, state: LinkedInState): InputError[] {
  const errors = [...unknownFields(body, CREATIVE_FIELDS, 'creative'), ...breachErrors(body, CREATIVE_RULES)];
  if (body.name !== undefined) errors.push(...name(body.name));
  const campaign = typeof body.campaign === 'string' ? state.campaigns.get(idOf(body.campaign)) : undefined;
  if (
    body.campaign !== undefined &&
    (!campaign || campaign.account !== urn.account(account.id) || DELETED.includes(campaign.status))
  ) {
    errors.push(
      invalid('campaign', `${String(body.campaign)} is not a live campaign of ad account ${account.id}.`),
    );
  }
  const reference = (body.content as { reference?: unknown } | undefined)?.reference;
  if (reference === undefined || !campaign) return errors;
  const post = state.posts.get(String(reference));
  if (!post) return [...errors, invalid('content.reference', `Post ${String(reference)} does not exist.`)];
  if (post.adContext?.dscAdAccount !== urn.account(account.id)) {
    errors.push(
      invalid(
        'content.reference',
        `Post ${post.id} is not direct sponsored content of ad account ${account.id}.`,
      ),
    );
  }
  if (post.author !== campaign.associatedEntity) {
    errors.push(
      invalid(
        'content.reference',
        `The post's author must be the campaign's organization ${campaign.associatedEntity}; it is ${post.author}.`,
      ),
    );
  }
  for (const problem of sponsoredPostErrors(post, campaign.objectiveType, state)) {
    errors.push(invalid('content.reference', problem));
  }
  return errors;
}

/** A creative's partial update: only its name and intended status change; its content and campaign are fixed. */
export function creativePatchErrors(set: Body, creative: Creative): InputError[] {
  const errors: InputError[] = [];
  for (const field of Object.keys(set)) {
    if (field === 'name') errors.push(...name(set.name));
    else if (field === 'intendedStatus') {
      const allowed =
        creative.intendedStatus === 'DRAFT'
          ? [...CREATIVE_UPDATE_STATUSES, 'DRAFT']
          : CREATIVE_UPDATE_STATUSES;
      if (!allowed.includes(String(set.intendedStatus))) {
        errors.push(invalid('intendedStatus', `intendedStatus must be one of ${allowed.join(', ')}.`));
      }
    } else errors.push(invalid(field, `${field} of a creative cannot be changed.`, 'IMMUTABLE_FIELD'));
  }
  return errors;
}
