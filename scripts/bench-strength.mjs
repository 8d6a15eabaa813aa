#!/usr/bin/env node
// `pnpm bench:strength`: keystroke → strength-meter latency in the real product page.
//
// It builds the app, serves it as `pnpm start` does (vite preview, sandbox), sets the sandbox's
// password policy to zxcvbn (its default, LUDS, shows the LUDS checks and estimates nothing on
// the device), opens /login in headless Chromium, enters a fresh address (the sandbox answers
// `new`), and on the password
// creation screen types each of the 20 passwords of shared/research/strength-bench-passwords.json
// key by key. In the page it records `performance.now()` of every `input` event on the field
// (a capture listener, with the value's length) and, through a PerformanceObserver, every
// `vestibule:strength-meter` mark, which the meter sets each time it renders a device estimate
// (`detail.length` = length of the password scored). Each input is paired with the first mark
// of the same length after it; an input with no such mark was superseded by the next key
// before its estimate rendered and is counted as "skipped".
//
// Baseline, in the same page and the same key pipeline: zxcvbn with NO worker and NO cap.
// The bench loads zxcvbn's own browser build from a same-origin URL (served by Playwright, so
// the page's CSP holds), and a capture listener on the window scores every input on the main
// thread, uncapped, writes the score into the page and sets `bench:baseline-meter`. That
// listener stops the event, so the product's own estimator does not run meanwhile. The
// baseline's mark is set right after scoring, before any paint, while the product's mark is set
// after React has rendered the meter: the comparison favours the baseline.
//
// Keys are typed with Playwright, which waits until the page has handled each key, then the
// bench waits --interval ms: a key that blocks the main thread delays the next one instead of
// queueing behind it, so the main thread's cost shows as latency and in the long-task column.
// Timings are printed, never asserted.
//
//   node scripts/bench-strength.mjs [--runs N] [--rates 1,4] [--interval MS] [--port P] [--quick]
//                                   [--no-build] [--no-baseline] [--passwords FILE]
//
// Defaults: 2 passes per mode at 1× and 4× CPU, 80 ms between keys (about 12 minutes, most of
// it the baseline's blocked main thread at 4×); --quick is 1 pass at 1× (about 3 minutes).
//
// Raw samples go to reports/bench-strength.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// playwright-core's `chromium`, re-exported by @playwright/test (the root's direct dependency,
// as in scripts/bench.mjs; pnpm does not hoist playwright-core itself).
import { chromium } from '@playwright/test';
import { APP_DIST } from './lib/bundle-size.mjs';
import { groupAlive, startPreviewServer, stopPreviewServer } from './lib/preview-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// shared/ sits beside the repository (on a developer's machine and in CI).
const PASSWORDS_FILE = join(ROOT, '../shared/research/strength-bench-passwords.json');
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const METER_MARK = 'vestibule:strength-meter';
const BASELINE_MARK = 'bench:baseline-meter';
const INTERACTIVE_MARK = 'vestibule:interactive';
const ZXCVBN_URL_PATH = '/__bench/zxcvbn.js';
const SCORE_PASSWORD_SOURCE = join(ROOT, 'adapters/src/password-strength/score-password.ts');
const MS = { page: 15_000, screen: 15_000, lastEstimate: 20_000, settle: 700 };

// ── options ──────────────────────────────────────────────────────────────────────────────────

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      rates: { type: 'string' },
      interval: { type: 'string' },
      port: { type: 'string' },
      passwords: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      'no-baseline': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs ?? (values.quick ? 1 : 2));
  const rates = (values.rates ?? (values.quick ? '1' : '1,4')).split(',').map(Number);
  const interval = Number(values.interval ?? 80);
  // Away from 5173 (pnpm start), 5190–5191 (pnpm bench) and 5199 (the e2e suite).
  const port = Number(values.port ?? 5192);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  if (rates.some((rate) => !Number.isFinite(rate) || rate < 1)) throw new Error(`--rates must be CPU slow-down factors ≥ 1, e.g. 1,4; got ${values.rates}`);
  if (!Number.isFinite(interval) || interval < 0) throw new Error(`--interval must be a number of ms ≥ 0, got ${values.interval}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, got ${values.port}`);
  const passwordsFile = values.passwords ?? PASSWORDS_FILE;
  const passwords = JSON.parse(readFileSync(passwordsFile, 'utf8'));
  if (!Array.isArray(passwords) || passwords.some((password) => typeof password !== 'string' || password === '')) throw new Error(`${passwordsFile} must be a JSON array of non-empty strings`);
  return { runs, rates, interval, port, origin: `http://localhost:${port}`, build: !values['no-build'], baseline: !values['no-baseline'], passwords, passwordsFile };
}

// ── build, bundle check and server ───────────────────────────────────────────────────────────

function build() {
  console.log('Building @vestibule/app …');
  execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
}

/**
 * Where zxcvbn ended up in the build, from the source maps: the worker file should be the only
 * JS file with zxcvbn's sources. Informational; the size budget (pnpm test) enforces first loads.
 */
function zxcvbnPlacement() {
  const assets = join(APP_DIST, 'assets');
  const holders = [];
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(readFileSync(join(assets, file), 'utf8'));
    if (sources.some((source) => /node_modules\/(\.pnpm\/zxcvbn@[^/]+\/node_modules\/)?zxcvbn\//.test(source))) holders.push(file.replace(/\.map$/, ''));
  }
  return { holders, worker: holders.find((file) => file.startsWith('zxcvbn.worker')) ?? null, others: holders.filter((file) => !file.startsWith('zxcvbn.worker')) };
}

/** The device estimate runs only under the zxcvbn policy (sandbox control API, same-origin JSON). */
async function useZxcvbnPolicy(origin) {
  const response = await fetch(`${origin}/__sandbox/api/project`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password_policy: { strength_policy: 'zxcvbn' } }),
  });
  if (!response.ok) throw new Error(`the sandbox refused the zxcvbn password policy: ${response.status} ${await response.text()}`);
}

// ── the in-page probe ────────────────────────────────────────────────────────────────────────

/**
 * Installed before any page script (addInitScript). Records, for the field node sets in
 * `probe.field`, every input event's time and value length (capture phase on the window, so it
 * runs before the page's own listeners), the meter marks, and long tasks.
 */
function installProbe({ markNames }) {
  const probe = { field: null, inputs: [], marks: [], longTasks: [] };
  window.__strengthBench = probe;
  window.addEventListener(
    'input',
    (event) => {
      if (probe.field !== null && event.target === probe.field) probe.inputs.push({ t: performance.now(), length: probe.field.value.length });
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const mark of list.getEntries()) {
      if (markNames.includes(mark.name)) probe.marks.push({ name: mark.name, t: mark.startTime, length: mark.detail?.length ?? null });
    }
  }).observe({ type: 'mark' });
  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => list.getEntries().forEach((task) => probe.longTasks.push({ t: task.startTime, duration: task.duration }))).observe({ type: 'longtask' });
  }
}

/** The main-thread meter of the baseline: plain zxcvbn, no worker, no cap. Runs in the page. */
function installBaseline({ markName, email }) {
  const probe = window.__strengthBench;
  const zxcvbn = window.zxcvbn;
  if (typeof zxcvbn !== 'function') throw new Error('zxcvbn did not load in the page');
  const meter = document.createElement('output');
  meter.setAttribute('data-bench-baseline', '');
  probe.field.after(meter);
  window.addEventListener(
    'input',
    (event) => {
      if (event.target !== probe.field) return;
      // The product's listeners do not see the key: only this meter runs.
      event.stopImmediatePropagation();
      const { value } = probe.field;
      if (value === '') return;
      const { score } = zxcvbn(value, [email]);
      meter.value = String(score);
      performance.mark(markName, { detail: { length: value.length } });
    },
    true,
  );
}

// ── one page ─────────────────────────────────────────────────────────────────────────────────

/** Opens /login, submits a fresh address and returns the password field once the creation screen shows it. */
async function openPasswordScreen(page, origin) {
  const email = `bench-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await page.goto(`${origin}/login`);
  // /login is pre-rendered: typing before hydration would post the form instead.
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, INTERACTIVE_MARK, { timeout: MS.page });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const field = page.getByLabel('Password', { exact: true });
  await field.waitFor({ state: 'visible', timeout: MS.screen });
  await field.evaluate((element) => (window.__strengthBench.field = element));
  return { email, field };
}

const takeProbe = (page) =>
  page.evaluate(() => {
    const probe = window.__strengthBench;
    const taken = { inputs: probe.inputs, marks: probe.marks, longTasks: probe.longTasks };
    probe.inputs = [];
    probe.marks = [];
    probe.longTasks = [];
    return taken;
  });

/** Resolves once a mark `name` of `length` has been recorded (or after `ms`: then false). */
const waitForMark = (page, name, length, ms) =>
  page
    .waitForFunction(({ name, length }) => window.__strengthBench.marks.some((mark) => mark.name === name && mark.length === length), { name, length }, { timeout: ms })
    .then(() => true, () => false);

/** Types `password` key by key, then waits for the estimate of the whole value. Returns what the probe saw. */
async function typePassword(page, field, password, markName, interval) {
  await field.fill('');
  await sleep(MS.settle); // the provider's check of the previous value (500 ms debounce) comes and goes
  await takeProbe(page);
  for (const key of password) {
    await page.keyboard.type(key);
    if (interval > 0) await sleep(interval);
  }
  const complete = await waitForMark(page, markName, password.length, MS.lastEstimate);
  return { ...(await takeProbe(page)), complete };
}

/** Pairs each non-empty input with the first mark of the same length at or after it: latencies in ms, null when none. */
function pair(inputs, marks, markName) {
  const own = marks.filter((mark) => mark.name === markName);
  return inputs
    .filter((input) => input.length > 0)
    .map((input) => {
      const mark = own.find((candidate) => candidate.length === input.length && candidate.t >= input.t);
      return { length: input.length, ms: mark ? mark.t - input.t : null };
    });
}

/** One pass over every password in one page: the product's worker meter or the main-thread baseline. */
async function measurePass(browser, options, rate, mode) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  activeContext = context;
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const markName = mode === 'product' ? METER_MARK : BASELINE_MARK;
    await page.addInitScript(installProbe, { markNames: [METER_MARK, BASELINE_MARK] });
    if (mode === 'baseline') await page.route(`${options.origin}${ZXCVBN_URL_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: zxcvbnBrowserBuild() }));
    const { email, field } = await openPasswordScreen(page, options.origin);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });

    let firstEstimateMs = null;
    if (mode === 'product') {
      // The first estimate waits for the worker (zxcvbn's 0.8 MB) to load: timed once, apart.
      await field.click();
      await takeProbe(page);
      await page.keyboard.type('x');
      await waitForMark(page, METER_MARK, 1, MS.lastEstimate);
      const warm = await takeProbe(page);
      firstEstimateMs = pair(warm.inputs, warm.marks, METER_MARK)[0]?.ms ?? null;
    } else {
      await page.addScriptTag({ url: ZXCVBN_URL_PATH });
      await page.evaluate(installBaseline, { markName, email });
      await field.click();
    }

    const results = [];
    for (const [index, password] of options.passwords.entries()) {
      const seen = await typePassword(page, field, password, markName, options.interval);
      const pairs = pair(seen.inputs, seen.marks, markName);
      results.push({
        index: index + 1,
        length: password.length,
        complete: seen.complete,
        latencies: pairs.map((entry) => entry.ms),
        skipped: pairs.filter((entry) => entry.ms === null).map((entry) => entry.length),
        longTasks: seen.longTasks,
      });
    }
    return { mode, rate, firstEstimateMs, results };
  } finally {
    activeContext = null;
    await context.close().catch(() => {});
  }
}

/** The adapter's length cap, read from its source (for the table's legend). */
function scoredLength() {
  try {
    return /export const MAX_SCORED_LENGTH = (\d+)/.exec(readFileSync(SCORE_PASSWORD_SOURCE, 'utf8'))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

let zxcvbnSource = null;
/** zxcvbn's own browser build (UMD, defines `window.zxcvbn`), from the adapters package's dependency. */
function zxcvbnBrowserBuild() {
  zxcvbnSource ??= readFileSync(createRequire(join(ROOT, 'adapters/package.json')).resolve('zxcvbn/dist/zxcvbn.js'), 'utf8');
  return zxcvbnSource;
}

// ── statistics and report ────────────────────────────────────────────────────────────────────

/** Nearest-rank percentile of the numbers in `values` (nulls ignored), or null. */
function percentile(values, p) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Per password, over every pass of a mode at a rate: latencies (ms), skipped keys, long tasks. */
function summarize(passes, passwords) {
  return passwords.map((password, index) => {
    const rows = passes.map((pass) => pass.results[index]);
    const latencies = rows.flatMap((row) => row.latencies);
    const longTasks = rows.flatMap((row) => row.longTasks);
    return {
      index: index + 1,
      length: password.length,
      n: latencies.filter((ms) => ms !== null).length,
      skipped: latencies.filter((ms) => ms === null).length,
      incomplete: rows.filter((row) => !row.complete).length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: percentile(latencies, 100),
      longTaskMax: longTasks.reduce((max, task) => Math.max(max, task.duration), 0),
      blockingMs: longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0) / Math.max(1, rows.length),
    };
  });
}

const ms = (value) => (value === null || value === undefined ? '–' : value < 10 ? value.toFixed(1) : Math.round(value).toString());

function printTable(rate, interval, product, baseline) {
  const rows = summarize(product.passes, product.passwords);
  const base = baseline ? summarize(baseline.passes, baseline.passwords) : null;
  const firsts = product.passes.map((pass) => pass.firstEstimateMs);
  console.log(`\nKeystroke → meter update, ms — Chromium at ${rate}× CPU, ${interval} ms between keys, ${product.passes.length} pass(es) per mode`);
  console.log(`First estimate on the screen (loads the worker): ${firsts.map(ms).join(', ')} ms`);
  const head = ['#', 'len', '│', 'worker+cap p50', 'p95', 'max', 'skip', 'long task', '│', 'main thread, no cap p50', 'p95', 'max', 'skip', 'long task'];
  const widths = [3, 4, 1, 14, 6, 6, 5, 9, 1, 23, 6, 6, 5, 9];
  const line = (cells) => cells.map((cell, i) => String(cell).padStart(widths[i])).join(' ');
  console.log(line(base ? head : head.slice(0, 8)));
  rows.forEach((row, i) => {
    const cells = [row.index, row.length, '│', ms(row.p50), ms(row.p95), ms(row.max), row.skipped + (row.incomplete ? '!' : ''), row.longTaskMax ? ms(row.longTaskMax) : '–'];
    const b = base?.[i];
    if (b) cells.push('│', ms(b.p50), ms(b.p95), ms(b.max), b.skipped + (b.incomplete ? '!' : ''), b.longTaskMax ? ms(b.longTaskMax) : '–');
    console.log(line(cells));
  });
  const all = (passes) => passes.flatMap((pass) => pass.results.flatMap((result) => result.latencies));
  const overall = (passes) => {
    const values = all(passes);
    return `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(percentile(values, 100))} ms over ${values.filter((v) => v !== null).length} keys`;
  };
  const blocking = (passes) => Math.round(passes.reduce((sum, pass) => sum + pass.results.reduce((s, r) => s + r.longTasks.reduce((t, task) => t + Math.max(0, task.duration - 50), 0), 0), 0) / passes.length);
  console.log(`overall, worker + cap ${scoredLength()}: ${overall(product.passes)}; main-thread blocking (long tasks − 50 ms) per pass: ${blocking(product.passes)} ms`);
  if (baseline) console.log(`overall, main thread, no cap: ${overall(baseline.passes)}; main-thread blocking per pass: ${blocking(baseline.passes)} ms`);
  console.log('skip = keys whose own estimate never rendered (superseded by the next key); "!" = the last key\'s estimate never came');
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

let activeServer = null;
let activeBrowser = null;
let activeContext = null;

async function cleanUp() {
  await activeContext?.close().catch(() => {});
  await activeBrowser?.close().catch(() => {});
  activeBrowser = null;
  await stopPreviewServer(activeServer);
  activeServer = null;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the browser and the server`);
    cleanUp().finally(() => process.exit(130));
  });
}
process.once('exit', () => {
  if (activeServer && groupAlive(activeServer.pid)) process.kill(-activeServer.pid, 'SIGKILL');
});

async function main() {
  const options = readOptions();
  if (options.build) build();
  if (!existsSync(join(APP_DIST, 'assets'))) throw new Error('app/dist has no build: run without --no-build');
  const placement = zxcvbnPlacement();
  console.log(
    placement.worker
      ? `zxcvbn is in ${placement.worker}${placement.others.length ? `, and ALSO in ${placement.others.join(', ')}` : ' only'}`
      : `zxcvbn is in no worker file of the build${placement.others.length ? ` (but in ${placement.others.join(', ')})` : ''}: is the estimator wired into the app?`,
  );
  console.log(`Serving the build on ${options.origin} (vite preview) …`);
  await startPreviewServer({ ...options, onSpawn: (server) => (activeServer = server) });
  await useZxcvbnPolicy(options.origin);

  const report = { date: new Date().toISOString(), node: process.version, options: { ...options, passwords: undefined }, placement, rates: [] };
  try {
    for (const rate of options.rates) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      activeBrowser = browser;
      report.chromium = browser.version();
      const product = { passwords: options.passwords, passes: [] };
      const baseline = options.baseline ? { passwords: options.passwords, passes: [] } : null;
      try {
        for (let run = 1; run <= options.runs; run++) {
          process.stdout.write(`  ${rate}× pass ${run}/${options.runs}: worker meter … `);
          product.passes.push(await measurePass(browser, options, rate, 'product'));
          if (baseline) {
            process.stdout.write('main-thread baseline … ');
            baseline.passes.push(await measurePass(browser, options, rate, 'baseline'));
          }
          console.log('done');
        }
      } finally {
        activeBrowser = null;
        await browser.close().catch(() => {});
      }
      printTable(rate, options.interval, product, baseline);
      report.rates.push({ rate, product: product.passes, baseline: baseline?.passes ?? null });
    }
  } finally {
    await cleanUp();
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports/bench-strength.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nRaw samples: reports/bench-strength.json');
}

main().catch(async (error) => {
  console.error(`\nbench:strength failed: ${error?.message ?? error}`);
  await cleanUp();
  process.exit(1);
});
