#!/usr/bin/env node
// `pnpm bench`: how fast /login shows and becomes usable on a first visit, next to the peer
// widgets measured in research/performance.md. Same methodology as that harness (its code is
// not reused): a production build, a fresh Chromium per sample (cold HTTP and V8 caches),
// 1280×800, samples at 1× and 4× CPU throttling interleaved so machine drift hits both alike,
// and an in-page probe installed before any page script. Timings are printed, never asserted:
// on a shared VM they wander ±20–30 % between runs, so the exit code only reports whether the
// build and the server worked.
//
//   node scripts/bench.mjs [--runs N] [--port P] [--quick]
//
// Raw samples go to reports/bench.json.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { APP_DIST, bundleSize, fileSize, kB } from './lib/bundle-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const THROTTLE_RATES = [1, 4];
const CHROMIUM_PATH = '/usr/bin/chromium';
// The peer harness's flags: nothing in the background competes with the page or talks to the network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const EMAIL_INPUT = 'input[type=email]';
const INTERACTIVE_MARK = 'vestibule:interactive';
const PROVIDER_PATH = '/__sandbox/stytch/';
const MS = { serverStart: 60_000, render: 15_000, heapDelay: 1_000, providerWait: 8_000 };

// Peer figures from /work/shared/research/performance.md (§1 "Bundle cost", §2 "Offline" table:
// median of 10 cold launches; heap is MB 1 s after render, before / after a forced GC).
// Offline mode is the one the brief compares against; in the mocked-API mode Stytch was 204 / 808 ms.
const PEERS = [
  { name: 'Stytch <stytch-ui>', gzipKB: 81.6, visible1x: 192, visible4x: 651, heapMB: 3.0, heapAfterGcMB: 2.3 },
  { name: '@stytch/react', gzipKB: 139.1, visible1x: 241, visible4x: 770, heapMB: 3.5, heapAfterGcMB: 2.7 },
  { name: 'Supabase Auth UI', gzipKB: 142.4, visible1x: 205, visible4x: 607, heapMB: 3.2, heapAfterGcMB: 2.5 },
  { name: 'our deps eager (stack-floor)', gzipKB: 261.4, visible1x: 274, visible4x: 861, heapMB: 4.7, heapAfterGcMB: 3.8 },
];
const STYTCH = PEERS[0];

// ── options ──────────────────────────────────────────────────────────────────────────────────

function readOptions() {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, port: { type: 'string' }, quick: { type: 'boolean', default: false } },
  });
  const runs = Number(values.runs ?? (values.quick ? 2 : 10));
  const port = Number(values.port ?? 5198);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, got ${values.port}`);
  return { runs, port, origin: `http://localhost:${port}` };
}

// ── build and server ─────────────────────────────────────────────────────────────────────────

function build() {
  console.log('Building @vestibule/app …');
  execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

// The harness floor: a bare HTML page with only an e-mail input, no CSS and no script, served by
// the same server and measured the same way. Nothing can show an input faster on this machine
// at this moment, so it tells how much of "visible" is the page's and how much the harness's.
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><input type="email" aria-label="Email"></body></html>';
const writeFloorPage = () => writeFileSync(join(APP_DIST, FLOOR_FILE), FLOOR_HTML);
const removeFloorPage = () => rmSync(join(APP_DIST, FLOOR_FILE), { force: true });

/** GET status of a URL, or null when nothing answers. */
async function statusOf(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

/**
 * Starts `vite preview` the way `pnpm start` serves the build, in its own process group so that
 * pnpm, its shell and vite can be stopped together. Resolves once /login answers 200.
 */
async function startServer({ port, origin }) {
  // Another server on the port would be measured instead of this build: refuse rather than guess.
  if ((await statusOf(`${origin}/login`)) !== null) throw new Error(`something already answers on ${origin}`);

  const child = spawn('pnpm', ['--filter', '@vestibule/app', 'serve'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of its output for the error message; reading also keeps the pipes from filling.
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const server = { pid: child.pid, child, output: () => output };
  activeServer = server;

  const deadline = Date.now() + MS.serverStart;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the preview server exited before serving /login:\n${output}`);
    if ((await statusOf(`${origin}/login`)) === 200) return server;
    await sleep(200);
  }
  throw new Error(`GET ${origin}/login did not answer 200 within ${MS.serverStart / 1000} s:\n${output}`);
}

/** True while any process of the group still exists (signal 0 only checks). */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopServer(server) {
  if (!server || !groupAlive(server.pid)) return;
  process.kill(-server.pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && groupAlive(server.pid); waited += 100) await sleep(100);
  if (groupAlive(server.pid)) process.kill(-server.pid, 'SIGKILL');
}

// ── the in-page probe ────────────────────────────────────────────────────────────────────────

/**
 * Runs in the page before any page script (page.addInitScript), so it sees the whole load.
 * Times are performance.now(), i.e. ms since navigation start. Node waits on the `when*`
 * promises instead of polling, so the probe adds no work to the page while it loads.
 */
function installProbe({ selector, markName, providerPath }) {
  const probe = { inDom: null, visible: null, interactive: null, provider: null, longTasks: [], resources: [] };
  const settle = {};
  for (const key of ['visible', 'interactive', 'provider']) {
    probe[`when${key[0].toUpperCase()}${key.slice(1)}`] = new Promise((resolve) => (settle[key] = resolve));
  }
  const record = (key, value) => {
    if (probe[key] !== null) return;
    probe[key] = value;
    settle[key](value);
  };
  window.__vestibuleBench = probe;

  const observe = (type, onEntry) => {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  };
  observe('longtask', (task) => probe.longTasks.push({ startTime: task.startTime, duration: task.duration }));
  // Same as polling getEntriesByName(markName), but without timers in the page.
  observe('mark', (mark) => {
    if (mark.name === markName) record('interactive', mark.startTime);
  });
  // Collected here rather than read at the end: the Resource Timing buffer holds only 250 entries.
  observe('resource', (entry) => {
    const path = new URL(entry.name).pathname;
    probe.resources.push({ path, startTime: entry.startTime, initiatorType: entry.initiatorType });
    if (path.startsWith(providerPath)) record('provider', { path, startTime: entry.startTime });
  });

  // The MutationObserver notices the input entering the DOM; a rAF loop then checks it each
  // frame. rAF runs only when the page renders (after render-blocking CSS), so the first frame
  // that finds the input laid out is when a user could see it.
  const isShown = (input) => {
    const box = input.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(input).visibility !== 'hidden';
  };
  const onFrame = () => {
    const input = document.querySelector(selector);
    if (input && isShown(input)) record('visible', performance.now());
    else requestAnimationFrame(onFrame);
  };
  const mutations = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    probe.inDom = performance.now();
    mutations.disconnect();
    requestAnimationFrame(onFrame);
  });
  mutations.observe(document, { childList: true, subtree: true });
}

// ── one sample ───────────────────────────────────────────────────────────────────────────────

/** The promise's value, or null once `ms` pass or if it rejects (e.g. the page went away). */
function within(ms, promise) {
  return Promise.race([promise.catch(() => null), sleep(ms, null)]);
}

/** Long tasks that started before the input was visible: count, total ms, and TBT (parts over 50 ms). */
function longTasksBefore(tasks, visible) {
  const before = visible === null ? [] : tasks.filter((task) => task.startTime < visible);
  const total = before.reduce((sum, task) => sum + task.duration, 0);
  const blocking = before.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return { count: visible === null ? null : before.length, totalMs: visible === null ? null : total, blockingMs: visible === null ? null : blocking };
}

/** JS heap 1 s after the page became usable, before and after a forced GC (MB, 10^6 bytes). */
async function measureHeap(page, cdp, since) {
  const now = await page.evaluate(() => performance.now());
  await sleep(Math.max(0, since + MS.heapDelay - now));
  const before = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  return { heapMB: before.usedSize / 1e6, heapAfterGcMB: after.usedSize / 1e6 };
}

/**
 * The scripts the page fetched before its first call to the provider, from Resource Timing.
 * Sizes come from the same files in app/dist (what the server sent, uncompressed).
 */
function scriptsBeforeProvider(resources, provider) {
  if (!provider) return null;
  const paths = [...new Set(resources.filter((r) => r.path.endsWith('.js') && r.startTime < provider.startTime).map((r) => r.path))];
  const files = paths.map((path) => ({ path, ...distSize(path) }));
  const sum = (key) => (files.some((file) => file[key] === null) ? null : files.reduce((total, file) => total + file[key], 0));
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/** Sizes of the app/dist file a URL path was served from; null if it is not there (e.g. rebuilt since). */
function distSize(urlPath) {
  try {
    return fileSize(urlPath.replace(/^\/+/, ''));
  } catch {
    return { raw: null, gzip: null, brotli: null };
  }
}

async function resetSandbox(origin) {
  const response = await fetch(`${origin}/__sandbox/api/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`sandbox reset answered ${response.status}`);
}

/**
 * Runs `measure(page, cdp)` in a new browser (Playwright gives each launch a fresh profile, so
 * caches are cold) with the probe installed and the CPU throttled to `rate`.
 */
async function inFreshBrowser(rate, measure) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  activeBrowser = browser;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await page.addInitScript(installProbe, { selector: EMAIL_INPUT, markName: INTERACTIVE_MARK, providerPath: PROVIDER_PATH });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return await measure(page, cdp);
  } finally {
    activeBrowser = null;
    await browser.close();
  }
}

async function takeSample({ origin }, rate, run) {
  await resetSandbox(origin);
  return inFreshBrowser(rate, async (page, cdp) => {
    // Every request, as Node sees it: a cross-check for Resource Timing, kept in bench.json.
    const requests = [];
    const navigationStart = Date.now();
    page.on('request', (request) => requests.push({ path: new URL(request.url()).pathname, atMs: Date.now() - navigationStart }));
    await page.goto(`${origin}/login`, { waitUntil: 'commit' });

    const probe = (name) => page.evaluate((key) => window.__vestibuleBench[key], name);
    const visible = await within(MS.render, probe('whenVisible'));
    const interactive = await within(Math.max(0, MS.render - (Date.now() - navigationStart)), probe('whenInteractive'));
    const usableAt = interactive ?? visible;
    const heap = usableAt === null ? { heapMB: null, heapAfterGcMB: null } : await measureHeap(page, cdp, usableAt);
    // The app loads the provider SDK when the browser is idle, so its first request comes after render.
    const provider = usableAt === null ? null : await within(MS.providerWait, probe('whenProvider'));
    const { inDom, longTasks, resources } = await page.evaluate(() => {
      const { inDom, longTasks, resources } = window.__vestibuleBench;
      return { inDom, longTasks, resources };
    });

    return {
      run,
      rate,
      visibleMs: visible,
      inDomMs: inDom,
      interactiveMs: interactive,
      longTasks: longTasksBefore(longTasks, visible),
      ...heap,
      firstProviderRequest: provider,
      scriptsBeforeProvider: scriptsBeforeProvider(resources, provider),
      requests,
    };
  });
}

/** "visible" of the floor page in a fresh browser at `rate` (null if it never showed). */
function takeFloorSample({ origin }, rate) {
  return inFreshBrowser(rate, async (page) => {
    await page.goto(`${origin}/${FLOOR_FILE}`, { waitUntil: 'commit' });
    return within(MS.render, page.evaluate(() => window.__vestibuleBench.whenVisible));
  });
}

async function takeSamples(options) {
  const samples = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const rate of THROTTLE_RATES) {
      process.stdout.write(`  run ${run}/${options.runs} at ${rate}× … `);
      try {
        const sample = await takeSample(options, rate, run);
        sample.floorVisibleMs = await takeFloorSample(options, rate).catch(() => null);
        samples.push(sample);
        console.log(`visible ${fmtMs(sample.visibleMs)}, interactive ${fmtMs(sample.interactiveMs)}, floor ${fmtMs(sample.floorVisibleMs)}`);
      } catch (error) {
        // One broken sample (a crashed browser, say) leaves its metrics missing, not the whole run.
        samples.push({ run, rate, error: String(error?.message ?? error) });
        console.log(`failed: ${error?.message ?? error}`);
      }
    }
  }
  return samples;
}

// ── statistics and report ────────────────────────────────────────────────────────────────────

function stats(values) {
  const present = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const middle = Math.floor(present.length / 2);
  const median = present.length % 2 ? present[middle] : (present[middle - 1] + present[middle]) / 2;
  return { median, min: present[0], max: present.at(-1), n: present.length, of: values.length };
}

const fmtMs = (ms) => (ms === null || ms === undefined ? 'missing' : `${Math.round(ms)} ms`);
const fmtMB = (mb) => (mb === null || mb === undefined ? 'missing' : `${mb.toFixed(1)} MB`);

/** "143 ms (121–190)", with "[7/10]" when some samples had no value. */
function fmtStats(s, format, round = (value) => value) {
  if (!s) return 'missing';
  const partial = s.n < s.of ? ` [${s.n}/${s.of}]` : '';
  return `${format(s.median)} (${round(s.min)}–${round(s.max)})${partial}`;
}

function summarize(samples) {
  const byRate = (rate) => samples.filter((sample) => sample.rate === rate);
  const pick = (rate, get) => stats(byRate(rate).map((sample) => (sample.error ? null : get(sample))));
  const summary = {};
  for (const rate of THROTTLE_RATES) {
    summary[rate] = {
      visibleMs: pick(rate, (s) => s.visibleMs),
      inDomMs: pick(rate, (s) => s.inDomMs),
      floorVisibleMs: pick(rate, (s) => s.floorVisibleMs),
      interactiveMs: pick(rate, (s) => s.interactiveMs),
      firstProviderRequestMs: pick(rate, (s) => s.firstProviderRequest?.startTime),
      longTaskCount: pick(rate, (s) => s.longTasks.count),
      longTaskMs: pick(rate, (s) => s.longTasks.totalMs),
      longTaskBlockingMs: pick(rate, (s) => s.longTasks.blockingMs),
      heapMB: pick(rate, (s) => s.heapMB),
      heapAfterGcMB: pick(rate, (s) => s.heapAfterGcMB),
      scriptsBeforeProviderGzip: pick(rate, (s) => s.scriptsBeforeProvider?.gzip),
      scriptsBeforeProviderRaw: pick(rate, (s) => s.scriptsBeforeProvider?.raw),
      scriptsBeforeProviderBrotli: pick(rate, (s) => s.scriptsBeforeProvider?.brotli),
    };
  }
  return summary;
}

function printBundle(bundle) {
  const line = (part) => `${part.files.length} file(s), ${kB(part.raw)} raw, ${kB(part.gzip)} gzip, ${kB(part.brotli)} brotli`;
  console.log('\nBundle (app/dist/.vite/manifest.json)');
  console.log(`  initial JS of /login   ${line(bundle.initial)}`);
  console.log(`  lazy JS                ${line(bundle.lazy)}`);
}

function printTimings(summary) {
  const row = (label, key, format, round) =>
    console.log(`  ${label.padEnd(26)}${THROTTLE_RATES.map((rate) => `${rate}×: ${fmtStats(summary[rate][key], format, round).padEnd(26)}`).join('')}`.trimEnd());
  const ms = (value) => `${Math.round(value)} ms`;
  const mb = (value) => `${value.toFixed(1)} MB`;
  console.log('\nTimings: median (min–max), ms since navigation start');
  row('input visible', 'visibleMs', ms, Math.round);
  // When the input entered the DOM; a gap to "visible" means it waited for CSS or a long task.
  row('input in DOM', 'inDomMs', ms, Math.round);
  // A bare HTML input on the same server and machine: the least any page could take.
  row('floor: bare HTML input', 'floorVisibleMs', ms, Math.round);
  row('interactive (mark)', 'interactiveMs', ms, Math.round);
  row('first provider request', 'firstProviderRequestMs', ms, Math.round);
  console.log('\nLong tasks before the input was visible: median count / total ms / blocking (over 50 ms)');
  for (const rate of THROTTLE_RATES) {
    const { longTaskCount: count, longTaskMs: total, longTaskBlockingMs: blocking } = summary[rate];
    const text = count ? `${count.median} / ${Math.round(total.median)} ms / ${Math.round(blocking.median)} ms` : 'missing';
    console.log(`  ${rate}×: ${text}`);
  }
  console.log('\nJS heap 1 s after interactive (or visible): median (min–max)');
  row('after forced GC', 'heapAfterGcMB', mb, (value) => value.toFixed(1));
  row('before GC', 'heapMB', mb, (value) => value.toFixed(1));
}

function printScriptsBeforeProvider(samples, summary) {
  console.log('\nJS fetched before the first provider request (Resource Timing; sizes of the app/dist files)');
  const first = samples.find((sample) => sample.scriptsBeforeProvider);
  if (!first) {
    console.log(`  missing: no request to ${PROVIDER_PATH} within ${MS.providerWait / 1000} s of interactive (or visible)`);
    return;
  }
  const size = (value) => (value === null ? 'missing' : kB(value));
  console.log(`  files (run ${first.run} at ${first.rate}×):`);
  for (const file of first.scriptsBeforeProvider.files) {
    console.log(`    ${file.path.padEnd(44)} ${size(file.raw).padStart(9)} raw ${size(file.gzip).padStart(9)} gzip ${size(file.brotli).padStart(9)} br`);
  }
  for (const rate of THROTTLE_RATES) {
    const { scriptsBeforeProviderRaw: raw, scriptsBeforeProviderGzip: gzip, scriptsBeforeProviderBrotli: brotli } = summary[rate];
    const median = (s) => (s ? kB(s.median) : 'missing');
    console.log(`  ${rate}× median total: ${median(raw)} raw, ${median(gzip)} gzip, ${median(brotli)} brotli`);
  }
}

function printComparison(bundle, summary) {
  const median = (rate, key) => summary[rate][key]?.median ?? null;
  console.log('\nPeers (research/performance.md, offline mode, median of 10; ours is against the local sandbox)');
  console.log(`  ${''.padEnd(30)}${'initial gzip'.padStart(13)}${'visible 1×'.padStart(12)}${'visible 4×'.padStart(12)}   heap (after GC)`);
  const row = (name, gzipKB, v1, v4, heap, heapAfterGc) =>
    console.log(`  ${name.padEnd(30)}${gzipKB.padStart(13)}${fmtMs(v1).padStart(12)}${fmtMs(v4).padStart(12)}   ${fmtMB(heap)} (${fmtMB(heapAfterGc)})`);
  for (const peer of PEERS) row(peer.name, `${peer.gzipKB.toFixed(1)} kB`, peer.visible1x, peer.visible4x, peer.heapMB, peer.heapAfterGcMB);
  row('Vestibule (this run)', kB(bundle.initial.gzip), median(1, 'visibleMs'), median(4, 'visibleMs'), median(1, 'heapMB'), median(1, 'heapAfterGcMB'));
}

function printGoals(bundle, summary) {
  const median = (rate, key) => summary[rate][key]?.median ?? null;
  const mark = (value, limit, strict = false) => (value === null ? 'missing' : (strict ? value < limit : value <= limit) ? 'pass' : 'MISS');
  const goal = (label, value, limit, format, strict) => console.log(`  [${mark(value, limit, strict).padEnd(7)}] ${label.padEnd(58)} ${value === null ? 'missing' : format(value)}`);
  const half = (ms) => ms / 2;
  console.log('\nGoals (medians)');
  goal(`input visible 1× ≤ half of Stytch's (${half(STYTCH.visible1x)} ms)`, median(1, 'visibleMs'), half(STYTCH.visible1x), fmtMs);
  goal(`input visible 4× ≤ half of Stytch's (${half(STYTCH.visible4x)} ms)`, median(4, 'visibleMs'), half(STYTCH.visible4x), fmtMs);
  console.log(`  ${''.padEnd(9)} (a bare HTML input on this machine, this run: ${fmtMs(median(1, 'floorVisibleMs'))} at 1×, ${fmtMs(median(4, 'floorVisibleMs'))} at 4×)`);
  goal(`interactive 1× ≤ Stytch's input visible (${STYTCH.visible1x} ms)`, median(1, 'interactiveMs'), STYTCH.visible1x, fmtMs);
  goal(`interactive 4× ≤ Stytch's input visible (${STYTCH.visible4x} ms)`, median(4, 'interactiveMs'), STYTCH.visible4x, fmtMs);
  goal(`initial JS < Stytch's ${STYTCH.gzipKB} kB gzip`, bundle.initial.gzip / 1000, STYTCH.gzipKB, (value) => `${value.toFixed(1)} kB`, true);
  // Stytch's 3.0 MB is the heap before GC; compare like with like, and show the after-GC pair too.
  goal(`heap 1 s after render, 1×, ≤ Stytch's ${STYTCH.heapMB.toFixed(1)} MB (before GC)`, median(1, 'heapMB'), STYTCH.heapMB, fmtMB);
  goal(`  same after forced GC, ≤ Stytch's ${STYTCH.heapAfterGcMB.toFixed(1)} MB`, median(1, 'heapAfterGcMB'), STYTCH.heapAfterGcMB, fmtMB);
}

function writeReport(report) {
  mkdirSync(new URL('../reports/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../reports/bench.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

// Module-level so the signal handler and the exit hook can clean up whatever is running.
let activeServer = null;
let activeBrowser = null;

async function cleanUp() {
  await activeBrowser?.close().catch(() => {});
  await stopServer(activeServer);
  activeServer = null;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the browser and the preview server`);
    cleanUp().finally(() => process.exit(130));
  });
}
// Last resort if something exits without going through cleanUp: never leave `vite preview` behind.
process.once('exit', () => {
  if (activeServer && groupAlive(activeServer.pid)) process.kill(-activeServer.pid, 'SIGKILL');
});

async function main() {
  const options = readOptions();
  build();
  const bundle = bundleSize();
  writeFloorPage();
  console.log(`Serving the build on ${options.origin} (vite preview) …`);
  await startServer(options);

  const probeBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const chromiumVersion = probeBrowser.version();
  await probeBrowser.close();
  console.log(`Chromium ${chromiumVersion}, ${options.runs} cold samples at each of ${THROTTLE_RATES.map((rate) => `${rate}×`).join(' and ')} CPU`);

  let samples;
  try {
    samples = await takeSamples(options);
  } finally {
    removeFloorPage();
    await cleanUp();
  }

  const summary = summarize(samples);
  printBundle(bundle);
  printTimings(summary);
  printScriptsBeforeProvider(samples, summary);
  printComparison(bundle, summary);
  printGoals(bundle, summary);

  writeReport({
    date: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion,
    options: { runs: options.runs, port: options.port, throttleRates: THROTTLE_RATES },
    bundle,
    peers: PEERS,
    summary,
    samples,
  });
  console.log('\nRaw samples: reports/bench.json');
}

main().catch(async (error) => {
  console.error(`\nbench failed: ${error?.message ?? error}`);
  await cleanUp();
  process.exit(1);
});
