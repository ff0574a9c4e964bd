import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { timeStorePages } from './adset-page.js';
import { timeAudienceUploads } from './audience-upload.js';
import { takeSnapshot } from './heap-snapshot.js';
import { CONNECTIONS, measureRounds, SECONDS, WARMUP_SECONDS } from './load.js';
import { markdown, ROUNDS, SETTLE_SECONDS, summarize } from './report.js';
import { scenarios } from './scenarios.js';
import { seed } from './seed.js';
import { startStack } from './stack.js';

/**
 * `npm run bench`: builds adlink, starts it as production runs it, seeds, and runs every scenario
 * interleaved with its baseline in rounds; writes bench/results/<date>.json and .md.
 * BENCH_ONLY=S1,B1 runs some scenarios; BENCH_CPU_PROF=<dir> profiles adlink and the baselines (node --cpu-prof);
 * BENCH_HEAP_SNAPSHOT=<dir> takes heap snapshots of adlink after seeding and after the run.
 */
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
const stack = await startStack({ profileDir: process.env.BENCH_CPU_PROF, snapshotDir });
/** adlink's RSS after `SETTLE_SECONDS` without requests (printed every 5 s): whether what the load grew is given back. */
async function settledRss(adlink: typeof stack.adlink): Promise<number> {
  for (let second = 1; second <= SETTLE_SECONDS; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (second % 5 === 0)
      console.log(`adlink RSS ${second} s after the run: ${adlink.rssMb().toFixed(0)} MB`);
  }
  return adlink.rssMb();
}
const snapshot = async (moment: string) => {
  if (snapshotDir) console.log(`heap snapshot ${moment}: ${await takeSnapshot(stack.adlink, snapshotDir)}`);
};
try {
  const seeded = await seed(stack);
  const only = process.env.BENCH_ONLY?.split(',');
  const list = scenarios(stack, seeded).filter((s) => !only || only.includes(s.id));
  const rssStart = stack.adlink.rssMb();
  await snapshot('after seeding');
  const rounds = await measureRounds(list, ROUNDS, () => stack.redisCpuMs());
  const endMb = stack.adlink.rssMb();
  await snapshot('after the run');
  const rss = { startMb: rssStart, endMb, settledMb: await settledRss(stack.adlink) };
  const storePages = await timeStorePages(stack.store, seeded.caches);
  const audience =
    !only || only.includes('U2') ? await timeAudienceUploads(stack, seeded.token, seeded.company) : undefined;
  const summary = summarize(list, rounds);
  const date = new Date().toISOString().slice(0, 10);
  const table = markdown(summary, rss, storePages, date, audience);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    settings: { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, rounds: ROUNDS },
    summary,
    rss,
    storePages,
    ...(audience ? { audience } : {}),
    rounds,
  };
  const results = new URL('./results/', import.meta.url);
  await mkdir(results, { recursive: true });
  await writeFile(new URL(`${date}.json`, results), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(new URL(`${date}.md`, results), table);
  console.log(`\n${table}`);
} finally {
  await stack.close();
}
