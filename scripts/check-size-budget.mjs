#!/usr/bin/env node
// The size budget (issue 3), checked in `pnpm test`: bytes are deterministic, so unlike timings
// they can fail a build. Initial JS = the page's entry chunk and its static imports, plus, for
// pages rendered by a lazily loaded route component, that chunk and its imports (it is fetched
// at once). Pass --no-build to measure the existing app/dist (pnpm test builds it for e2e).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIST, kB, readManifest, sizeOf, staticClosure } from './lib/bundle-size.mjs';

/**
 * Packages that must never be in a page's first load (issue 3): they load later, behind the
 * ports, when idle or on the interaction that needs them. Checked against the source maps.
 */
export const DEFERRED_PACKAGES = ['@stytch/', 'posthog-js', 'libphonenumber-js', 'zxcvbn', '@zxcvbn-ts/', 'inversify', '@inversifyjs/', 'reflect-metadata', 'viem', '@solana/', 'ethers'];

/** gzip bytes (level 9, kB = 1000 B). /login must stay under Stytch's own widget (81.6 kB). */
export const BUDGETS = [
  { page: '/login', html: 'login.html', routeChunk: null, gzipBudget: 81_600 },
  { page: '/playground', html: 'index.html', routeChunk: 'src/routes/playground-page.tsx', gzipBudget: 86_000 },
];

/**
 * Lazily loaded chunks with budgets of their own (gzip, kB = 1000 B), matched by their source
 * path in the manifest. A budgeted chunk that is missing from the build fails too: it means its
 * code was pulled into another chunk (often the first load) instead of loading on demand.
 */
export const CHUNK_BUDGETS = [
  { name: 'magic-link product (machine, effects, view)', source: /core\/src\/widget\/products\/magic-link\/magic-link\.module\.ts$/, gzipBudget: 3_000 },
  { name: 'magic-link screens', source: /ui\/src\/widget\/products\/magic-link\/magic-link\.screens\.tsx$/, gzipBudget: 3_000 },
  { name: 'callback page', source: /^src\/routes\/callback-page\.tsx$/, gzipBudget: 6_000 },
  { name: 'passwords product (machine, effects, view)', source: /core\/src\/widget\/products\/passwords\/passwords\.module\.ts$/, gzipBudget: 5_000 },
  { name: 'passwords screens', source: /ui\/src\/widget\/products\/passwords\/passwords\.screens\.tsx$/, gzipBudget: 4_000 },
  { name: 'password reset page', source: /^src\/routes\/password-reset-page\.tsx$/, gzipBudget: 6_000 },
  { name: 'web callback page', source: /^src\/routes\/web-callback-page\.tsx$/, gzipBudget: 3_000 },
  { name: 'oauth product (machine, effects, view)', source: /core\/src\/widget\/products\/oauth\/oauth\.module\.ts$/, gzipBudget: 2_000 },
  { name: "router's product half (loads with the first product)", source: /core\/src\/widget\/product-router\.ts$/, gzipBudget: 2_000 },
  { name: 'One Tap slot (flow and prompt box, production host only)', source: /ui\/src\/widget\/one-tap-slot\.tsx$/, gzipBudget: 4_000 },
  { name: 'passcodes product (machine, effects, view)', source: /core\/src\/widget\/products\/passcodes\/passcodes\.module\.ts$/, gzipBudget: 3_000 },
  { name: 'passcode entry screen', source: /ui\/src\/widget\/products\/passcodes\/passcodes\.screens\.tsx$/, gzipBudget: 3_000 },
  { name: "Main's passcode tabs and phone form (where a phone method is configured)", source: /ui\/src\/widget\/passcode-group\.tsx$/, gzipBudget: 4_000 },
  // 'min' metadata: formats and length-checks every country (docs/decisions.md); 'max' would be about twice this.
  { name: 'libphonenumber-js (min metadata, when a phone field first shows)', source: /libphonenumber-js\/min\/index\.js$/, gzipBudget: 48_000 },
  { name: 'composition root and adapters', source: /^src\/composition\/container\.ts$/, gzipBudget: 30_000 },
  { name: 'locale namespace', source: /core\/src\/domain\/i18n\/locales\/[^/]+\/[^/]+\.ts$/, gzipBudget: 3_000, each: true, optional: true },
];

/** The password estimator's worker: zxcvbn 4.4.2 with its dictionaries is about 390 kB gzip. */
export const ZXCVBN_WORKER_GZIP_BUDGET = 420_000;

if (!process.argv.includes('--no-build') || !existsSync(join(APP_DIST, '.vite/manifest.json'))) {
  execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
}
const manifest = readManifest();
const fileToKey = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** Entry chunks the HTML file itself loads (script src and modulepreload links). */
function htmlEntries(htmlFile) {
  const html = readFileSync(join(APP_DIST, htmlFile), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
  return urls.map((file) => fileToKey.get(file)).filter((key) => key !== undefined);
}

/** Deferred packages whose code a built file contains, read from its source map. */
function deferredPackagesIn(file) {
  const mapPath = join(APP_DIST, `${file}.map`);
  if (!existsSync(mapPath)) return [`(no source map for ${file})`];
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8'));
  return DEFERRED_PACKAGES.filter((name) => sources.some((source) => source.includes(`/node_modules/${name}`)));
}

let failures = 0;
for (const budget of BUDGETS) {
  const keys = new Set();
  for (const entry of htmlEntries(budget.html)) staticClosure(manifest, entry, keys);
  if (budget.routeChunk) staticClosure(manifest, budget.routeChunk, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const size = sizeOf(files);
  const within = size.gzip < budget.gzipBudget;
  if (!within) failures++;
  const deferred = [...new Set(files.flatMap(deferredPackagesIn))];
  if (deferred.length > 0) {
    failures++;
    console.log(`LOAD ${budget.page.padEnd(12)} first load contains what must load later: ${deferred.join(', ')}`);
  }
  console.log(
    `${within ? 'ok  ' : 'OVER'} ${budget.page.padEnd(12)} initial JS ${kB(size.gzip)} gzip (budget ${kB(budget.gzipBudget)}), ` +
      `${kB(size.raw)} raw, ${kB(size.brotli)} brotli, ${files.length} file${files.length === 1 ? '' : 's'}`,
  );
}

// Each product module, page chunk and locale namespace on its own (the chunk file alone: what a
// visitor fetches on first use beyond what is already loaded).
for (const budget of CHUNK_BUDGETS) {
  const keys = Object.keys(manifest).filter((key) => budget.source.test(key) && manifest[key].file.endsWith('.js'));
  if (keys.length === 0) {
    if (budget.optional) continue;
    failures++;
    console.log(`LOST ${budget.name}: no chunk of its own in the build (was it bundled into another one?)`);
    continue;
  }
  const groups = budget.each ? keys.map((key) => [key]) : [keys];
  for (const group of groups) {
    const files = [...new Set(group.map((key) => manifest[key].file))];
    const size = sizeOf(files);
    const within = size.gzip < budget.gzipBudget;
    if (!within) failures++;
    const label = budget.each ? `${budget.name} ${group[0].replace(/^.*\/locales\//, '').replace(/\.ts$/, '')}` : budget.name;
    console.log(`${within ? 'ok  ' : 'OVER'} chunk ${label}: ${kB(size.gzip)} gzip (budget ${kB(budget.gzipBudget)})`);
  }
}
// zxcvbn and its dictionaries run in a worker of their own (not in the manifest: Vite emits worker
// bundles separately), loaded when a password field is first used.
const worker = readdirSync(join(APP_DIST, 'assets')).find((file) => /^zxcvbn\.worker-[\w-]+\.js$/.test(file));
if (worker === undefined) {
  failures++;
  console.log('LOST zxcvbn worker: no worker file in the build (was zxcvbn bundled into a page chunk?)');
} else {
  const size = sizeOf([`assets/${worker}`]);
  const within = size.gzip < ZXCVBN_WORKER_GZIP_BUDGET;
  if (!within) failures++;
  console.log(`${within ? 'ok  ' : 'OVER'} worker zxcvbn (on first password use): ${kB(size.gzip)} gzip (budget ${kB(ZXCVBN_WORKER_GZIP_BUDGET)})`);
}
process.exit(failures > 0 ? 1 : 0);
