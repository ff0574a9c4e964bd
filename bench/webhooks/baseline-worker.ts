import { request } from 'node:http';
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { signatureHeader } from '../../src/events/webhooks/signature.js';

/**
 * B4, in a process of its own: a bare BullMQ worker (adlink's bullmq, its worker concurrency) that
 * signs each job's body as adlink does and POSTs it with node:http's global agent, as adlink's
 * send.ts does; no store, no per-company limit, no address checks, no delivery records.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const secret = env('B4_SECRET');
const target = new URL(env('B4_TARGET'));

function post(body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'Adlink-Signature': signatureHeader([secret], body),
          'User-Agent': 'b4/1',
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode! < 300 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const connection = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
const worker = new Worker<{ body: string }>(
  env('B4_QUEUE'),
  (job: Job<{ body: string }>) => post(job.data.body),
  {
    connection,
    prefix: env('B4_PREFIX'),
    concurrency: Number(env('B4_CONCURRENCY')),
  },
);
await worker.waitUntilReady();
console.log('b4 ready');
process.once('SIGTERM', async () => {
  await worker.close();
  connection.disconnect();
});
