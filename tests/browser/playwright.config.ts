import { defineConfig } from '@playwright/test'

/**
 * Real Chromium (Debian's, never a downloaded one) against the real daybase
 * binary that global-setup.ts starts once for all specs. Two workers (the
 * machine has two cores): spec files run side by side, tests inside a file
 * in order; the two-factor file is serial because one account goes through
 * the whole flow.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
