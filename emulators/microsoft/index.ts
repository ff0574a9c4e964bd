import express, { Router } from 'express';
import type { EmulatorDefinition } from '../toolkit/emulator.js';
import { requireAccount, requireCaller, requireCustomer } from './access.js';
import { adReviewControls, adRoutes } from './ad-routes.js';
import { adGroupRoutes } from './adgroup-routes.js';
import { audienceControls, audienceRoutes } from './audience-routes.js';
import { campaignRoutes } from './campaign-routes.js';
import { criterionRoutes } from './criterion-routes.js';
import { customerRoutes } from './customer-routes.js';
import { faultHandler } from './faults.js';
import { mediaRoutes } from './media-routes.js';
import { MicrosoftAdsState } from './model.js';
import { microsoftOAuthRoutes } from './oauth-routes.js';
import { CAMPAIGN_BASE, CUSTOMER_BASE, REPORTING_BASE } from './operations.js';
import { readRoutes } from './read-routes.js';
import { downloadRoutes, ReportJobs, reportControls, reportRoutes } from './report-routes.js';
import { SEED, seed, seedAdGroups } from './seed.js';

/** Microsoft Advertising (Bing Ads API v13, REST), as adlink uses it. See README.md beside this file. */
export const microsoftEmulator: EmulatorDefinition = {
  name: 'Microsoft Advertising',
  refreshTokens: true,
  rotateRefreshTokens: true,
  create({ oauth, controls, options }) {
    const state = new MicrosoftAdsState({
      Id: SEED.user,
      CustomerId: SEED.customer,
      UserName: 'rider@bikes.example',
      Name: { FirstName: 'Robin', LastName: 'Rider' },
      UserLifeCycleStatus: 'Active',
    });
    seed(state);
    const json = express.json({ limit: '5mb' });
    const caller = requireCaller(oauth, controls);
    const router = Router();
    router.use(microsoftOAuthRoutes(oauth));
    router.use(CUSTOMER_BASE, json, caller, faultHandler);
    router.use(customerRoutes(state));
    router.use(CAMPAIGN_BASE, json, caller, requireAccount(state), faultHandler);
    router.use(readRoutes());
    router.use(adGroupRoutes(state));
    router.use(campaignRoutes(state));
    router.use(adRoutes(state));
    router.use(mediaRoutes(state, options.baseUrl));
    router.use(audienceRoutes(state));
    router.use(criterionRoutes(state));
    const reports = new ReportJobs();
    router.use(REPORTING_BASE, json, caller, requireCustomer, faultHandler);
    router.use(reportRoutes(state, reports, options.baseUrl));
    router.use(downloadRoutes(reports));
    router.use(faultHandler);
    return {
      router,
      controlRouter: Router().use(reportControls(reports), adReviewControls(state), audienceControls(state)),
      seedAdSets: (account, campaign, count) => seedAdGroups(state, account, campaign, count),
    };
  },
};
