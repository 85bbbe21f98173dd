import { defineConfig } from '@playwright/test';

/** Debian's Chromium; never a downloaded browser. `.ci/run` may point CHROMIUM_PATH elsewhere. */
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A test's bound, not a wait, sized for a busy machine: there tests without test.slow() have run 55–84 s with their
  // accessibility audit. A hung test still fails, only later.
  timeout: 120_000,
  // How long a check waits for its state, sized for a busy machine: there the accessibility audit's axe reading,
  // which runs beside the test, has held the page's main thread for 13 s.
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
