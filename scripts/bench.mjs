#!/usr/bin/env node
// `pnpm bench`: how fast /login shows and becomes usable on a first visit, next to the peer
// widgets measured in research/performance.md. Same methodology as that harness (its code is
// not reused): a production build, a fresh Chromium per sample (cold HTTP and V8 caches),
// 1280×800, samples at 1× and 4× CPU throttling interleaved so machine drift hits both alike,
// and an in-page probe installed before any page script. Timings are printed, never asserted:
// on a shared VM they wander ±20–30 % between runs, so the exit code only reports whether the
// build and the server worked.
//
// The peer figures of performance.md were taken on another day, so they carry that day's
// machine speed. The bench therefore also builds and measures one peer in the same run,
// interleaved with our samples: Stytch's pre-built `<stytch-ui>` (bench/peers/stytch-ui), and
// judges the goals against it; the research figures stay as a fallback and for context.
//
//   node scripts/bench.mjs [--runs N] [--port P] [--quick]      (the peer is served on P + 1)
//
// Raw samples go to reports/bench.json.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve as resolvePath, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build as viteBuild } from 'vite';
import { APP_DIST, bundleSize, fileSize, kB } from './lib/bundle-size.mjs';
import { groupAlive, startPreviewServer, statusOf, stopPreviewServer } from './lib/preview-server.mjs';

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
const MS = { render: 15_000, heapDelay: 1_000, providerWait: 8_000 };

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

// The same-run peer: the "stytch-vanilla" page of performance.md with our /login's products
// (Google OAuth, e-mail magic link, passwords), offline. bench/ is not a workspace package;
// @stytch/vanilla-js comes from the adapters package, the one that depends on it.
const PEER = {
  name: 'Stytch <stytch-ui>',
  page: 'bench/peers/stytch-ui',
  root: join(ROOT, 'bench/peers/stytch-ui'),
  dist: join(ROOT, 'bench/peers/stytch-ui/dist'),
  sdk: join(ROOT, 'adapters/node_modules/@stytch/vanilla-js'),
  sdkVersion: '6.3.0',
};

// ── options ──────────────────────────────────────────────────────────────────────────────────

function readOptions() {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, port: { type: 'string' }, quick: { type: 'boolean', default: false } },
  });
  const runs = Number(values.runs ?? (values.quick ? 2 : 10));
  // Away from 5173 (pnpm start) and 5199 (the e2e suite), so a bench can run beside either.
  const port = Number(values.port ?? 5190);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  // The peer page is served on the next port.
  if (!Number.isInteger(port) || port < 1 || port > 65534) throw new Error(`--port must be a TCP port below 65535, got ${values.port}`);
  return { runs, port, origin: `http://localhost:${port}`, peerPort: port + 1, peerOrigin: `http://localhost:${port + 1}` };
}

// ── build and server ─────────────────────────────────────────────────────────────────────────

function build() {
  console.log('Building @vestibule/app …');
  execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
}

/**
 * Builds the peer page with Vite's defaults (production, default target and minifier, as
 * performance.md built its peers) into bench/peers/stytch-ui/dist, and sizes its initial JS from
 * the manifest exactly as ours. Returns { version, bundle }.
 */
async function buildPeer() {
  console.log(`Building the same-run peer ${PEER.name} (${PEER.page}) …`);
  const { version } = JSON.parse(readFileSync(join(PEER.sdk, 'package.json'), 'utf8'));
  if (version !== PEER.sdkVersion) console.log(`  note: @stytch/vanilla-js is ${version} here, not ${PEER.sdkVersion}`);
  const nodeEnv = process.env.NODE_ENV;
  try {
    await viteBuild({
      configFile: false,
      root: PEER.root,
      base: './',
      mode: 'production',
      logLevel: 'warn',
      // The real directory behind pnpm's symlink, so that Vite reads the package's exports map.
      resolve: { alias: { '@stytch/vanilla-js': realpathSync(PEER.sdk) } },
      build: { outDir: PEER.dist, emptyOutDir: true, manifest: true },
    });
  } finally {
    // Vite sets NODE_ENV for its build; the preview server spawned later should not inherit it.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { version, bundle: bundleSize(PEER.dist) };
}

// The harness floor: a bare HTML page with only an e-mail input, no CSS and no script, served by
// the same server and measured the same way. Nothing can show an input faster on this machine
// at this moment, so it tells how much of "visible" is the page's and how much the harness's.
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><input type="email" aria-label="Email"></body></html>';
const writeFloorPage = () => writeFileSync(join(APP_DIST, FLOOR_FILE), FLOOR_HTML);
const removeFloorPage = () => rmSync(join(APP_DIST, FLOOR_FILE), { force: true });

const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Absolute path of the dist file a URL path names, or null (outside dist, not a file, bad URL). */
function peerFile(urlPath) {
  try {
    const path = decodeURIComponent(urlPath);
    const file = resolvePath(PEER.dist, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    return file.startsWith(PEER.dist + sep) && statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Serves the peer's build from this process. Transport as `vite preview` serves ours (gzip on the
 * fly from 1 kB when the browser accepts it, hashed assets immutable, pages no-store), but with no
 * CSP: the widget injects inline styles, which our strict policy would block. That is how the
 * peer is deployed, so serving it differently is the fair comparison.
 */
async function startPeerServer({ peerPort, peerOrigin }) {
  if ((await statusOf(`${peerOrigin}/`)) !== null) throw new Error(`something already answers on ${peerOrigin}`);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', peerOrigin);
    const file = peerFile(pathname);
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(file ? 405 : 404, { 'Cache-Control': 'no-store' }).end();
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && statSync(file).size >= 1024;
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const body = createReadStream(file);
    (gzip ? body.pipe(createGzip()) : body).pipe(response);
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(peerPort, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });
  activePeerServer = server;
  if ((await statusOf(`${peerOrigin}/`)) !== 200) throw new Error(`GET ${peerOrigin}/ did not answer 200`);
  return server;
}

async function stopPeerServer() {
  const server = activePeerServer;
  activePeerServer = null;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((done) => server.close(() => done()));
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
  // The control API takes JSON only (a form post could otherwise be forged).
  const response = await fetch(`${origin}/__sandbox/api/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
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

/**
 * One sample of the same-run peer, measured like ours. The widget sets no "interactive" mark and
 * calls no sandbox, so heap is read 1 s after the input is visible (as in performance.md).
 */
function takePeerSample({ peerOrigin }, rate, run) {
  return inFreshBrowser(rate, async (page, cdp) => {
    // Its API calls go to another origin (and fail at once): keep those as full URLs.
    const requests = [];
    const navigationStart = Date.now();
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push({ path: url.origin === peerOrigin ? url.pathname : url.href, atMs: Date.now() - navigationStart });
    });
    await page.goto(`${peerOrigin}/`, { waitUntil: 'commit' });

    const visible = await within(MS.render, page.evaluate(() => window.__vestibuleBench.whenVisible));
    const heap = visible === null ? { heapMB: null, heapAfterGcMB: null } : await measureHeap(page, cdp, visible);
    const { inDom, longTasks } = await page.evaluate(() => {
      const { inDom, longTasks } = window.__vestibuleBench;
      return { inDom, longTasks };
    });
    return { run, rate, visibleMs: visible, inDomMs: inDom, longTasks: longTasksBefore(longTasks, visible), ...heap, requests };
  });
}

/** "visible" of the floor page in a fresh browser at `rate` (null if it never showed). */
function takeFloorSample({ origin }, rate) {
  return inFreshBrowser(rate, async (page) => {
    await page.goto(`${origin}/${FLOOR_FILE}`, { waitUntil: 'commit' });
    return within(MS.render, page.evaluate(() => window.__vestibuleBench.whenVisible));
  });
}

/**
 * For each run and rate: /login, the floor, then the peer (when `withPeer`), each in its own
 * fresh browser, so drift during the run reaches all three alike.
 */
async function takeSamples(options, withPeer) {
  const samples = [];
  const peerSamples = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const rate of THROTTLE_RATES) {
      process.stdout.write(`  run ${run}/${options.runs} at ${rate}× … `);
      const parts = [];
      try {
        const sample = await takeSample(options, rate, run);
        sample.floorVisibleMs = await takeFloorSample(options, rate).catch(() => null);
        samples.push(sample);
        parts.push(`visible ${fmtMs(sample.visibleMs)}, interactive ${fmtMs(sample.interactiveMs)}, floor ${fmtMs(sample.floorVisibleMs)}`);
      } catch (error) {
        // One broken sample (a crashed browser, say) leaves its metrics missing, not the whole run.
        samples.push({ run, rate, error: String(error?.message ?? error) });
        parts.push(`failed: ${error?.message ?? error}`);
      }
      if (withPeer) {
        try {
          const sample = await takePeerSample(options, rate, run);
          peerSamples.push(sample);
          parts.push(`Stytch ${fmtMs(sample.visibleMs)}`);
        } catch (error) {
          peerSamples.push({ run, rate, error: String(error?.message ?? error) });
          parts.push(`Stytch failed: ${error?.message ?? error}`);
        }
      }
      console.log(parts.join('; '));
    }
  }
  return { samples, peerSamples };
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

/** Stats of `get(sample)` over the samples at `rate`; failed samples count as missing values. */
function pickStats(samples, rate, get) {
  return stats(samples.filter((sample) => sample.rate === rate).map((sample) => (sample.error ? null : get(sample))));
}

function summarize(samples) {
  const pick = (rate, get) => pickStats(samples, rate, get);
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

/** The same-run peer's figures per rate, like ours; null when the peer was not measured. */
function summarizePeer(peerSamples) {
  if (peerSamples.length === 0) return null;
  const summary = {};
  for (const rate of THROTTLE_RATES) {
    const pick = (get) => pickStats(peerSamples, rate, get);
    summary[rate] = {
      visibleMs: pick((s) => s.visibleMs),
      inDomMs: pick((s) => s.inDomMs),
      longTaskCount: pick((s) => s.longTasks.count),
      longTaskMs: pick((s) => s.longTasks.totalMs),
      longTaskBlockingMs: pick((s) => s.longTasks.blockingMs),
      heapMB: pick((s) => s.heapMB),
      heapAfterGcMB: pick((s) => s.heapAfterGcMB),
    };
  }
  return summary;
}

function printBundle(bundle, peer) {
  const line = (part) => `${part.files.length} file(s), ${kB(part.raw)} raw, ${kB(part.gzip)} gzip, ${kB(part.brotli)} brotli`;
  console.log('\nBundle (app/dist/.vite/manifest.json; gzip level 9, brotli quality 11)');
  console.log(`  initial JS of /login   ${line(bundle.initial)}`);
  console.log(`  lazy JS                ${line(bundle.lazy)}`);
  if (!peer.bundle) {
    console.log(`\nSame-run peer ${PEER.name}: missing (${peer.error})`);
    return;
  }
  console.log(`\nSame-run peer ${PEER.name} (@stytch/vanilla-js ${peer.version}, ${PEER.page}/dist, built this run)`);
  console.log(`  initial JS             ${line(peer.bundle.initial)}`);
  for (const file of peer.bundle.initial.files) {
    const size = fileSize(file, PEER.dist);
    console.log(`    ${file.padEnd(44)} ${kB(size.raw).padStart(9)} raw ${kB(size.gzip).padStart(9)} gzip ${kB(size.brotli).padStart(9)} br`);
  }
  if (peer.bundle.lazy.files.length > 0) console.log(`  lazy JS                ${line(peer.bundle.lazy)}`);
}

function printTimings(summary, peerSummary) {
  const LABEL_WIDTH = 38;
  // `from` is our summary or the peer's (null when the peer was not measured: all "missing").
  const row = (label, key, format, round, from = summary) =>
    console.log(`  ${label.padEnd(LABEL_WIDTH)}${THROTTLE_RATES.map((rate) => `${rate}×: ${fmtStats(from?.[rate]?.[key] ?? null, format, round).padEnd(26)}`).join('')}`.trimEnd());
  const ms = (value) => `${Math.round(value)} ms`;
  const mb = (value) => `${value.toFixed(1)} MB`;
  const peerLabel = `${PEER.name}, same run`;
  console.log('\nTimings: median (min–max), ms since navigation start');
  row('input visible', 'visibleMs', ms, Math.round);
  // When the input entered the DOM; a gap to "visible" means it waited for CSS or a long task.
  row('input in DOM', 'inDomMs', ms, Math.round);
  // A bare HTML input on the same server and machine: the least any page could take.
  row('floor: bare HTML input', 'floorVisibleMs', ms, Math.round);
  row('interactive (mark)', 'interactiveMs', ms, Math.round);
  row('first provider request', 'firstProviderRequestMs', ms, Math.round);
  // The peer, sampled right after ours in the same runs: input visible, then in DOM.
  row(peerLabel, 'visibleMs', ms, Math.round, peerSummary);
  row(`${PEER.name}, in DOM`, 'inDomMs', ms, Math.round, peerSummary);
  console.log('\nLong tasks before the input was visible: median count / total ms / blocking (over 50 ms)');
  const longTasks = (label, from) => {
    const cell = (rate) => {
      const { longTaskCount: count, longTaskMs: total, longTaskBlockingMs: blocking } = from?.[rate] ?? {};
      return `${rate}×: ${count && total && blocking ? `${count.median} / ${Math.round(total.median)} ms / ${Math.round(blocking.median)} ms` : 'missing'}`;
    };
    console.log(`  ${label.padEnd(LABEL_WIDTH)}${THROTTLE_RATES.map((rate) => cell(rate).padEnd(30)).join('')}`.trimEnd());
  };
  longTasks('Vestibule /login', summary);
  longTasks(peerLabel, peerSummary);
  console.log(`\nJS heap: ours 1 s after interactive (or visible), ${PEER.name} 1 s after visible: median (min–max)`);
  row('after forced GC', 'heapAfterGcMB', mb, (value) => value.toFixed(1));
  row('before GC', 'heapMB', mb, (value) => value.toFixed(1));
  row(`${PEER.name}, after forced GC`, 'heapAfterGcMB', mb, (value) => value.toFixed(1), peerSummary);
  row(`${PEER.name}, before GC`, 'heapMB', mb, (value) => value.toFixed(1), peerSummary);
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

function printComparison(bundle, summary, peer, peerSummary) {
  const median = (from, rate, key) => from?.[rate]?.[key]?.median ?? null;
  console.log('\nPeers: "performance.md" rows were measured on another day (offline mode, median of 10);');
  console.log('"this run" rows now, interleaved (the peer offline, ours against the local sandbox)');
  console.log(`  ${''.padEnd(46)}${'initial gzip'.padStart(13)}${'visible 1×'.padStart(12)}${'visible 4×'.padStart(12)}   heap (after GC)`);
  const row = (name, gzipKB, v1, v4, heap, heapAfterGc) =>
    console.log(`  ${name.padEnd(46)}${gzipKB.padStart(13)}${fmtMs(v1).padStart(12)}${fmtMs(v4).padStart(12)}   ${fmtMB(heap)} (${fmtMB(heapAfterGc)})`);
  for (const research of PEERS) row(`${research.name} (performance.md)`, `${research.gzipKB.toFixed(1)} kB`, research.visible1x, research.visible4x, research.heapMB, research.heapAfterGcMB);
  row(
    `${PEER.name} (this run)`,
    peer.bundle ? kB(peer.bundle.initial.gzip) : 'missing',
    median(peerSummary, 1, 'visibleMs'),
    median(peerSummary, 4, 'visibleMs'),
    median(peerSummary, 1, 'heapMB'),
    median(peerSummary, 1, 'heapAfterGcMB'),
  );
  row('Vestibule (this run)', kB(bundle.initial.gzip), median(summary, 1, 'visibleMs'), median(summary, 4, 'visibleMs'), median(summary, 1, 'heapMB'), median(summary, 1, 'heapAfterGcMB'));
  // How far this machine, today, is from the day of performance.md, as seen through the same widget.
  const ratio = (rate, research) => {
    const now = median(peerSummary, rate, 'visibleMs');
    return now === null ? 'missing' : `${(now / research).toFixed(2)}×`;
  };
  console.log(`  drift: ${PEER.name} visible this run / in performance.md = ${ratio(1, STYTCH.visible1x)} at 1×, ${ratio(4, STYTCH.visible4x)} at 4×`);
  console.log('         (not drift alone: performance.md\'s page had passkeys where this one has e-mail magic links)');
}

/**
 * What the goals are judged against, figure by figure: the same-run peer's median where it was
 * measured, else the performance.md figure. `source` says which, per figure.
 */
function goalReference(peer, peerSummary) {
  const measured = {
    visible1x: peerSummary?.[1]?.visibleMs?.median,
    visible4x: peerSummary?.[4]?.visibleMs?.median,
    gzipKB: peer.bundle ? peer.bundle.initial.gzip / 1000 : null,
    heapMB: peerSummary?.[1]?.heapMB?.median,
    heapAfterGcMB: peerSummary?.[1]?.heapAfterGcMB?.median,
  };
  const reference = { source: {} };
  for (const [key, value] of Object.entries(measured)) {
    const present = typeof value === 'number' && Number.isFinite(value);
    reference[key] = present ? value : STYTCH[key];
    reference.source[key] = present ? 'this run' : 'performance.md';
  }
  return reference;
}

function printGoals(bundle, summary, reference, peer, peerSummary) {
  const median = (rate, key) => summary[rate][key]?.median ?? null;
  const mark = (value, limit, strict = false) => (value === null ? 'missing' : (strict ? value < limit : value <= limit) ? 'pass' : 'MISS');
  const goal = (label, value, limit, format, strict) => console.log(`  [${mark(value, limit, strict).padEnd(7)}] ${label.padEnd(78)} ${value === null ? 'missing' : format(value)}`);
  const half = (ms) => ms / 2;
  const ms = (value) => `${Math.round(value)} ms`;
  // Two decimals: same-run heaps are often within 0.1 MB of each other.
  const mb = (value) => `${value.toFixed(2)} MB`;
  // "(96 ms, this run)": each limit says where its Stytch figure comes from.
  const of = (key, format, value = reference[key]) => `${format(value)}, ${reference.source[key]}`;

  const sources = new Set(Object.values(reference.source));
  const runs = (rate) => peerSummary?.[rate]?.visibleMs?.n ?? 0;
  console.log('\nGoals (medians)');
  if (sources.size === 1 && sources.has('this run')) {
    console.log(`  reference: ${PEER.name} measured in this run (${runs(1)} samples at 1×, ${runs(4)} at 4×, interleaved with ours)`);
  } else if (sources.size === 1) {
    console.log(`  reference: research/performance.md figures, another day (the same-run peer is missing${peer.error ? `: ${peer.error}` : ''})`);
  } else {
    console.log(`  reference: ${PEER.name} measured in this run where present, performance.md figures where missing (see each line)`);
  }
  // Issue 15's targets: the input visible within half of Stytch's and within 1.3× a bare HTML
  // input in the same run; interactive within three quarters of Stytch's visible.
  const floorLimit = (rate) => {
    const floor = median(rate, 'floorVisibleMs');
    return floor === null ? null : floor * 1.3;
  };
  goal(`input visible 1× ≤ half of Stytch's (${of('visible1x', ms, half(reference.visible1x))})`, median(1, 'visibleMs'), half(reference.visible1x), fmtMs);
  goal(`input visible 4× ≤ half of Stytch's (${of('visible4x', ms, half(reference.visible4x))})`, median(4, 'visibleMs'), half(reference.visible4x), fmtMs);
  for (const rate of [1, 4]) {
    const limit = floorLimit(rate);
    goal(`input visible ${rate}× ≤ 1.3× a bare HTML input, this run (${limit === null ? 'missing' : ms(limit)})`, limit === null ? null : median(rate, 'visibleMs'), limit ?? 0, fmtMs);
  }
  goal(`interactive 1× ≤ 0.75× Stytch's input visible (${of('visible1x', ms, reference.visible1x * 0.75)})`, median(1, 'interactiveMs'), reference.visible1x * 0.75, fmtMs);
  goal(`interactive 4× ≤ 0.75× Stytch's input visible (${of('visible4x', ms, reference.visible4x * 0.75)})`, median(4, 'interactiveMs'), reference.visible4x * 0.75, fmtMs);
  goal('initial JS ≤ 79.6 kB gzip (issue 15: 2 kB of room under Stytch\'s 81.6 kB)', bundle.initial.gzip / 1000, 79.6, (value) => `${value.toFixed(1)} kB`);
  // Bytes and heap have fixed targets in issue 3 (Stytch's figures in performance.md); the
  // same-run peer is shown beside them, since its bundle depends on the products configured.
  goal(`initial JS < ${STYTCH.gzipKB} kB gzip (issue 3 target)`, bundle.initial.gzip / 1000, STYTCH.gzipKB, (value) => `${value.toFixed(1)} kB`, true);
  console.log(`  ${''.padEnd(9)} (Stytch's page with the same products, this run: ${of('gzipKB', (value) => `${value.toFixed(1)} kB gzip`)})`);
  goal(`heap 1 s after render, 1×, ≤ ${STYTCH.heapMB.toFixed(1)} MB before GC (issue 3 target)`, median(1, 'heapMB'), STYTCH.heapMB, mb);
  console.log(`  ${''.padEnd(9)} (after forced GC: ours ${fmtMB(median(1, 'heapAfterGcMB'))}; Stytch ${of('heapMB', mb)} before GC, ${of('heapAfterGcMB', mb)} after)`);
}

function writeReport(report) {
  mkdirSync(new URL('../reports/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../reports/bench.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
}

/** An error's message on one line, without stack frames (Vite's build errors span several). */
function oneLine(error) {
  const lines = String(error?.message ?? error).split('\n').map((line) => line.trim());
  return lines.filter((line) => line && !line.startsWith('at ')).join(' ');
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

// Module-level so the signal handler and the exit hook can clean up whatever is running.
let activeServer = null;
let activePeerServer = null;
let activeBrowser = null;

async function cleanUp() {
  await activeBrowser?.close().catch(() => {});
  await stopPreviewServer(activeServer);
  activeServer = null;
  await stopPeerServer();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the browser and the servers`);
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
  // A peer that fails to build or serve leaves its figures missing; the goals then fall back to
  // performance.md. Our own build and server failing still fails the bench.
  const peer = await buildPeer().catch((error) => ({ error: `build failed: ${oneLine(error)}` }));
  if (peer.error) console.log(`  ${PEER.name} peer ${peer.error}; the goals will use performance.md`);
  writeFloorPage();
  console.log(`Serving the build on ${options.origin} (vite preview) …`);
  await startPreviewServer({ ...options, onSpawn: (server) => (activeServer = server) });
  if (!peer.error) {
    console.log(`Serving the ${PEER.name} peer on ${options.peerOrigin} (static, gzip like vite preview, no CSP) …`);
    await startPeerServer(options).catch(async (error) => {
      peer.error = `server failed: ${oneLine(error)}`;
      console.log(`  ${PEER.name} peer ${peer.error}; the goals will use performance.md`);
      await stopPeerServer();
    });
  }

  const probeBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const chromiumVersion = probeBrowser.version();
  await probeBrowser.close();
  const pages = peer.error ? '/login and the floor' : `/login, the floor and ${PEER.name}`;
  console.log(`Chromium ${chromiumVersion}, ${options.runs} cold samples of ${pages} at each of ${THROTTLE_RATES.map((rate) => `${rate}×`).join(' and ')} CPU`);

  let samples;
  let peerSamples;
  try {
    ({ samples, peerSamples } = await takeSamples(options, !peer.error));
  } finally {
    removeFloorPage();
    await cleanUp();
  }

  const summary = summarize(samples);
  const peerSummary = summarizePeer(peerSamples);
  const reference = goalReference(peer, peerSummary);
  printBundle(bundle, peer);
  printTimings(summary, peerSummary);
  printScriptsBeforeProvider(samples, summary);
  printComparison(bundle, summary, peer, peerSummary);
  printGoals(bundle, summary, reference, peer, peerSummary);

  writeReport({
    date: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion,
    options: { runs: options.runs, port: options.port, peerPort: options.peerPort, throttleRates: THROTTLE_RATES },
    bundle,
    // Research figures from performance.md (another day); the same-run peer is `sameRunPeer`.
    peers: PEERS,
    sameRunPeer: {
      name: PEER.name,
      page: PEER.page,
      sdkVersion: peer.version ?? null,
      origin: options.peerOrigin,
      bundle: peer.bundle ?? null,
      error: peer.error ?? null,
      summary: peerSummary,
      samples: peerSamples,
    },
    goalsReference: reference,
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
