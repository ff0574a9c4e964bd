import { PlatformError } from '../../ports/platform-error.js';
import { type PlatformAnswer, retryAfter } from '../platform-fetch.js';
import type { BatchError } from './model.js';

/** One error of an ApplicationFault (`Errors` of AdApiFaultDetail, `OperationErrors`, `BatchErrors`). */
interface FaultError {
  Code?: number;
  ErrorCode?: string;
  Message?: string;
}

interface ApplicationFault {
  Type?: string;
  TrackingId?: string;
  Errors?: FaultError[] | null;
  OperationErrors?: FaultError[] | null;
  BatchErrors?: FaultError[] | null;
}

const CALL_RATE_EXCEEDED = 117;
/** InvalidCredentials (an unknown, revoked or wrong-audience token) and AuthenticationTokenExpired. */
const TOKEN_ERRORS = [105, 109];

/** Refusals about an ad group field, by symbolic code: the unified parameter they are about. */
const AD_GROUP_PARAMS: Record<string, string> = {
  CampaignServiceInvalidAdGroupName: 'name',
  CampaignServiceCannotCreateDuplicateAdGroup: 'name',
  CampaignServiceInvalidEntityState: 'status',
  CampaignServiceInvalidCampaignId: 'parentId',
};

/** AddMedia's refusals of the image (an ApiFaultDetail's BatchErrors): about the uploaded `file`. */
const MEDIA_PARAMS: Record<string, string> = Object.fromEntries(
  [
    'CampaignServiceImageDataInvalid',
    'CampaignServiceImageMimeTypeInvalid',
    'CampaignServiceImageTooLarge',
    'CampaignServiceImageOverweight',
    'CampaignServiceAnimatedImageNotAllowed',
    'CampaignServiceMediaTypeInvalid',
    'CampaignServiceMediaDataInvalid',
    'CampaignServiceMediaDataEncodingInvalid',
    'CampaignServiceMediaWidthInvalid',
    'CampaignServiceMediaHeightInvalid',
    'CampaignServiceMediaDataAspectRatioInvalid',
    'CampaignServiceMediaFormatNotSupported',
  ].map((code) => [code, 'file']),
);

const RSA = 'CampaignServiceResponsiveSearchAd';
/** Refusals of an ad's fields (AddAds, UpdateAds PartialErrors), by symbolic code: the unified parameter. */
export const AD_PARAMS: Record<string, string> = {
  CampaignServiceInvalidAdId: 'id',
  CampaignServiceInvalidAdStatus: 'status',
  CampaignServiceInvalidCustomParametersText: 'name',
  CampaignServiceAdTypeInvalidForCampaign: 'adSetId',
  CampaignServiceAdTypeDoesNotMatchExistingValue: 'creative',
  FinalUrlsInvalid: 'creative.url',
  FinalUrlsExceeded: 'creative.url',
  ...Object.fromEntries(
    [
      'HeadlinesNullOrEmpty',
      'DuplicateHeadlines',
      'InvalidHeadline',
      'HeadlineTooLong',
      'HeadlinesMaxCountExceeded',
      'HeadlinesLessThanMinRequired',
    ].map((code) => [`${RSA}${code}`, 'creative.headlines']),
  ),
  ...Object.fromEntries(
    [
      'DescriptionsNullOrEmpty',
      'DuplicateDescriptions',
      'InvalidDescription',
      'DescriptionTooLong',
      'DescriptionsMaxCountExceeded',
      'DescriptionsLessThanMinRequired',
    ].map((code) => [`${RSA}${code}`, 'creative.descriptions']),
  ),
  ...Object.fromEntries(
    ['Path1TooLong', 'Path2TooLong', 'Path1Invalid', 'Path2Invalid', 'Path2SetWithoutPath1'].map((code) => [
      `${RSA}${code}`,
      'creative.paths',
    ]),
  ),
  CampaignServiceTooMuchAdTextInTitle: 'creative.headline',
  CampaignServiceInvalidBusinessName: 'creative.businessName',
  CampaignServiceTooMuchAdTextInBusinessName: 'creative.businessName',
  InvalidCallToAction: 'creative.callToAction',
  CampaignServiceInvalidLanguage: 'creative.callToAction',
  CampaignServiceMediaIdInvalid: 'creative.media',
  ResponsiveAdInvalidImage: 'creative.media',
  ResponsiveAdDuplicateImage: 'creative.additionalMedia',
  ResponsiveAdRequiredImageMissing: 'creative.additionalMedia',
};

const describe = (errors: FaultError[], fallback: string) =>
  errors
    .map((e) => e.Message)
    .filter(Boolean)
    .join(' ') || fallback;

const codeOf = (error: FaultError | undefined) =>
  error?.ErrorCode ?? (error?.Code === undefined ? undefined : String(error.Code));

/**
 * Reads Microsoft's ApplicationFault: error 117 (or HTTP 429) is throttling, 105/109 a token to
 * refresh (then reconnect), a refusal about an ad group field or an uploaded image is `invalid`
 * naming the unified parameter, unaccepted Customer Match terms `terms`; anything else is `rejected`. The TrackingId is kept in the message for support cases.
 */
export function classifyMicrosoftAnswer(answer: PlatformAnswer): PlatformError | undefined {
  if (answer.status < 400) return undefined;
  const fault = (
    typeof answer.body === 'object' && answer.body !== null ? answer.body : {}
  ) as ApplicationFault;
  const errors = [...(fault.Errors ?? []), ...(fault.OperationErrors ?? []), ...(fault.BatchErrors ?? [])];
  const tracking = fault.TrackingId ? ` (TrackingId ${fault.TrackingId})` : '';
  const message = `${describe(errors, `HTTP ${answer.status}`)}${tracking}`;
  const code = codeOf(errors[0]);
  if (answer.status === 429 || errors.some((e) => e.Code === CALL_RATE_EXCEEDED)) {
    return new PlatformError('throttled', message, retryAfter(answer.headers), answer.status, code);
  }
  if (errors.some((e) => TOKEN_ERRORS.includes(e.Code ?? 0))) {
    return new PlatformError('unauthorized', message, undefined, answer.status, code);
  }
  const param = errors
    .map((e) => AD_GROUP_PARAMS[e.ErrorCode ?? ''] ?? MEDIA_PARAMS[e.ErrorCode ?? ''])
    .find(Boolean);
  if (param) return new PlatformError('invalid', message, undefined, answer.status, code, param);
  if (code === TERMS_NOT_ACCEPTED) return new PlatformError('terms', message, undefined, answer.status, code);
  return new PlatformError('rejected', message, undefined, answer.status, code);
}

/** 8003: the Customer Match terms are not accepted in the Microsoft Advertising web UI (the message links them). */
const TERMS_NOT_ACCEPTED = 'CustomerListTermsAndConditionsNotAccepted';

/**
 * A batch operation's `PartialErrors` (in a 200 answer): the platform refused the values. `params`
 * names the unified parameter of the fields a code is about (before the ad group codes above), and
 * `paramOf` that of the item at an index, where the code does not name a field.
 */
export function partialFailure(
  errors: BatchError[] | null | undefined,
  paramOf: (index: number) => string | undefined = () => undefined,
  params: Record<string, string | undefined> = {},
): PlatformError | undefined {
  const [first] = errors ?? [];
  if (!first) return undefined;
  const code = first.ErrorCode ?? '';
  const param = params[code] ?? AD_GROUP_PARAMS[code] ?? paramOf(first.Index ?? 0);
  return new PlatformError(
    'invalid',
    describe(errors ?? [], 'refused'),
    undefined,
    200,
    codeOf(first),
    param,
  );
}
