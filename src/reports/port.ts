import type { PlatformCall } from '../ports/platform-call.js';
import type { AdAccount } from '../store/connections.js';
import type { ReportCapabilities, ReportQuery, ReportRun } from './model.js';

/** Reports on one platform (`platforms/<id>/reports.ts`). */
export interface ReportAdapter {
  capabilities: ReportCapabilities;
  /** Starts one ad account's report; a synchronous platform answers it at once. */
  start(call: PlatformCall, account: AdAccount, query: ReportQuery): Promise<ReportRun>;
  /** Polls a pending run (only where `start` can answer `pending`). */
  resume?(call: PlatformCall, account: AdAccount, query: ReportQuery, job: string): Promise<ReportRun>;
}
