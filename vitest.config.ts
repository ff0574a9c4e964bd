import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'clients/typescript/test/**/*.test.ts'],
    globalSetup: ['test/support/redis-server.ts'],
    testTimeout: 20_000,
    // Setup starts servers and browsers: on a loaded machine that takes a while, and must not fail a run.
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
