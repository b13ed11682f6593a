import { defineConfig } from '@playwright/test'

/**
 * Real Chromium (Debian's, never a downloaded one) against the real daybase
 * binary that global-setup.ts starts. One worker: the machine is small and
 * the two-factor flow is a sequence.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  workers: 1,
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
