import { Agent, request } from 'node:http';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { FINISHED_JOBS_KEPT } from '../../src/events/webhooks/bullmq-queue.js';
import { monotonicTimestamp, randomToken } from '../../src/ids.js';
import type { Emit } from './produce.js';

/** A company as the bench drives it: its vendor token, the customer its events are about. */
export interface Emitter {
  company: string;
  token: string;
  customer: string;
}

/** What a failed emit looked like, printed once per run so a broken setup shows. */
const reportFirst = (() => {
  let told = false;
  return (what: string) => {
    if (!told) console.error(`emitting failed: ${what}`);
    told = true;
  };
})();

/**
 * adlink's real path: `POST /customers/:id/access_tokens`, which emits `token.created` (the cheapest
 * vendor request that emits an event); the companies take turns. Keys are the tokens' ids.
 */
export function adlinkEmit(adlinkUrl: string, companies: Emitter[]): Emit {
  // Idle sockets are closed here before adlink's keep-alive timeout (5 s) closes them under a request.
  const agent = new Agent({ keepAlive: true, timeout: 2000 });
  const body = JSON.stringify({ scope: 'read', expires_in: 3600 });
  return (i) => {
    const { token, customer } = companies[i % companies.length]!;
    return new Promise((resolve) => {
      const req = request(
        `${adlinkUrl}/customers/${customer}/access_tokens`,
        {
          method: 'POST',
          agent,
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const answer = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode === 201) return resolve((JSON.parse(answer) as { id: string }).id);
            reportFirst(`${res.statusCode} ${answer}`);
            resolve(null);
          });
        },
      );
      req.on('error', (err) => {
        reportFirst(err.message);
        resolve(null);
      });
      req.end(body);
    });
  };
}

/** B4's company in the bodies it sends (the receiver finds the secret by it). */
export const B4_COMPANY = 'co_b4';

/**
 * B4's producer: the body adlink would send for `token.created`, added to B4's queue with the job
 * options adlink's queue uses (its own job id, retries, finished jobs kept).
 */
export function baselineEmit(redisUrl: string, prefix: string, queueName: string) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<{ body: string }>(queueName, { connection, prefix });
  const emit: Emit = async (i) => {
    const key = `alt_b4${i}_${randomToken(8)}`;
    const id = `evt_${randomToken(16)}`;
    const body = JSON.stringify({
      id,
      type: 'token.created',
      created_at: monotonicTimestamp(),
      company: B4_COMPANY,
      customer: 'cus_b4',
      data: { id: key, scope: 'read', prefix: key.slice(0, 12), expires_at: new Date().toISOString() },
    });
    try {
      await queue.add(
        'deliver',
        { body },
        {
          jobId: id,
          attempts: 10,
          backoff: { type: 'exponential', delay: 30_000 },
          removeOnComplete: FINISHED_JOBS_KEPT,
          removeOnFail: FINISHED_JOBS_KEPT,
        },
      );
      return key;
    } catch (err) {
      reportFirst((err as Error).message);
      return null;
    }
  };
  const close = async () => {
    await queue.close();
    connection.disconnect();
  };
  return { emit, close };
}
