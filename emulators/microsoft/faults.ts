import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler } from 'express';

/**
 * Microsoft Advertising's error answers (the SDK's ApplicationFault): an `AdApiFaultDetail` with
 * `Errors` for authentication, headers and throttling, an `ApiFaultDetail` (Campaign Management) or
 * `ApiFault` (Customer Management) with `OperationErrors` for a refused request, and `BatchError`s
 * in a 200 answer's `PartialErrors` for the items of a batch that failed. Codes and symbolic names
 * are those of the "Operation Error Codes" page.
 */

export interface ErrorCode {
  Code: number;
  ErrorCode: string;
}

const code = (Code: number, ErrorCode: string): ErrorCode => ({ Code, ErrorCode });

export const CODES = {
  invalidCredentials: code(105, 'InvalidCredentials'),
  userIsNotAuthorized: code(106, 'UserIsNotAuthorized'),
  authenticationTokenExpired: code(109, 'AuthenticationTokenExpired'),
  requestMissingHeaders: code(116, 'RequestMissingHeaders'),
  callRateExceeded: code(117, 'CallRateExceeded'),
  inputValidation: code(201, 'ApiInputValidationError'),
  accountIdHasToBeSpecified: code(1030, 'CampaignServiceAccountIdHasToBeSpecified'),
  timeZoneValueInvalid: code(1014, 'CampaignServiceTimeZoneValueInvalid'),
  invalidCampaignId: code(1100, 'CampaignServiceInvalidCampaignId'),
  invalidCampaignName: code(1101, 'CampaignServiceInvalidCampaignName'),
  timeZoneNotEnabled: code(1109, 'CampaignServiceTimeZoneNotEnabled'),
  campaignsArrayEmpty: code(1113, 'CampaignServiceCampaignsArrayShouldNotBeNullOrEmpty'),
  duplicateCampaign: code(1115, 'CampaignServiceCannotCreateDuplicateCampaign'),
  invalidCampaignStatus: code(1120, 'CampaignServiceInvalidCampaignStatus'),
  invalidBudgetType: code(1121, 'CampaignServiceInvalidBudgetType'),
  cannotChangeTimeZone: code(1131, 'CampaignServiceCannotChangeTimezoneOrStartDateWithActiveAdGroups'),
  campaignSettingsRequired: code(1150, 'CampaignServiceCampaignSettingsRequired'),
  campaignTypeImmutable: code(1155, 'CampaignServiceCampaignTypeImmutable'),
  cannotUpdateSharedBudget: code(1159, 'CampaignServiceCannotUpdateSharedBudget'),
  adGroupEndBeforeStart: code(1204, 'CampaignServiceAdGroupEndDateShouldBeAfterStartDate'),
  adGroupStartBeforeToday: code(1212, 'CampaignServiceAdGroupStartDateLessThanCurrentDate'),
  adGroupInvalidStartDate: code(1232, 'CampaignServiceAdGroupInvalidStartDate'),
  adGroupInvalidEndDate: code(1233, 'CampaignServiceAdGroupInvalidEndDate'),
  invalidKeywordId: code(1501, 'CampaignServiceInvalidKeywordId'),
  keywordIdsArrayEmpty: code(1529, 'CampaignServiceKeywordIdsArrayShouldNotBeNullOrEmpty'),
  missingLanguage: code(1257, 'CampaignServiceMissingLanguage'),
  invalidLanguage: code(3412, 'CampaignServiceInvalidLanguage'),
  budgetTypeMissing: code(4908, 'CampaignServiceBudgetTypeCannotBeNullOnAdd'),
  budgetAmountMissing: code(4910, 'CampaignServiceBudgetAmountMissing'),
  budgetAmountBelowLimit: code(4912, 'CampaignServiceBudgetAmountIsBelowLimit'),
  invalidAccountId: code(1102, 'CampaignServiceInvalidAccountId'),
  invalidAdGroupId: code(1201, 'CampaignServiceInvalidAdGroupId'),
  invalidAdGroupName: code(1202, 'CampaignServiceInvalidAdGroupName'),
  adGroupsArrayEmpty: code(1209, 'CampaignServiceAdGroupsArrayShouldNotBeNullOrEmpty'),
  duplicateAdGroup: code(1214, 'CampaignServiceCannotCreateDuplicateAdGroup'),
  adGroupExpired: code(1215, 'CampaignServiceCannotUpdateAdGroupInExpiredState'),
  invalidEntityState: code(1016, 'CampaignServiceInvalidEntityState'),
  invalidKeywordText: code(1503, 'CampaignServiceInvalidKeywordText'),
  keywordsArrayEmpty: code(1505, 'CampaignServiceKeywordsArrayShouldNotBeNullOrEmpty'),
  duplicateKeyword: code(1542, 'CampaignServiceKeywordAndMatchTypeCombinationAlreadyExists'),
  entityTypeNotSupported: code(212, 'CampaignServiceEntityTypeNotSupported'),
  entityIdsExceedLimit: code(513, 'CampaignServiceEntityIdsArrayExceedsLimit'),
  entityIdsNullOrEmpty: code(514, 'CampaignServiceEntityIdsArrayExceedsLimit'),
  finalUrlsExceeded: code(831, 'FinalUrlsExceeded'),
  finalUrlsInvalid: code(832, 'FinalUrlsInvalid'),
  invalidAdId: code(1308, 'CampaignServiceInvalidAdId'),
  adsArrayEmpty: code(1310, 'CampaignServiceAdsArrayShouldNotBeNullOrEmpty'),
  adsArrayExceedsLimit: code(1311, 'CampaignServiceAdsArrayExceedsLimit'),
  tooMuchTextInTitle: code(1324, 'CampaignServiceTooMuchAdTextInTitle'),
  tooMuchTextInText: code(1325, 'CampaignServiceTooMuchAdTextInText'),
  adIdsArrayEmpty: code(1351, 'CampaignServiceAdIdsArrayShouldNotBeNullOrEmpty'),
  adIdsArrayExceedsLimit: code(1352, 'CampaignServiceAdIdsArrayExceedsLimit'),
  invalidBusinessName: code(1361, 'CampaignServiceInvalidBusinessName'),
  tooMuchTextInBusinessName: code(1367, 'CampaignServiceTooMuchAdTextInBusinessName'),
  invalidAdStatus: code(1382, 'CampaignServiceInvalidAdStatus'),
  invalidAdEditorialStatus: code(1383, 'CampaignServiceInvalidAdEditorialStatus'),
  adTypeDoesNotMatch: code(1386, 'CampaignServiceAdTypeDoesNotMatchExistingValue'),
  adTypeInvalidForCampaign: code(1399, 'CampaignServiceAdTypeInvalidForCampaign'),
  adTypeInvalid: code(2805, 'CampaignServiceAdTypeInvalid'),
  mediaIdInvalid: code(4000, 'CampaignServiceMediaIdInvalid'),
  imageDataInvalid: code(4001, 'CampaignServiceImageDataInvalid'),
  imageMimeTypeInvalid: code(4003, 'CampaignServiceImageMimeTypeInvalid'),
  imageTooLarge: code(4004, 'CampaignServiceImageTooLarge'),
  imageOverweight: code(4005, 'CampaignServiceImageOverweight'),
  mediaTypeInvalid: code(4007, 'CampaignServiceMediaTypeInvalid'),
  mediaEntityArrayEmpty: code(4011, 'CampaignServiceMediaEntityArrayIsNullOrEmpty'),
  mediaEntityLimitExceeded: code(4012, 'CampaignServiceMediaEntityLimitExceeded'),
  mediaEnabledEntitiesInvalid: code(4016, 'CampaignServiceMediaEnabledEntitiesFilterInvalid'),
  mediaWidthInvalid: code(4019, 'CampaignServiceMediaWidthInvalid'),
  mediaHeightInvalid: code(4020, 'CampaignServiceMediaHeightInvalid'),
  mediaAspectRatioInvalid: code(4021, 'CampaignServiceMediaDataAspectRatioInvalid'),
  invalidCustomParameters: code(4206, 'CampaignServiceInvalidCustomParametersText'),
  invalidCallToAction: code(5715, 'InvalidCallToAction'),
  responsiveAdInvalidImage: code(5721, 'ResponsiveAdInvalidImage'),
  responsiveAdDuplicateImage: code(5722, 'ResponsiveAdDuplicateImage'),
  responsiveAdRequiredImageMissing: code(5723, 'ResponsiveAdRequiredImageMissing'),
  rsaHeadlinesEmpty: code(6200, 'CampaignServiceResponsiveSearchAdHeadlinesNullOrEmpty'),
  rsaDescriptionsEmpty: code(6201, 'CampaignServiceResponsiveSearchAdDescriptionsNullOrEmpty'),
  rsaDuplicateHeadlines: code(6202, 'CampaignServiceResponsiveSearchAdDuplicateHeadlines'),
  rsaDuplicateDescriptions: code(6203, 'CampaignServiceResponsiveSearchAdDuplicateDescriptions'),
  rsaInvalidHeadline: code(6206, 'CampaignServiceResponsiveSearchAdInvalidHeadline'),
  rsaInvalidDescription: code(6207, 'CampaignServiceResponsiveSearchAdInvalidDescription'),
  rsaHeadlineTooLong: code(6208, 'CampaignServiceResponsiveSearchAdHeadlineTooLong'),
  rsaDescriptionTooLong: code(6209, 'CampaignServiceResponsiveSearchAdDescriptionTooLong'),
  rsaHeadlinesTooMany: code(6210, 'CampaignServiceResponsiveSearchAdHeadlinesMaxCountExceeded'),
  rsaDescriptionsTooMany: code(6211, 'CampaignServiceResponsiveSearchAdDescriptionsMaxCountExceeded'),
  rsaHeadlinesTooFew: code(6212, 'CampaignServiceResponsiveSearchAdHeadlinesLessThanMinRequired'),
  rsaDescriptionsTooFew: code(6213, 'CampaignServiceResponsiveSearchAdDescriptionsLessThanMinRequired'),
  rsaAssetTypeInvalid: code(6215, 'CampaignServiceResponsiveSearchAdAssetTypeInvalidForField'),
  rsaKeywordWithoutDefault: code(6216, 'CampaignServiceResponsiveSearchAdDefaultTextRequiredForKeyword'),
  rsaPath1TooLong: code(6217, 'CampaignServiceResponsiveSearchAdPath1TooLong'),
  rsaPath2TooLong: code(6218, 'CampaignServiceResponsiveSearchAdPath2TooLong'),
  rsaPath1Invalid: code(6219, 'CampaignServiceResponsiveSearchAdPath1Invalid'),
  rsaPath2Invalid: code(6220, 'CampaignServiceResponsiveSearchAdPath2Invalid'),
  rsaPath2WithoutPath1: code(6221, 'CampaignServiceResponsiveSearchAdPath2SetWithoutPath1'),
  nullReportRequest: code(2001, 'ReportingServiceNullReportRequest'),
  unknownReportType: code(2002, 'ReportingServiceUnknownReportType'),
  reportAccountNotAuthorized: code(2003, 'ReportingServiceAccountNotAuthorized'),
  noCompleteData: code(2004, 'ReportingServiceNoCompleteDataAvaliable'),
  invalidReportName: code(2006, 'ReportingServiceInvalidReportName'),
  invalidReportTimeSelection: code(2008, 'ReportingServiceInvalidReportTimeSelection'),
  invalidCustomDateRangeStart: code(2009, 'ReportingServiceInvalidCustomDateRangeStart'),
  invalidCustomDateRangeEnd: code(2010, 'ReportingServiceInvalidCustomDateRangeEnd'),
  endDateBeforeStartDate: code(2011, 'ReportingServiceEndDateBeforeStartDate'),
  nullColumns: code(2014, 'ReportingServiceNullColumns'),
  duplicateColumns: code(2016, 'ReportingServiceDuplicateColumns'),
  noMeasureSelected: code(2017, 'ReportingServiceNoMeasureSelected'),
  invalidAccountIdInCampaignScope: code(2018, 'ReportingServiceInvalidAccountIdInCampaignReportScope'),
  invalidCampaignIdInCampaignScope: code(2019, 'ReportingServiceInvalidCampaignIdInCampaignReportScope'),
  invalidAccountIdInAdGroupScope: code(2020, 'ReportingServiceInvalidAccountIdInAdGroupReportScope'),
  invalidCampaignIdInAdGroupScope: code(2021, 'ReportingServiceInvalidCampaignIdInAdGroupReportScope'),
  invalidAdGroupIdInAdGroupScope: code(2022, 'ReportingServiceInvalidAdGroupIdInAdGroupReportScope'),
  invalidAccountThruCampaignScope: code(2027, 'ReportingServiceInvalidAccountThruCampaignReportScope'),
  invalidAccountThruAdGroupScope: code(2028, 'ReportingServiceInvalidAccountThruAdGroupReportScope'),
  accountsOverLimit: code(2029, 'ReportingServiceAccountsOverLimit'),
  campaignsOverLimit: code(2030, 'ReportingServiceMaximumCampaignsLimitReached'),
  adGroupsOverLimit: code(2031, 'ReportingServiceAdGroupsOverLimit'),
  timePeriodInSummary: code(2034, 'ReportingServiceInvalidTimePeriodColumnForSummaryReport'),
  invalidReportAccountIds: code(2035, 'ReportingServiceInvalidAccountIds'),
  futureStartDate: code(2041, 'ReportingServiceInvalidFutureStartDate'),
  invalidReportId: code(2100, 'ReportingServiceInvalidReportId'),
  reportNotFound: code(2101, 'ReportingServiceReportNotFound'),
  invalidAudienceId: code(4835, 'InvalidAudienceId'),
  audienceIdsNotPassed: code(4836, 'AudienceIdsNotPassed'),
  invalidAudienceName: code(4838, 'InvalidAudienceName'),
  invalidAudienceDescription: code(4841, 'InvalidAudienceDescription'),
  invalidMembershipDuration: code(4842, 'InvalidAudienceMembershipDuration'),
  parentIdDoesNotMatchScope: code(4843, 'AudienceParentIdDoesNotMatchScope'),
  audiencesArrayEmpty: code(4844, 'AudiencesArrayShouldNotBeNullOrEmpty'),
  audienceIdIsNull: code(4846, 'AudienceIdIsNull'),
  audienceIdIsNotNull: code(4847, 'AudienceIdIsNotNull'),
  invalidAudienceScope: code(4849, 'InvalidAudienceScope'),
  audiencesArrayExceedsLimit: code(4850, 'AudiencesArrayExceedsLimit'),
  audienceIdsArrayExceedsLimit: code(4852, 'AudienceIdsArrayExceedsLimit'),
  duplicateAudienceName: code(4853, 'DuplicateAudienceName'),
  audienceIdDoNotMatchType: code(4861, 'AudienceIdDoNotMatchAudienceType'),
  invalidCustomerListId: code(8000, 'InvalidCustomerListId'),
  invalidCustomerListActionType: code(8001, 'InvalidCustomerListActionType'),
  customerListItemSubTypeNotSupported: code(8002, 'CustomerListItemSubTypeNotSupported'),
  customerListTermsNotAccepted: code(8003, 'CustomerListTermsAndConditionsNotAccepted'),
  emailMustBeHashed: code(8004, 'EmailMustBeHashed'),
} as const;

/** Thrown by handlers; the fault handler answers it with its HTTP status and body. */
export class MicrosoftFault extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.Type));
  }
}

export const adApiFault = (httpStatus: number, error: ErrorCode, message: string) =>
  new MicrosoftFault(httpStatus, {
    Type: 'AdApiFaultDetail',
    Errors: [{ ...error, Message: message, Detail: null }],
  });

/** A refused request: `ApiFaultDetail` in Campaign Management; Customer Management's `ApiFault` has no ErrorCode. */
export const operationFault = (
  error: ErrorCode,
  message: string,
  service: 'campaign' | 'customer' = 'campaign',
) =>
  new MicrosoftFault(400, {
    Type: service === 'campaign' ? 'ApiFaultDetail' : 'ApiFault',
    ...(service === 'campaign' ? { BatchErrors: [] } : {}),
    OperationErrors: [
      service === 'campaign'
        ? { ...error, Message: message, Details: null }
        : { Code: error.Code, Message: message, Details: null },
    ],
  });

/**
 * Refused items of a call whose answer has no PartialErrors (AddMedia): an ApiFaultDetail carrying
 * them as BatchErrors.
 */
export const batchFault = (errors: BatchError[]) =>
  new MicrosoftFault(400, { Type: 'ApiFaultDetail', BatchErrors: errors, OperationErrors: [] });

export interface BatchError extends ErrorCode {
  Index: number;
  Message: string;
  Details: null;
  FieldPath: string | null;
  Type: 'BatchError';
}

export const batchError = (index: number, error: ErrorCode, message: string): BatchError => ({
  ...error,
  Index: index,
  Message: message,
  Details: null,
  FieldPath: null,
  Type: 'BatchError',
});

/** Answers a MicrosoftFault (and a body that is not JSON) with a TrackingId, in body and header. */
export const faultHandler: ErrorRequestHandler = (err, _req, res, next) => {
  const fault =
    err instanceof SyntaxError ? operationFault(CODES.inputValidation, 'The request body is not JSON.') : err;
  if (!(fault instanceof MicrosoftFault)) return next(err);
  const trackingId = randomUUID();
  res
    .status(fault.httpStatus)
    .set('TrackingId', trackingId)
    .json({ TrackingId: trackingId, ...fault.body });
};
