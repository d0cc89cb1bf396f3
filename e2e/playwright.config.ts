import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Each test starts its own real server on a fresh copy of the fixtures; two cores leave room for one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: VIEWPORT,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
