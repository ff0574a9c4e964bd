import type { AddressInfo } from 'node:net';
import { createApp, createEventsWorker, createTokenKeeper, createWorkerApp } from './app.js';
import { loadConfig } from './config.js';
import { loadKeyRing, newEncryptionKeyEntry, newSigningKeyEntry } from './crypto/keys.js';
import { InFlight } from './in-flight.js';
import { signInUrl } from './integrations/sign-in.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics/metrics.js';
import { type DataFileKeys, DataFileWriter, readDataFile } from './store/data-file.js';
import { MemoryKv } from './store/memory-kv.js';
import { openStore } from './store/open.js';

const config = loadConfig();
const log = createLogger(config.logLevel);

async function main() {
  const { memory, keys, dataFile } = embeddedStore();
  if (keys.ephemeral) {
    log.warn(
      '!!! SIGNING_KEYS and/or ENCRYPTION_KEYS are not set: generated throwaway keys. Connect links and stored platform credentials become unusable when this process stops. Run `npx adlink keys generate` and set them. !!!',
    );
  }
  const store = await openStore(config, log, keys.encryption, memory);
  if (!config.redis && !(await store.companies.any())) {
    const company = await store.companies.create('Demo company');
    const { secret } = await store.companies.createToken(company.id);
    const signIn = await signInUrl(store, config, company.id);
    process.stdout.write(
      `\n  adlink demo company created (id ${company.id}).\n  Its company token, shown once:\n\n    ${secret}\n\n  Try: curl -X POST ${config.publicBaseUrl}/customers -H "Authorization: Bearer ${secret}" -H "Content-Type: application/json" -d '{"name":"Acme"}'\n\n  Integration settings (sign-in link, valid 10 minutes, once; the sign-in page prints a new one on request):\n\n    ${signIn}\n\n`,
    );
  }

  if (!config.metricsServed) {
    log.warn(
      'GET /metrics is off: production serves metrics only behind METRICS_TOKEN; set it to scrape them',
    );
  }
  const metrics = createMetrics(config.role);
  // The api role serves and only enqueues; the worker role runs the background work and serves only
  // health and metrics (docs/operations.md, "Roles").
  const background = config.role !== 'api';
  const inFlight = new InFlight();
  const app =
    config.role === 'worker'
      ? createWorkerApp({ config, store, log, metrics })
      : createApp({ config, store, log, keys, metrics, inFlight });
  const keeper = background
    ? createTokenKeeper({ config, store, log, keys, metrics }, config.tokenKeeper)
    : undefined;
  keeper?.start();
  const worker = background ? createEventsWorker({ config, store, log, keys, metrics }) : undefined;
  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    log.info({ port, role: config.role, public_base_url: config.publicBaseUrl }, 'adlink listening');
  });
  server.on('error', (err) => {
    log.fatal({ err }, 'could not listen');
    process.exit(1);
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.warn('in-flight requests did not finish within 10 s; closing anyway');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      // What the requests left running (audience members jobs), before the store closes under it.
      await inFlight.settled();
      await keeper?.stop();
      // Waits for the deliveries in flight; what is still queued stays in Redis for the next worker.
      await worker?.stop();
      await store.kv.close();
      dataFile?.close();
      log.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  // Before the worker starts, so a signal while its queue library loads still shuts down cleanly.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // After listening: the worker's queue library loads meanwhile; jobs added before it runs wait in Redis.
  await worker?.start();
}

main().catch((err) => {
  log.fatal({ err: err instanceof Error ? err.message : err }, 'adlink could not start');
  process.exit(1);
});

/**
 * Without Redis: the in-memory store, loaded from and kept in DATA_FILE when that is set, together
 * with the keys generated for it (so what it holds stays readable after a restart).
 */
function embeddedStore() {
  const memory = new MemoryKv();
  if (config.redis || !config.dataFile) return { memory, keys: loadKeyRing(config), dataFile: null };
  const saved = readDataFile(config.dataFile);
  if (saved) memory.load(saved.entries);
  const kept: DataFileKeys = {
    signing: config.signingKeys.length > 0 ? [] : (saved?.keys?.signing ?? [newSigningKeyEntry('dev')]),
    encryption:
      config.encryptionKeys.length > 0 ? [] : (saved?.keys?.encryption ?? [newEncryptionKeyEntry('dev')]),
  };
  const keys = loadKeyRing({
    ...config,
    signingKeys: config.signingKeys.length > 0 ? config.signingKeys : kept.signing,
    encryptionKeys: config.encryptionKeys.length > 0 ? config.encryptionKeys : kept.encryption,
  });
  const dataFile = new DataFileWriter(config.dataFile, memory, kept);
  dataFile.flush();
  return { memory, keys, dataFile };
}
