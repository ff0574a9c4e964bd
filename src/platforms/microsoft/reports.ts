import { PlatformError } from '../../ports/platform-error.js';
import type { ReportAdapter } from '../../reports/port.js';
import type { MicrosoftAdsApi } from './client.js';
import { submitReportBody } from './report-request.js';
import { reportRows } from './report-rows.js';
import { unzipOneFile } from './report-zip.js';
import { DEFAULT_REPORT_TIME_ZONE, reportTimeZone, reportZoneIana } from './time-zones.js';

interface ReportRequestStatus {
  Status?: 'Pending' | 'Success' | 'Error';
  ReportDownloadUrl?: string | null;
}

/**
 * Reports through Microsoft's ReportingService, which is asynchronous: `start` submits the report
 * (SubmitGenerateReport) and answers its ReportRequestId; `resume` polls it (PollGenerateReport) and,
 * once it is done, downloads the zipped CSV and maps its rows. The days are the account's: the
 * request's ReportTimeZone is the account's time zone.
 */
export function microsoftReports(ms: MicrosoftAdsApi): ReportAdapter {
  return {
    capabilities: {
      metrics: ['spend', 'impressions', 'clicks', 'conversions'],
      // "Reporting Data Retention Time Periods": 36 months of daily and summary data for the
      // campaign, ad group and ad performance reports (1,095 days is 36 months at the shortest).
      lookbackDays: 1095,
      conversions:
        'the Conversions column: conversions of the conversion goals counted for bidding (goals excluded from bidding are only in AllConversions)',
    },

    async start(call, account, query) {
      const api = await ms.account(call, account.id);
      const body = submitReportBody(query, account.id, reportTimeZone(api.timeZone));
      const { ReportRequestId } = await api.reporting<{ ReportRequestId?: string | null }>(
        '/GenerateReport/Submit',
        body,
      );
      if (!ReportRequestId) {
        throw new PlatformError(
          'rejected',
          'Microsoft Advertising answered a report submission without an id',
        );
      }
      return { state: 'pending', job: ReportRequestId };
    },

    async resume(call, account, query, job) {
      const api = await ms.account(call, account.id);
      const { ReportRequestStatus: status } = await api.reporting<{
        ReportRequestStatus?: ReportRequestStatus | null;
      }>('/GenerateReport/Poll', { ReportRequestId: job });
      if (status?.Status === 'Pending') return { state: 'pending', job };
      if (status?.Status !== 'Success') {
        throw new PlatformError('rejected', `Microsoft Advertising could not generate report ${job}`);
      }
      const currency = api.currency ?? account.currency ?? '';
      const zone = reportZoneIana(reportTimeZone(api.timeZone) ?? DEFAULT_REPORT_TIME_ZONE);
      // Success without a download URL: the report has no data.
      const csv = status.ReportDownloadUrl
        ? unzip(await ms.download(call, status.ReportDownloadUrl)).toString('utf8')
        : '';
      return {
        state: 'done',
        report: {
          advertiser: account.id,
          currency,
          timeZone: zone ?? 'America/Los_Angeles',
          rows: csv === '' ? [] : reportRows(csv, query, account.id, currency),
        },
      };
    },
  };
}

function unzip(archive: Buffer): Buffer {
  try {
    return unzipOneFile(archive);
  } catch (err) {
    throw new PlatformError('rejected', `Microsoft Advertising's report download: ${(err as Error).message}`);
  }
}
