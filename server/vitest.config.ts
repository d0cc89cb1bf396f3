import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // One throw-away PostgreSQL cluster for the whole run (when this machine has PostgreSQL).
    globalSetup: ['src/test-support/pg-global-setup.ts'],
  },
});
