import type { MoneyAmount } from './money.js';

/** The parts of LinkedIn's Marketing API answers the adapter reads (versioned `/rest` API). */

export const CAMPAIGN_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'ARCHIVED',
  'COMPLETED',
  'CANCELED',
  'DRAFT',
  'PENDING_DELETION',
  'REMOVED',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface AdAccountUser {
  account: string;
  role: string;
}

export interface AdAccount {
  id: number;
  name: string;
  currency: string;
  status: string;
  /** The organization (or, rarely, person) URN the account advertises for. */
  reference?: string;
}

export interface CampaignGroup {
  id: number;
  account: string;
  name: string;
  status: CampaignStatus;
  servingStatuses?: string[];
  objectiveType?: string;
  runSchedule?: { start: number; end?: number };
  totalBudget?: MoneyAmount;
}

export interface Campaign {
  id: number;
  account: string;
  campaignGroup: string;
  name: string;
  status: CampaignStatus;
  servingStatuses?: string[];
  /** The organization a Sponsored Content campaign promotes: its ads' posts are by it. */
  associatedEntity?: string;
  objectiveType?: string;
  dailyBudget?: MoneyAmount;
  totalBudget?: MoneyAmount;
  /** Epoch milliseconds; no end: it runs until stopped. */
  runSchedule?: { start: number; end?: number };
  changeAuditStamps?: { created?: { time: number } };
}

export interface Creative {
  id: string;
  account?: string;
  campaign: string;
  name?: string;
  intendedStatus: CampaignStatus;
  isServing?: boolean;
  /** The sponsored post (`urn:li:share:…`, `urn:li:ugcPost:…`) or other content. */
  content?: { reference?: string };
  /** Absent while the creative is a DRAFT (review starts when it leaves DRAFT). */
  review?: { status: string; rejectionReasons?: string[] };
  createdAt?: number;
}

/** A post of the Posts API, as far as an ad reads it. */
export interface Post {
  id: string;
  author: string;
  commentary?: string;
  content?: {
    media?: { id: string; title?: string };
    carousel?: unknown;
    article?: unknown;
    multiImage?: unknown;
  };
  contentLandingPage?: string;
  contentCallToActionLabel?: string;
}

/** A BATCH_GET's answer: the entities found, by key (the others are in `errors`). */
export interface PostBatch {
  results?: Record<string, Post>;
}

/** The answer of `POST /images?action=initializeUpload`. */
export interface ImageUpload {
  value: { uploadUrl: string; image: string; uploadUrlExpiresAt?: number };
}

export interface Organization {
  id: number;
  localizedName: string;
}

/** A finder's answer with cursor paging (search finders since 202401). */
export interface CursorPage<T> {
  elements: T[];
  metadata?: { nextPageToken?: string };
}
