import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import { zipOneFile } from '../toolkit/zip.js';
import { CODES, operationFault } from './faults.js';
import type { MicrosoftAdsState } from './model.js';
import { REPORTING_BASE, REPORTING_OPERATIONS, serve } from './operations.js';
import { reportFile, reportRows } from './report-file.js';
import { type ReportSpec, reportSpec } from './report-request.js';

/** "Request and Download a Report": a ReportRequestId is valid for two days, a download URL for five minutes. */
const REQUEST_TTL_MS = 2 * 86_400_000;
const DOWNLOAD_TTL_MS = 5 * 60_000;
export const DOWNLOAD_PATH = '/download-reports';

interface Job {
  spec: ReportSpec;
  submittedAt: number;
  /** Polls still to answer Pending. */
  pending: number;
  outcome: 'Success' | 'Error';
  /** The zipped report, written on the first poll that answers Success; null when it has no rows. */
  archive?: Buffer | null;
}

/**
 * The Reporting service's jobs, and how the next ones go: each report submitted answers Pending to
 * its first `pendingPolls` polls, then `outcome` (the test control `POST /_emulator/reports`).
 */
export class ReportJobs {
  readonly jobs = new Map<string, Job>();
  readonly downloads = new Map<string, { id: string; expires: number }>();
  pendingPolls = 0;
  outcome: 'Success' | 'Error' = 'Success';
  private nextId = 30_000_000_100;

  submit(spec: ReportSpec): string {
    const id = String(this.nextId++);
    this.jobs.set(id, { spec, submittedAt: Date.now(), pending: this.pendingPolls, outcome: this.outcome });
    return id;
  }

  /** The job of a ReportRequestId, or the refusal: not an id 2100, unknown or past its two days 2101. */
  job(id: unknown): Job {
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
      throw operationFault(CODES.invalidReportId, 'The report identifier is not valid.');
    }
    const job = this.jobs.get(id);
    if (!job || Date.now() - job.submittedAt > REQUEST_TTL_MS) {
      this.jobs.delete(id);
      throw operationFault(CODES.reportNotFound, 'The report was not found.');
    }
    return job;
  }
}

/** SubmitGenerateReport, PollGenerateReport (under the caller checks), and the signed downloads. */
export function reportRoutes(state: MicrosoftAdsState, jobs: ReportJobs, baseUrl: string): Router {
  const router = Router();
  const ops = REPORTING_OPERATIONS;

  serve(router, REPORTING_BASE, ops.submitGenerateReport, (body, res) => ({
    ReportRequestId: jobs.submit(reportSpec(state, res.locals.customerId as string, body)),
  }));

  serve(router, REPORTING_BASE, ops.pollGenerateReport, (body) => {
    const id = body.ReportRequestId as string;
    const job = jobs.job(body.ReportRequestId);
    if (job.pending > 0) {
      job.pending--;
      return { ReportRequestStatus: { Status: 'Pending', ReportDownloadUrl: null } };
    }
    if (job.outcome === 'Error') return { ReportRequestStatus: { Status: 'Error', ReportDownloadUrl: null } };
    if (job.archive === undefined) {
      const rows = reportRows(state, job.spec);
      job.archive = rows.length
        ? zipOneFile(`${id}.${job.spec.format.toLowerCase()}`, reportFile(job.spec, rows))
        : null;
    }
    // Success without rows has no download URL ("ReportRequestStatus": nil when no data is available).
    if (!job.archive) return { ReportRequestStatus: { Status: 'Success', ReportDownloadUrl: null } };
    const expires = Date.now() + DOWNLOAD_TTL_MS;
    const sig = randomBytes(16).toString('hex');
    jobs.downloads.set(sig, { id, expires });
    const url = `${baseUrl}${DOWNLOAD_PATH}/${id}.zip?se=${encodeURIComponent(new Date(expires).toISOString())}&sig=${sig}`;
    return { ReportRequestStatus: { Status: 'Success', ReportDownloadUrl: url } };
  });
  return router;
}

/**
 * The download URLs: signed, no credentials (a storage host, not the API), valid for five minutes;
 * a wrong or expired signature is the storage's 403 AuthenticationFailed.
 */
export function downloadRoutes(jobs: ReportJobs): Router {
  const router = Router();
  router.get(`${DOWNLOAD_PATH}/:file`, (req: Request, res: Response) => {
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    const grant = jobs.downloads.get(sig);
    const archive =
      grant && `${grant.id}.zip` === req.params.file ? jobs.jobs.get(grant.id)?.archive : undefined;
    if (!grant || grant.expires < Date.now() || !archive) {
      res
        .status(403)
        .type('application/xml')
        .send(
          '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.</Message></Error>',
        );
      return;
    }
    res.type('application/octet-stream').send(archive);
  });
  return router;
}

/** `POST /_emulator/reports {"pendingPolls": N, "outcome": "Success"|"Error"}`: how the next reports go. */
export function reportControls(jobs: ReportJobs): Router {
  const router = Router();
  router.post('/_emulator/reports', express.json({ limit: '10kb' }), (req, res) => {
    const { pendingPolls = 0, outcome = 'Success' } = (req.body ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(pendingPolls) || (pendingPolls as number) < 0 || (pendingPolls as number) > 1000) {
      return res.status(400).json({ error: 'pendingPolls must be an integer from 0 to 1000' });
    }
    if (outcome !== 'Success' && outcome !== 'Error') {
      return res.status(400).json({ error: 'outcome must be Success or Error' });
    }
    jobs.pendingPolls = pendingPolls as number;
    jobs.outcome = outcome;
    res.json({ pendingPolls, outcome });
  });
  return router;
}
