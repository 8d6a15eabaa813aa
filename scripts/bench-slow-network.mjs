#!/usr/bin/env node
// `pnpm bench:slow-network`: what /login's first Continue costs on a slow network (issue 16 §14).
//
// It builds the app (unless --no-build), serves it as `pnpm start` does (vite preview, sandbox),
// and opens /login in headless Chromium with every script (`/assets/*.js`) answered --delay ms
// late (1 s by default): each round trip for a chunk costs a second, so chunks fetched one after
// another show as seconds. The visitor waits until the page has hydrated and the network is
// quiet (what the page fetches while idle has arrived), types an address and presses Continue.
// Three addresses, each its own cold browser:
//
//   passwordless  a user without a password: the link is sent at once → 'Check your email'
//   new           an address nobody has: the create-account chooser → 'Create an account'
//   password      a user with a password → 'Log In' (the password screen)
//
// Printed per case: the median time from the press to the screen's heading, and the scripts
// fetched after the press, in waves (a wave starts when a script is asked for after the previous
// wave's first answer arrived: it could only be found then). --trace lists every request.
// --early presses Continue as soon as the page is interactive instead (an impatient visitor:
// what is still on its way then is waited for). Timings are printed, never asserted.
//
//   node scripts/bench-slow-network.mjs [--runs N] [--delay MS] [--port P] [--early] [--no-build] [--trace]
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// playwright-core's `chromium`, re-exported by @playwright/test (as in scripts/bench.mjs).
import { chromium } from '@playwright/test';
import { groupAlive, startPreviewServer, stopPreviewServer } from './lib/preview-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SCRIPT = /\/assets\/[^/]+\.js$/;
const QUIET_MS = 1_500;
const CASES = [
  { name: 'passwordless', heading: 'Check your email', user: { password: undefined } },
  { name: 'new', heading: 'Create an account', user: null },
  { name: 'password', heading: 'Log In', user: { password: 'correct horse battery staple' } },
];

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      delay: { type: 'string' },
      port: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      early: { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs ?? 3);
  const delay = Number(values.delay ?? 1_000);
  // Away from 5173 (pnpm start), 5190–5191 (pnpm bench) and 5199 (the e2e suite).
  const port = Number(values.port ?? 5195);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  if (!Number.isInteger(delay) || delay < 0) throw new Error(`--delay must be a whole number of ms, got ${values.delay}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, got ${values.port}`);
  return { runs, delay, port, origin: `http://localhost:${port}`, build: !values['no-build'], trace: values.trace, early: values.early };
}

/** Resolves once no script has been in flight for `quietMs` (or after `maxMs`). */
async function networkQuiet(inFlight, quietMs, maxMs) {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await sleep(50);
  }
}

/** Groups scripts into waves: one asked for after an earlier wave's first answer starts a new wave. */
function waves(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const result = [];
  for (const request of sorted) {
    const last = result[result.length - 1];
    const firstAnswer = last === undefined ? Infinity : Math.min(...last.map((entry) => entry.end ?? Infinity));
    if (last === undefined || request.start > firstAnswer) result.push([request]);
    else last.push(request);
  }
  return result;
}

async function sample(browser, options, testCase, index) {
  const context = await browser.newContext({ baseURL: options.origin });
  const page = await context.newPage();
  try {
    const email = `slow.${testCase.name}.${index}.${Date.now()}@example.com`;
    await page.request.post('/__sandbox/api/reset', { data: {} });
    if (testCase.user !== null) await page.request.post('/__sandbox/api/users', { data: { email, ...testCase.user } });
    const log = [];
    const inFlight = new Set();
    await page.route(SCRIPT, async (route) => {
      await sleep(options.delay);
      await route.continue().catch(() => undefined);
    });
    const t0 = Date.now();
    page.on('request', (request) => {
      const entry = { path: new URL(request.url()).pathname, start: Date.now() - t0, end: null };
      log.push(entry);
      // Only scripts count for "quiet": the telemetry beacon and the SDK's own calls may stay open.
      if (SCRIPT.test(entry.path)) inFlight.add(request);
      const done = () => {
        entry.end = Date.now() - t0;
        inFlight.delete(request);
      };
      request.response().then(async (response) => {
        await response?.finished().catch(() => undefined);
        done();
      }, done);
    });
    await page.goto('/login');
    await page.locator('html[data-interactive]').waitFor({ timeout: 60_000 });
    if (!options.early) await networkQuiet(inFlight, QUIET_MS, 60_000);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const pressed = Date.now() - t0;
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: testCase.heading, exact: true }).waitFor({ timeout: 120_000 });
    const shown = Date.now() - t0;
    const after = log.filter((entry) => entry.start >= pressed);
    const scripts = after.filter((entry) => SCRIPT.test(entry.path));
    if (options.trace) {
      console.log(`  ${testCase.name} #${index + 1}: pressed at ${pressed} ms`);
      for (const entry of log) console.log(`    ${String(entry.start - pressed).padStart(6)} → ${String((entry.end ?? NaN) - pressed).padStart(6)} ms  ${entry.path}`);
    }
    return { ms: shown - pressed, scripts: scripts.length, waves: waves(scripts).length, requests: after.length };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

let activeServer = null;
let activeBrowser = null;
async function cleanUp() {
  await activeBrowser?.close().catch(() => undefined);
  await stopPreviewServer(activeServer);
  activeServer = null;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
process.once('exit', () => {
  if (activeServer && groupAlive(activeServer.pid)) process.kill(-activeServer.pid, 'SIGKILL');
});

async function main() {
  const options = readOptions();
  if (options.build) {
    console.log('Building @vestibule/app …');
    execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
  }
  console.log(`Serving the build on ${options.origin} (vite preview) …`);
  await startPreviewServer({ ...options, onSpawn: (server) => (activeServer = server) });
  activeBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const when = options.early ? 'as soon as the page is interactive' : 'once the network is quiet';
  console.log(`Chromium ${activeBrowser.version()}, every script ${options.delay} ms late, Continue pressed ${when}, ${options.runs} cold samples per case`);
  console.log('case          Continue → screen (median)   scripts after the press   waves');
  for (const testCase of CASES) {
    const samples = [];
    // A fresh context per sample: cold HTTP cache, nothing fetched by an earlier sample.
    for (let index = 0; index < options.runs; index += 1) samples.push(await sample(activeBrowser, options, testCase, index));
    const ms = median(samples.map((entry) => entry.ms));
    console.log(
      `${testCase.name.padEnd(14)}${`${(ms / 1000).toFixed(2)} s → '${testCase.heading}'`.padEnd(31)}${String(median(samples.map((entry) => entry.scripts))).padEnd(26)}${median(samples.map((entry) => entry.waves))}`,
    );
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
