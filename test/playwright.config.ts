import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium against the production build served exactly as
// `pnpm start` serves it, with the sandbox provider. globalSetup builds it once; each worker then
// serves it on a port of its own (E2E_PORT + the worker's index; e2e/fixtures.ts), away from a
// developer's app, so each worker has its own sandbox and the suite can run in parallel and in
// shards (`--shard i/n`).
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  // Tests, not files, are shared out, so one long file does not keep one worker busy while the
  // other idles, and shards are even. Every test starts from an empty sandbox, so none depends
  // on another having run.
  fullyParallel: true,
  // Fixed rather than Playwright's default (half the cores: 1 on the 2-core CI machine). Each
  // worker is a Chromium plus a server; `--workers N` overrides.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
  },
});
