import { mkdir, writeFile } from 'node:fs/promises';
import { adSetPageBench } from './adset-page.js';

/** Runs the benchmarks against REDIS_URL (default 127.0.0.1:6379); writes JSON and a markdown table. */
const redisUrl = process.argv[2] ?? 'redis://127.0.0.1:6379';
const result = await adSetPageBench(redisUrl);

const table = [
  `## ${result.scenario}`,
  '',
  result.description,
  '',
  '| ad sets in cache | median ms | p95 ms |',
  '|---:|---:|---:|',
  ...result.results.map(
    (r) => `| ${r.size.toLocaleString('en')} | ${r.medianMs.toFixed(3)} | ${r.p95Ms.toFixed(3)} |`,
  ),
  '',
  `ratio (largest / smallest median): **${result.ratio.toFixed(3)}** (goal: ${result.goal})`,
  '',
].join('\n');

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/adset-cache-page.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
await writeFile(new URL('./results/adset-cache-page.md', import.meta.url), table);
console.log(table);
