import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { loadKeyRing } from '../src/crypto/keys.js';
import { randomToken } from '../src/ids.js';
import { createLogger } from '../src/logger.js';
import { TOKEN_FORMAT } from '../src/store/companies.js';
import { createStore, type Store } from '../src/store/index.js';
import type { Kv } from '../src/store/kv.js';
import { openKv, TEST_ENCRYPTION_KEYS, TEST_KEYRING, wipe } from './support/harness.js';
import { freePort } from './support/redis-server.js';

const BIN = fileURLToPath(new URL('../bin/adlink.js', import.meta.url));
const prefix = `test:${randomToken(9)}:`;
const redisUrl = inject('redisUrl');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `adlink ...args` as an operator would, with a clean environment plus `env` (undefined removes). */
function adlink(args: string[], env: Record<string, string | undefined> = {}): Promise<Result> {
  const full: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    ...env,
  };
  const clean = Object.fromEntries(Object.entries(full).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: clean, timeout: 15_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter(Boolean);

let kv: Kv;
let store: Store;
let http: ReturnType<typeof supertest>;

beforeAll(async () => {
  kv = await openKv('redis');
  store = createStore(kv, prefix, TEST_ENCRYPTION_KEYS);
  const config = parseConfig({ NODE_ENV: 'test', REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn' });
  http = supertest(createApp({ config, store, log: createLogger('silent'), keys: TEST_KEYRING }));
});

afterAll(async () => {
  await wipe(kv, prefix);
  await kv.close();
});

describe('adlink help', () => {
  it('lists every command with no arguments, help and --help', async () => {
    for (const args of [[], ['help'], ['--help']]) {
      const { code, stdout, stderr } = await adlink(args);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      for (const command of [
        'company create --name NAME',
        'company list',
        'token create --company ID',
        'token list --company ID',
        'token revoke TOKEN_ID',
        'keys generate',
        'help',
      ]) {
        expect(stdout).toContain(command);
      }
    }
  });

  it('shows one command with --help, and the list as JSON with --json', async () => {
    const one = await adlink(['company', 'create', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: adlink company create --name NAME \[--json\]/);
    expect(one.stdout).toContain('--name NAME');

    const asJson = await adlink(['help', '--json']);
    expect(asJson.code).toBe(0);
    const names = (JSON.parse(asJson.stdout) as { data: { command: string }[] }).data.map((c) => c.command);
    expect(names).toEqual([
      'company create',
      'company list',
      'token create',
      'token list',
      'token revoke',
      'settings get',
      'settings set',
      'login',
      'logout',
      'keys generate',
      'keys reencrypt',
      'mcp',
    ]);
  });
});

describe('adlink keys generate', () => {
  it('prints env lines that the configuration and the key ring accept', async () => {
    // No store and no configuration needed: it works even where the current keys are broken.
    const { code, stdout } = await adlink(['keys', 'generate'], {
      REDIS_URL: undefined,
      SIGNING_KEYS: 'broken',
    });
    expect(code).toBe(0);
    const out = lines(stdout);
    expect(out).toHaveLength(2);
    const env = Object.fromEntries(out.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(Object.keys(env)).toEqual(['SIGNING_KEYS', 'ENCRYPTION_KEYS']);
    expect(env.SIGNING_KEYS).toMatch(/^sig-[\w-]+:[A-Za-z0-9+/=]+$/);
    expect(env.ENCRYPTION_KEYS).toMatch(/^enc-[\w-]+:[A-Za-z0-9+/=]+$/);

    const config = parseConfig({
      NODE_ENV: 'production',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_BASE_URL: 'https://ads.example.com',
      ...env,
    });
    const ring = loadKeyRing(config);
    expect(ring.ephemeral).toBe(false);
    expect(ring.signing.map((k) => k.kid)).toEqual([env.SIGNING_KEYS!.split(':')[0]]);
    expect(ring.signing[0]!.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(ring.encryption[0]!.key).toHaveLength(32);
  });

  it('prints the same settings as JSON, fresh each time', async () => {
    const [a, b] = await Promise.all([
      adlink(['keys', 'generate', '--json']),
      adlink(['keys', 'generate', '--json']),
    ]);
    const first = JSON.parse(a!.stdout) as Record<string, string>;
    const second = JSON.parse(b!.stdout) as Record<string, string>;
    expect(Object.keys(first)).toEqual(['SIGNING_KEYS', 'ENCRYPTION_KEYS']);
    expect(loadKeyRing(parseConfig(first)).ephemeral).toBe(false);
    expect(first.SIGNING_KEYS).not.toBe(second.SIGNING_KEYS);
    expect(first.ENCRYPTION_KEYS).not.toBe(second.ENCRYPTION_KEYS);
  });
});

describe('adlink company and token commands', () => {
  const name = `Acme ${randomToken(6)}`;
  let companyId: string;
  let firstSecret: string;
  let secondSecret: string;
  let secondTokenId: string;

  it('company create prints the company and its token once', async () => {
    const { code, stdout, stderr } = await adlink(['company', 'create', '--name', `  ${name}  `]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`Created company "${name}"`);
    expect(stdout).toContain('shown once');
    companyId = /id:\s+([0-9a-f-]{36})/.exec(stdout)![1]!;
    firstSecret = /(adl_live_\S+)/.exec(stdout)![1]!;
    expect(firstSecret).toMatch(TOKEN_FORMAT);
    expect(await store.companies.get(companyId)).toMatchObject({ id: companyId, name });
    expect(await store.companies.authenticate(firstSecret)).toMatchObject({ company: companyId });
  });

  it('company create --json prints exactly the company and the token', async () => {
    const { code, stdout } = await adlink(['company', 'create', '--name', 'Json Co', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toEqual(['company', 'token']);
    expect(Object.keys(out.company)).toEqual(['id', 'name', 'created_at']);
    expect(out.company.name).toBe('Json Co');
    expect(out.token).toMatch(TOKEN_FORMAT);
    expect(await store.companies.get(out.company.id)).toEqual(out.company);
    expect(await store.companies.authenticate(out.token)).toMatchObject({ company: out.company.id });
  });

  it('company list shows the companies, as text and as JSON', async () => {
    const text = await adlink(['company', 'list']);
    expect(text.code).toBe(0);
    expect(lines(text.stdout)[0]).toMatch(/^ID\s+NAME\s+CREATED$/);
    expect(text.stdout).toMatch(new RegExp(`^${companyId}\\s+${name}\\s+\\d{4}-`, 'm'));
    expect(text.stdout).toContain('Json Co');

    const asJson = await adlink(['company', 'list', '--json']);
    expect(asJson.code).toBe(0);
    const { data } = JSON.parse(asJson.stdout) as { data: { id: string; name: string }[] };
    expect(data.map((c) => c.name)).toEqual([name, 'Json Co']);
    expect(data[0]).toEqual(await store.companies.get(companyId));
  });

  it('token create issues a second token', async () => {
    const asJson = await adlink(['token', 'create', '--company', companyId, '--json']);
    expect(asJson.code).toBe(0);
    const out = JSON.parse(asJson.stdout);
    expect(Object.keys(out)).toEqual(['token', 'secret']);
    expect(out.token).toMatchObject({ company: companyId, revoked_at: null, last_used_at: null });
    expect(out.token.id).toMatch(/^tok_/);
    expect(out.token).not.toHaveProperty('sha256');
    expect(out.secret).toMatch(TOKEN_FORMAT);
    expect(out.secret.startsWith(out.token.prefix)).toBe(true);
    secondSecret = out.secret;
    secondTokenId = out.token.id;

    const text = await adlink(['token', 'create', '--company', companyId]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Created a token for company "${name}"`);
    expect(text.stdout).toContain('shown once');
    expect(text.stdout).toMatch(/\n {2}adl_live_[A-Za-z0-9_-]{43}\n/);
  });

  it('the tokens authenticate against the HTTP API', async () => {
    for (const secret of [firstSecret, secondSecret]) {
      const res = await http.get('/customers').set('Authorization', `Bearer ${secret}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: [] });
    }
  });

  it('token list shows the tokens but never a secret', async () => {
    const text = await adlink(['token', 'list', '--company', companyId]);
    expect(text.code).toBe(0);
    expect(lines(text.stdout)[0]).toMatch(/^ID\s+PREFIX\s+CREATED\s+LAST USED\s+STATUS$/);
    expect(lines(text.stdout)).toHaveLength(4);
    expect(text.stdout).toMatch(
      new RegExp(`^${secondTokenId}\\s+${secondSecret.slice(0, 15)}…\\s+\\S+\\s+\\d{4}-\\S+\\s+active$`, 'm'),
    );

    const asJson = await adlink(['token', 'list', '--company', companyId, '--json']);
    expect(asJson.code).toBe(0);
    const { data } = JSON.parse(asJson.stdout) as { data: { id: string; last_used_at: string | null }[] };
    expect(data).toHaveLength(3);
    expect(data.find((t) => t.id === secondTokenId)?.last_used_at).toMatch(/^\d{4}-/);
    expect(data).toEqual(await store.companies.listTokens(companyId));

    for (const out of [text.stdout, asJson.stdout]) {
      expect(out).not.toContain(firstSecret);
      expect(out).not.toContain(secondSecret);
      expect(out).not.toMatch(/adl_live_[A-Za-z0-9_-]{43}/);
    }
  });

  it('token revoke stops the token at once, and only that one', async () => {
    const revoked = await adlink(['token', 'revoke', secondTokenId]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked: token ${secondTokenId} .*of company ${companyId}`));
    expect(revoked.stdout).not.toContain(secondSecret);

    const refused = await http.get('/customers').set('Authorization', `Bearer ${secondSecret}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_token');
    expect((await http.get('/customers').set('Authorization', `Bearer ${firstSecret}`)).status).toBe(200);

    const again = await adlink(['token', 'revoke', secondTokenId, '--json']);
    expect(again.code).toBe(0);
    const { token } = JSON.parse(again.stdout);
    expect(token).toMatchObject({ id: secondTokenId, company: companyId });
    expect(token.revoked_at).toMatch(/^\d{4}-/);

    const list = await adlink(['token', 'list', '--company', companyId]);
    expect(list.stdout).toMatch(new RegExp(`^${secondTokenId}\\s.*revoked \\d{4}-`, 'm'));
  });

  it('refuses unknown companies and tokens with exit 1', async () => {
    const unknownUuid = '00000000-0000-4000-8000-000000000000';
    const cases = [
      [['token', 'create', '--company', unknownUuid], `no company with id ${unknownUuid}`],
      [['token', 'list', '--company', 'not-an-id'], 'no company with id not-an-id'],
      [['token', 'list', '--company', unknownUuid, '--json'], `no company with id ${unknownUuid}`],
      [['token', 'revoke', 'tok_AAAAAAAAAAAAAAAAAAAAAA'], 'no token with id tok_AAAAAAAAAAAAAAAAAAAAAA'],
      [['token', 'revoke', 'nonsense'], 'no token with id nonsense'],
    ] as const;
    const results = await Promise.all(cases.map(([args]) => adlink([...args])));
    results.forEach((result, i) => {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `adlink: ${cases[i]![1]} (see: adlink ${i < 3 ? 'company list' : 'token list --company ID'})\n`,
      );
    });
    expect(await store.companies.listTokens(unknownUuid)).toEqual([]);
  });
});

describe('adlink usage and configuration errors', () => {
  it('rejects unknown flags, commands and missing arguments with exit 2', async () => {
    const cases = [
      [
        ['company', 'create', '--name', 'X', '--bogus'],
        "unknown option '--bogus'",
        'Usage: adlink company create',
      ],
      [['company', 'create'], 'missing --name NAME', 'Usage: adlink company create'],
      [['company', 'create', '--name', ' '], '--name must not be empty', 'Usage: adlink company create'],
      [['company', 'list', 'extra'], 'unexpected argument: extra', 'Usage: adlink company list'],
      [['token', 'revoke'], 'missing TOKEN_ID', 'Usage: adlink token revoke TOKEN_ID'],
      [['token', 'list'], 'missing --company ID', 'Usage: adlink token list'],
      [['company'], 'missing command after "company"', 'company create --name NAME'],
      [['frobnicate'], 'unknown command: frobnicate', 'adlink help'],
      [['--bogus'], 'unknown option --bogus (options go after the command)', 'adlink help'],
    ] as const;
    const results = await Promise.all(cases.map(([args]) => adlink([...args])));
    results.forEach((result, i) => {
      const [, message, hint] = cases[i]!;
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe(`adlink: ${message}`);
      expect(result.stderr).toContain(hint);
    });
    expect(await store.companies.list()).not.toContainEqual(expect.objectContaining({ name: 'X' }));
  });

  it('refuses store commands without REDIS_URL with exit 2', async () => {
    const results = await Promise.all(
      [
        ['company', 'list'],
        ['company', 'create', '--name', 'Nope'],
        ['token', 'revoke', 'tok_x'],
      ].map((args) => adlink(args, { REDIS_URL: undefined })),
    );
    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^adlink: REDIS_URL is not set\. .*embedded store.*same values as the server\.\n$/,
      );
    }
  });

  it('reports an unreachable Redis in one line with exit 1, promptly', async () => {
    const port = await freePort();
    const started = Date.now();
    const result = await adlink(['company', 'list'], { REDIS_URL: `redis://user:hunter2@127.0.0.1:${port}` });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `adlink: cannot reach Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  });

  it('reports an invalid configuration with exit 1', async () => {
    const result = await adlink(['company', 'list'], { REDIS_URL: 'http://not-redis' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('REDIS_URL');
  });
});

describe('adlink settings', () => {
  it('sets redirect URIs the connect links then accept, and shows them', async () => {
    const company = await store.companies.create('Settings Co');
    const { secret } = await store.companies.createToken(company.id);
    const set = await adlink([
      'settings',
      'set',
      '--company',
      company.id,
      '--redirect-uri',
      'https://vendor.example/return',
      '--redirect-uri',
      'http://localhost:4000/return',
      '--default',
      'https://vendor.example/return',
    ]);
    expect(set.code).toBe(0);
    const shown = await adlink(['settings', 'get', '--company', company.id, '--json']);
    expect(JSON.parse(shown.stdout)).toEqual({
      redirect_uris: ['https://vendor.example/return', 'http://localhost:4000/return'],
      default_redirect_uri: 'https://vendor.example/return',
    });
    const api = await http.get('/company/settings').set('Authorization', `Bearer ${secret}`);
    expect(api.body).toEqual(JSON.parse(shown.stdout));
  });

  it('refuses URIs the API would refuse, and repeated single options', async () => {
    const company = await store.companies.create('Strict Co');
    const insecure = await adlink([
      'settings',
      'set',
      '--company',
      company.id,
      '--redirect-uri',
      'http://vendor.example/cb',
    ]);
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain('must use https');
    const notListed = await adlink([
      'settings',
      'set',
      '--company',
      company.id,
      '--redirect-uri',
      'https://vendor.example/cb',
      '--default',
      'https://other.example/cb',
    ]);
    expect(notListed.code).toBe(1);
    expect(notListed.stderr).toContain('default_redirect_uri');
    const twice = await adlink(['settings', 'get', '--company', company.id, '--company', company.id]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--company given more than once');
    expect(await store.settings.get(company.id)).toEqual({ redirect_uris: [], default_redirect_uri: null });
  });
});
