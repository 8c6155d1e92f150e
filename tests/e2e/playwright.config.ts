import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { alipayEnv } from '../../apps/server/test-support/providers/alipay-test-kit.ts';
import { wechatPayEnv } from '../../apps/server/test-support/providers/wechatpay-test-kit.ts';

// Workers inherit the environment, so every process agrees on one server and one data folder.
process.env.E2E_PORT ??= String(4300 + (process.pid % 600));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'turing-e2e-'));
const port = Number(process.env.E2E_PORT);
const root = path.resolve(import.meta.dirname, '../..');
// The payment providers' test doubles, on ports of their own beside the server's.
process.env.E2E_WECHATPAY_URL ??= `http://127.0.0.1:${port + 1000}`;
process.env.E2E_ALIPAY_URL ??= `http://127.0.0.1:${port + 2000}`;
const node = 'node_modules/.bin/node';
const double = (file: string, url: string) => ({
  command: `${node} apps/server/test-support/providers/${file} --port ${new URL(url).port}`,
  cwd: root,
  url: `${url}/_test/trades`,
  reuseExistingServer: false,
  timeout: 60_000,
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalTeardown: './support/no-unhandled-rejections.ts',
  // One folder per run, so two runs on one machine never delete each other's traces.
  outputDir: path.join(os.tmpdir(), `turing-e2e-results-${process.env.E2E_PORT}`),
  fullyParallel: true,
  // A journey mostly waits (the progress bar takes about 0.8 s to leave after each navigation;
  // animations; the generation pace) and uses a fraction of a core, so two workers per core keep
  // the cores busy. The cap keeps the one server process from becoming the bottleneck.
  workers: Math.min(8, 2 * os.availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A deadline for what a page shows, not a timing: the journeys share the cores with the API tests.
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // The app honours the system's "reduce motion": menus and dialogs open at once, so a journey
    // neither waits for animations nor clicks an item that is still sliding in.
    reducedMotion: 'reduce',
    // Recording a trace costs every test CPU time; in CI a failing test runs again with one. The
    // trace keeps the page's DOM at each step but not a screencast: the screencast made the
    // browsers' compositing run all the time, about 60 % more CPU for the journeys (and as much
    // longer) than without it. A failure's own screenshot is taken once, at the failure.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (scripts/test.sh picks it when installed), else the full browser.
      executablePath:
        process.env.CHROMIUM_PATH ??
        ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((exe) => fs.existsSync(exe)),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    double('fake-wechatpay.ts', process.env.E2E_WECHATPAY_URL),
    double('fake-alipay.ts', process.env.E2E_ALIPAY_URL),
    {
      command: `${node} apps/server/src/main.ts`,
      cwd: root,
      url: `http://127.0.0.1:${port}/turing/health`,
      reuseExistingServer: false,
      // It starts while the API tests run beside the journeys (scripts/test.sh).
      timeout: 120_000,
      // The server's warnings and errors (LOG_LEVEL=warn, on stdout) show in the run's output, so an
      // error behind a failing journey is visible; a crash (an unhandled rejection ends the process)
      // fails every journey after it.
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The journeys' API sign-ups say which address each user comes from (see support/session.ts).
        TRUST_PROXY: '127.0.0.1',
        // Slow enough that the studio shows queued and generating cards, fast enough for a journey.
        PREVIEW_PACE_MS: '800',
        // A journey waits for its drawings: at nice 10 the API tests running beside it would starve them.
        PREVIEW_NICE: '0',
        // Journeys run side by side and each waits for its own tasks: enough workers that a task
        // starts at once instead of queueing behind another journey's (the pace is a timer, not CPU).
        WORKER_CONCURRENCY: '8',
        // Stability AI "set up" with a key and an address nothing answers: the studio offers its models
        // (their limits show) while no journey reaches a provider; FLUX and Wan stay not set up.
        STABILITY_API_KEY: 'sk-e2e-not-a-key',
        STABILITY_BASE_URL: 'http://127.0.0.1:9',
        // The address the browser uses: a provider sends the buyer back to it, with the session cookie.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // WeChat Pay and Alipay against their test doubles; the dev provider stays for the other journeys.
        ...wechatPayEnv(process.env.E2E_WECHATPAY_URL),
        ...alipayEnv(process.env.E2E_ALIPAY_URL),
        PAYMENTS_DEV: 'true',
        // Operators pass an authenticator code before the console opens, as in production.
        OPERATOR_TOTP: 'required',
        // The webhooks journey's receiver listens on this machine.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
