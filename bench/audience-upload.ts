import { createHash, randomBytes } from 'node:crypto';
import { randomToken } from '../src/ids.js';
import { createLogger } from '../src/logger.js';
import { platformCatalog } from '../src/platforms/catalog.js';
import { SANDBOX_CLIENT_ID } from '../src/platforms/registry.js';
import { AUDIENCE_BATCH } from '../src/platforms/sandbox/model.js';
import { AdsStore } from '../src/sandbox/api/ads-store.js';
import { sandboxKeys } from '../src/sandbox/keys.js';
import { GrantStore } from '../src/sandbox/oauth/grants.js';
import { median } from './report.js';
import { api } from './seed.js';
import type { Stack } from './stack.js';

/**
 * U2: an audience member upload of 10,000 emails (`POST /v1/sandbox/audiences/:id/members`): adlink
 * normalizes and hashes them and sends them to the sandbox in batches of 1,000, as a job it answers
 * 202 for. Timed from the request to the job's success, one upload at a time, each to a customer of
 * its own (the sandbox allows a token 50 calls in 10 s); the process's CPU over the uploads (the
 * job's polls included) ÷ their number is what an upload costs there. The sandbox serves from the
 * same process, so its side is measured on its own too: the same 10 batches of hashes sent straight
 * to the sandbox's API, to fresh audiences; and so are the client's polls of the job (as many reads
 * of the finished jobs). adlink's own CPU is what is left. The customers'
 * sandbox connections are granted straight in the sandbox's store: the consent pages are not what
 * is measured.
 */
export const MEMBERS = 10_000;
const UPLOADS = Number(process.env.BENCH_AUDIENCE_UPLOADS) || 10;
/** The target: adlink's CPU per upload, ms. */
const CPU_TARGET_MS = 50;

const emails = Array.from({ length: MEMBERS }, (_, i) => ` Member.${i}@Example.COM `);

/** A sandbox grant for `login` and its tokens, as the sandbox's token endpoint gives them. */
async function sandboxTokens(stack: Stack, login: string) {
  const k = sandboxKeys(stack.prefix);
  const accounts = await new AdsStore(stack.store.kv, k).accounts(login);
  const grants = new GrantStore(stack.store.kv, k, {
    accessTokenTtlSeconds: 24 * 3600,
    now: Date.now,
    log: createLogger('silent'),
  });
  const redirectUri = `${stack.adlink.url}/connections/oauth/sandbox/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const code = await grants.issueCode({
    client: SANDBOX_CLIENT_ID,
    login,
    accounts: accounts.map((a) => a.id),
    scope: platformCatalog(stack.adlink.url).sandbox.oauth.scopes,
    redirectUri,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const tokens = await grants.redeemCode(code, SANDBOX_CLIENT_ID, redirectUri, verifier);
  return { tokens, accounts };
}

/** A customer connected to the sandbox, with an audience on its first ad account. */
async function audienceCustomer(stack: Stack, token: string, company: string, n: number) {
  const customer = (await api(stack, token, 'POST', '/customers', { name: `Audience customer ${n}` }))
    .id as string;
  const { tokens, accounts } = await sandboxTokens(stack, `bench-${randomToken(6)}`);
  const now = new Date().toISOString();
  await stack.store.connections.save(
    company,
    customer,
    {
      platform: 'sandbox',
      status: 'connected',
      ad_accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
      scopes: tokens.scope.split(' '),
      connected_at: now,
      updated_at: now,
      expires_at: null,
      reauth_reason: null,
    },
    {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
      obtained_at: Math.floor(Date.now() / 1000),
      client_id: SANDBOX_CLIENT_ID,
    },
  );
  const audience = await api(stack, token, 'POST', `/v1/sandbox/audiences?customer=${customer}`, {
    name: 'Bench audience',
    advertiser: accounts[0]!.id,
  });
  return { customer, audience: audience.id as string, accessToken: tokens.access_token };
}

/** The hashes adlink sends for `emails`, computed here, in the batches it sends them in. */
const batches = (() => {
  const hashes = emails.map((e) => createHash('sha256').update(e.trim().toLowerCase()).digest('hex'));
  return Array.from({ length: MEMBERS / AUDIENCE_BATCH }, (_, i) =>
    JSON.stringify({
      schema: 'EMAIL_SHA256',
      hashes: hashes.slice(i * AUDIENCE_BATCH, (i + 1) * AUDIENCE_BATCH),
    }),
  );
})();

/** The sandbox's side of one upload alone: its batches posted to its API as adlink's job posts them. */
async function sandboxSide(stack: Stack, audience: string, accessToken: string) {
  for (const body of batches) {
    const response = await fetch(`${stack.adlink.url}/sandbox/api/v1/audiences/${audience}/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`sandbox members: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
}

/**
 * Uploads one at a time, each waited for until its job succeeded; then the sandbox's side alone, as
 * many times to audiences of their own. CPU per upload (all of it, the sandbox's, adlink's own) and
 * the time per upload.
 */
export async function timeAudienceUploads(stack: Stack, token: string, company: string) {
  const targets: Awaited<ReturnType<typeof audienceCustomer>>[] = [];
  for (let n = 0; n <= 2 * UPLOADS; n++) targets.push(await audienceCustomer(stack, token, company, n));
  let polls = 0;
  const jobs: string[] = [];
  const upload = async ({ customer, audience }: { customer: string; audience: string }) => {
    const base = `/v1/sandbox/audiences/${audience}`;
    const started = process.hrtime.bigint();
    const answer = await api(stack, token, 'POST', `${base}/members?customer=${customer}`, { emails });
    const jobPath = `${base}/jobs/${answer.id}?customer=${customer}`;
    jobs.push(jobPath);
    for (let job = answer; job.status === 'Running'; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await api(stack, token, 'GET', jobPath);
      polls++;
      if (job.status !== 'Running' && job.status !== 'Succeeded') {
        throw new Error(`audience upload: ${JSON.stringify(job)}`);
      }
    }
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  await upload(targets[0]!); // warm-up
  polls = 0;
  let cpuStart = stack.adlink.cpuMs();
  const times = [];
  for (const target of targets.slice(1, UPLOADS + 1)) times.push(await upload(target));
  const cpuMsPerUpload = (stack.adlink.cpuMs() - cpuStart) / UPLOADS;
  cpuStart = stack.adlink.cpuMs();
  for (const target of targets.slice(UPLOADS + 1))
    await sandboxSide(stack, target.audience, target.accessToken);
  const sandboxCpuMsPerUpload = (stack.adlink.cpuMs() - cpuStart) / UPLOADS;
  // The client's polls while it waited (every 20 ms): as many reads of the finished jobs again.
  cpuStart = stack.adlink.cpuMs();
  for (let i = 0; i < polls; i++) await api(stack, token, 'GET', jobs[1 + (i % UPLOADS)]!);
  const pollsCpuMsPerUpload = (stack.adlink.cpuMs() - cpuStart) / UPLOADS;
  const ownCpuMsPerUpload = cpuMsPerUpload - sandboxCpuMsPerUpload - pollsCpuMsPerUpload;
  return {
    uploads: UPLOADS,
    members: MEMBERS,
    cpuMsPerUpload,
    sandboxCpuMsPerUpload,
    pollsPerUpload: polls / UPLOADS,
    pollsCpuMsPerUpload,
    ownCpuMsPerUpload,
    medianMs: median(times),
    targetMs: CPU_TARGET_MS,
    met: ownCpuMsPerUpload <= CPU_TARGET_MS,
  };
}
