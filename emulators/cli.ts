import { parseArgs } from 'node:util';
import { EMULATORS } from './index.js';
import { DEFAULT_CLIENT, startEmulator } from './toolkit/emulator.js';

/** `npm run emulator -- <platform> [--port N] [--client-id ID] [--client-secret SECRET] [--token-ttl S]` */
const usage = `usage: npm run emulator -- <${Object.keys(EMULATORS).join('|')}> [--port N] [--client-id ID] [--client-secret SECRET] [--token-ttl SECONDS]`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'client-id': { type: 'string', default: DEFAULT_CLIENT.clientId },
      'client-secret': { type: 'string', default: DEFAULT_CLIENT.clientSecret },
      // No default: without the flag, the emulator's own lifetime applies (Snapchat's is 1800).
      'token-ttl': { type: 'string' },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  fail((err as Error).message);
}
const [platform, ...rest] = parsed.positionals;
if (!platform || rest.length > 0) fail('name one platform');
const definition = EMULATORS[platform];
if (!definition) fail(`no emulator for "${platform}"`);
const port = Number(parsed.values.port);
const ttlFlag = parsed.values['token-ttl'];
const ttl = ttlFlag === undefined ? undefined : Number(ttlFlag);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be from 0 to 65535');
if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 1)) {
  fail('--token-ttl must be a positive number of seconds');
}

const emulator = await startEmulator(definition, {
  port,
  host: parsed.values.host,
  clientId: parsed.values['client-id'],
  clientSecret: parsed.values['client-secret'],
  accessTokenTtl: ttl,
});
const env = platform.toUpperCase();
console.log(`${definition.name} emulator listening on ${emulator.url}

Point adlink at it:
  ${env}_BASE_URL=${emulator.url}
  ${env}_CLIENT_ID=${parsed.values['client-id']}
  ${env}_CLIENT_SECRET=${parsed.values['client-secret']}
Test controls: POST ${emulator.url}/_emulator/throttle {"count":N}, /_emulator/expire-tokens, /_emulator/revoke-tokens, /_emulator/seed (Microsoft also /_emulator/reports, see emulators/README.md)`);
const stop = () => emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
