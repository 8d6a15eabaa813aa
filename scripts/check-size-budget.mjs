#!/usr/bin/env node
// The size budget (issues 3 and 15), checked in `pnpm test`: bytes are deterministic, so unlike
// timings they can fail a build. Initial JS = the page's entry chunk and its static imports, plus,
// for pages rendered by a lazily loaded route component, that chunk and its imports (it is fetched
// at once). Pass --no-build to measure the existing app/dist (pnpm test builds it for e2e).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_DIST, kB, readManifest, sizeOf, staticClosure } from './lib/bundle-size.mjs';
import { COMPOSITION_MODULE, PORTS_MANIFEST_SOURCE, readPortGroups } from './lib/ports-manifest.mjs';
import { costIn, readMappedFile, sourceName } from './lib/source-map-costs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packages that must never be in a page's first load (issue 3): they load later, behind the
 * ports, when idle or on the interaction that needs them. Checked against the source maps.
 */
export const DEFERRED_PACKAGES = ['@stytch/', 'posthog-js', 'libphonenumber-js', 'zxcvbn', '@zxcvbn-ts/', 'inversify', '@inversifyjs/', 'reflect-metadata', 'viem', '@solana/', 'ethers'];

/** gzip bytes (level 9, kB = 1000 B). /login must stay under Stytch's own widget (81.6 kB). */
export const BUDGETS = [
  { page: '/login', html: 'login.html', routeChunk: null, gzipBudget: 81_600 },
  { page: '/playground', html: 'index.html', routeChunk: 'src/routes/playground-page.tsx', gzipBudget: 86_000 },
  // Issue 19: the consent and logout pages (the entry, the page chunk: flow, screens, request and
  // scope checks): 85.9 kB at the time, of which the page's own 5.9 kB.
  { page: '/oauth/authorize', html: 'index.html', routeChunk: 'src/routes/identity-provider-page.tsx', gzipBudget: 88_000 },
];

/**
 * Lazily loaded chunks with budgets of their own (gzip, kB = 1000 B), matched by their source
 * path in the manifest. A budgeted chunk that is missing from the build fails too: it means its
 * code was pulled into another chunk (often the first load) instead of loading on demand.
 * Each product's module and screens, Main's slots and each product's adapters are budgeted by
 * convention further down, so a new product needs no line here.
 */
export const CHUNK_BUDGETS = [
  { name: 'callback page', source: /^src\/routes\/callback-page\.tsx$/, gzipBudget: 6_000 },
  { name: 'password reset page', source: /^src\/routes\/password-reset-page\.tsx$/, gzipBudget: 6_000 },
  { name: 'web callback page', source: /^src\/routes\/web-callback-page\.tsx$/, gzipBudget: 3_000 },
  // The passkey registration flow (machine, list rows, effects, view) and its screens: 4.2 kB at issue 17.
  { name: 'passkeys page (/account/passkeys)', source: /^src\/routes\/account-passkeys-page\.tsx$/, gzipBudget: 5_000 },
  { name: "router's product half (loads with the first product)", source: /core\/src\/widget\/product-router\.ts$/, gzipBudget: 2_000 },
  // 'min' metadata: formats and length-checks every country (docs/decisions.md); 'max' would be about twice this.
  { name: 'libphonenumber-js (min metadata, when a phone field first shows)', source: /libphonenumber-js\/min\/index\.js$/, gzipBudget: 48_000 },
  // The e-mail field's passkey autofill (SPEC §4), a chunk beside the passkey slot's where passkeys
  // are configured (rolldown names it after its module; docs/decisions.md).
  { name: 'passkeys autofill policy (with the passkey slot)', source: /passkeys\.autofill[-.]/, gzipBudget: 1_000 },
  { name: 'locale namespace', source: /core\/src\/domain\/i18n\/locales\/[^/]+\/[^/]+\.ts$/, gzipBudget: 3_000, each: true, optional: true },
  // Issue 20: the event bus's delivery half (scrubbing with scrubTokens, batching, the consumers),
  // fetched on the first widget event: 1.6 kB at the time, of which the scrubber 1.2 kB.
  { name: "event bus's delivery and token scrubber (on the first event)", source: /core\/src\/state\/event-delivery\.ts$/, gzipBudget: 2_000 },
  // Issue 20: posthog-js 1.449.2's slim module without external scripts (no extensions, nothing
  // fetched from PostHog's CDN), loaded once the page is interactive: 53.6 kB at the time (its
  // default entry is 118 kB and fetches extensions at run time; research/performance.md).
  { name: 'posthog-js (slim, no external scripts; after the page is interactive)', source: /posthog-js\/dist\/module\.slim\.no-external\.js$/, gzipBudget: 56_000 },
  // Its dead-click, web-vitals and rage-click extensions from our origin, loaded only after identify
  // on a host that is not local (SPEC §1): 22.9 kB at the time, of which the dead-click and
  // web-vitals implementations 8.5 and 4.0 kB and the rest posthog-js's analytics extension classes.
  { name: 'posthog-js extensions (identified visitors, hosts not local)', source: /adapters\/src\/posthog\/posthog-extensions\.ts$/, gzipBudget: 24_000 },
  // What starts it: reads the page settings' visitor and resolves the analytics port (0.2 kB).
  { name: 'analytics start (after the page is interactive)', source: /^src\/start-analytics\.ts$/, gzipBudget: 1_000 },
];

/**
 * Each product's module (`core/src/widget/products/<name>/<name>.module.ts`: machine, effects,
 * view) and screens (`ui/src/widget/products/<name>/<name>.screens.tsx`), found by that
 * convention: loaded when the visitor first enters the product.
 */
export const PRODUCT_CHUNK_GZIP_BUDGET = { module: 3_000, screens: 3_000 };
/** Products whose module or screens have a budget other than the default. */
export const PRODUCT_CHUNK_BUDGET_OVERRIDES = {
  passwords: { module: 5_000, screens: 4_000 },
  oauth: { module: 2_000 },
  // One sign-in from Main and no screen of its own: the screens chunk carries only the strings' list.
  passkeys: { module: 1_500, screens: 500 },
  // Issue 18: 1.9 kB and 1.0 kB at the time (five screens, the machine and its effects).
  wallets: { module: 2_500, screens: 1_500 },
};

/**
 * The composition chunk with what it imports beyond the first load (the Stytch client the
 * adapters share): inversify, the container and the adapters of the ports every page uses. Each
 * product's adapters are chunks of their own, so this does not grow with products.
 */
export const COMPOSITION_GZIP_BUDGET = 25_000;
/** Each product's adapters (`app/src/composition/adapters/<product>.adapters.ts`), loaded on the product's first port call. */
export const PRODUCT_ADAPTERS_GZIP_BUDGET = 3_000;
/**
 * Products whose adapters have a budget other than the default. Wallets: the Stytch adapter, the
 * injected-wallets adapter and @scure/base's base58 (1.9 kB of the 4.0 kB at issue 18), loaded on
 * a wallet button's press.
 */
export const PRODUCT_ADAPTERS_BUDGET_OVERRIDES = { wallets: 4_500 };
/**
 * Issue 18: what a page that offers wallets loads for Main's wallet buttons (the slot, the options
 * table, the buttons' labels), 1.3 kB at the time; a page that does not offers none of it.
 */
export const WALLETS_ON_MAIN_GZIP_BUDGET = 2_000;
export const WALLETS_ON_MAIN_SOURCES = [
  'core/src/widget/products/wallets/wallets.slot.ts',
  'core/src/widget/products/wallets/wallet-options.ts',
  'ui/src/widget/products/wallets/wallets.slot-view.tsx',
  'ui/src/widget/products/wallets/wallet-labels.ts',
];
/**
 * Issue 18: nothing talks to an injected wallet through an Ethereum or Solana SDK, and no
 * signature is checked in the browser: no chunk of the build, lazy or not, contains these.
 */
export const WALLET_SDK_PACKAGES = ['viem', 'ethers', 'web3', '@solana/', '@metamask/', '@coinbase/', '@walletconnect/', 'wagmi', '@wagmi/', '@noble/', 'bs58', 'tweetnacl'];
/** Each product's ports in the manifest (their loader and stand-in plans) in the first load: what a page that does not configure the product pays for it. */
export const PRODUCT_PORTS_GZIP_BUDGET = 100;
/** Each chunk of a Main slot (`core/**\/<id>.slot.ts`, `ui/**\/<id>.slot-view.tsx`), loaded where the configuration shows the slot. */
export const SLOT_CHUNK_GZIP_BUDGET = 3_000;
/**
 * The JS loaded by /login's first provider request: what its HTML loads (entry and modulepreload
 * links) plus what the start-up session check needs (the composition chunk, the session adapter,
 * the Stytch SDK). Stytch's own React widget loads 139.1 kB (research/performance.md).
 */
export const FIRST_PROVIDER_REQUEST_GZIP_BUDGET = 125_000;
/** The password estimator's worker: zxcvbn 4.4.2 with its dictionaries is about 390 kB gzip. */
export const ZXCVBN_WORKER_GZIP_BUDGET = 420_000;

if (!process.argv.includes('--no-build') || !existsSync(join(APP_DIST, '.vite/manifest.json'))) {
  execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
}
const manifest = readManifest();
const fileToKey = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const filesOf = (keys) => [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
/** What every page loads at once: the entry chunk and its static imports. */
const entryKeys = staticClosure(manifest, 'index.html');

/** Entry chunks the HTML file itself loads (script src and modulepreload links). */
function htmlFiles(htmlFile) {
  const html = readFileSync(join(APP_DIST, htmlFile), 'utf8');
  return [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
}
const htmlEntries = (htmlFile) => htmlFiles(htmlFile).map((file) => fileToKey.get(file)).filter((key) => key !== undefined);

/** The sources of a built file, from its source map (`null` without one). */
const sourcesCache = new Map();
function sourcesOf(file) {
  if (!sourcesCache.has(file)) {
    const mapPath = join(APP_DIST, `${file}.map`);
    sourcesCache.set(file, existsSync(mapPath) ? JSON.parse(readFileSync(mapPath, 'utf8')).sources.map(sourceName) : null);
  }
  return sourcesCache.get(file);
}

/** Deferred packages whose code a built file contains, read from its source map. */
function deferredPackagesIn(file) {
  const sources = sourcesOf(file);
  // Rolldown's runtime helpers (a few hundred bytes of bundler glue) come with no source map.
  if (sources === null) return /(^|\/)rolldown-runtime-[\w-]+\.js$/.test(file) ? [] : [`(no source map for ${file})`];
  return DEFERRED_PACKAGES.filter((name) => sources.some((source) => source.includes(`node_modules/${name}`)));
}

/** Every built JS file whose source map includes the module at repository path `path`. */
const allFiles = Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
const filesContaining = (path) => allFiles.filter((file) => (sourcesOf(file) ?? []).some((source) => source === path || `app/${source}` === path));

let failures = 0;
/** Prints one result line; a line that is not `ok` counts as a failure. */
function report(status, line) {
  if (status !== 'ok') failures++;
  console.log(`${status.padEnd(4)} ${line}`);
}
const within = (bytes, budget) => (bytes < budget ? 'ok' : 'OVER');

for (const budget of BUDGETS) {
  const keys = new Set();
  for (const entry of htmlEntries(budget.html)) staticClosure(manifest, entry, keys);
  if (budget.routeChunk) staticClosure(manifest, budget.routeChunk, keys);
  const files = filesOf(keys);
  const size = sizeOf(files);
  const deferred = [...new Set(files.flatMap(deferredPackagesIn))];
  if (deferred.length > 0) report('LOAD', `${budget.page.padEnd(12)} first load contains what must load later: ${deferred.join(', ')}`);
  report(
    within(size.gzip, budget.gzipBudget),
    `${budget.page.padEnd(12)} initial JS ${kB(size.gzip)} gzip (budget ${kB(budget.gzipBudget)}), ` +
      `${kB(size.raw)} raw, ${kB(size.brotli)} brotli, ${files.length} file${files.length === 1 ? '' : 's'}: ` +
      files.map((file) => `${basename(file)} ${kB(sizeOf([file]).gzip)}`).join(', '),
  );
}

// Each product module, page chunk and locale namespace on its own (the chunk file alone: what a
// visitor fetches on first use beyond what is already loaded).
for (const budget of CHUNK_BUDGETS) {
  const keys = Object.keys(manifest).filter((key) => budget.source.test(key) && manifest[key].file.endsWith('.js'));
  if (keys.length === 0) {
    if (!budget.optional) report('LOST', `${budget.name}: no chunk of its own in the build (was it bundled into another one?)`);
    continue;
  }
  const groups = budget.each ? keys.map((key) => [key]) : [keys];
  for (const group of groups) {
    const size = sizeOf(filesOf(group));
    const label = budget.each ? `${budget.name} ${group[0].replace(/^.*\/locales\//, '').replace(/\.ts$/, '')}` : budget.name;
    report(within(size.gzip, budget.gzipBudget), `chunk ${label}: ${kB(size.gzip)} gzip (budget ${kB(budget.gzipBudget)})`);
  }
}

// Each product's module and screens, by convention (a product folder in core and in the UI).
const findFiles = (folder, suffix) =>
  readdirSync(join(ROOT, folder), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith(suffix) && !path.includes('node_modules'))
    .map((path) => `${folder}/${path}`);
const productFolders = readdirSync(join(ROOT, 'core/src/widget/products'));
for (const [part, folder, suffix] of [
  ['module', 'core/src/widget/products', '.module.ts'],
  ['screens', 'ui/src/widget/products', '.screens.tsx'],
]) {
  for (const product of productFolders) {
    const path = `${folder}/${product}/${product}${suffix}`;
    if (!existsSync(join(ROOT, path))) continue;
    const budget = PRODUCT_CHUNK_BUDGET_OVERRIDES[product]?.[part] ?? PRODUCT_CHUNK_GZIP_BUDGET[part];
    const keys = Object.keys(manifest).filter((key) => key.endsWith(path) && manifest[key].file.endsWith('.js'));
    if (keys.length === 0) report('LOST', `${product} ${part}: ${path} has no chunk of its own in the build (was it bundled into another one?)`);
    else report(within(sizeOf(filesOf(keys)).gzip, budget), `chunk ${product} ${part}: ${kB(sizeOf(filesOf(keys)).gzip)} gzip (budget ${kB(budget)})`);
  }
}

// The composition chunk, and each product's adapters in a chunk of their own (issue 15 §2).
const portGroups = readPortGroups();
const adapterModuleKey = (module) => (module === COMPOSITION_MODULE ? 'src/composition/container.ts' : `src/composition/adapters/${module}.adapters.ts`);
const compositionKey = adapterModuleKey(COMPOSITION_MODULE);
if (manifest[compositionKey] === undefined) {
  report('LOST', `composition chunk: no chunk for ${compositionKey}`);
} else {
  const files = filesOf([...staticClosure(manifest, compositionKey)].filter((key) => !entryKeys.has(key)));
  const size = sizeOf(files);
  report(
    within(size.gzip, COMPOSITION_GZIP_BUDGET),
    `chunk composition (inversify, container, adapters of ${portGroups.find((group) => group.module === COMPOSITION_MODULE)?.ports.join(', ')}): ` +
      `${kB(size.gzip)} gzip (budget ${kB(COMPOSITION_GZIP_BUDGET)}), ${files.map((file) => `${basename(file)} ${kB(sizeOf([file]).gzip)}`).join(', ')}`,
  );
  const products = files.flatMap((file) => (sourcesOf(file) ?? []).filter((source) => /^src\/composition\/adapters\/(?!core\.)[\w-]+\.adapters\.ts$/.test(source)));
  if (products.length > 0) report('LOAD', `chunk composition contains product adapters, which must load in chunks of their own: ${products.join(', ')}`);
}
for (const group of portGroups.filter((group) => group.module !== COMPOSITION_MODULE)) {
  const key = adapterModuleKey(group.module);
  if (manifest[key] === undefined || !manifest[key].isDynamicEntry) {
    report('LOST', `${group.module} adapters (${group.ports.join(', ')}): no chunk of their own for ${key}`);
    continue;
  }
  const size = sizeOf(filesOf([key]));
  const budget = PRODUCT_ADAPTERS_BUDGET_OVERRIDES[group.module] ?? PRODUCT_ADAPTERS_GZIP_BUDGET;
  report(within(size.gzip, budget), `chunk ${group.module} adapters (${group.ports.join(', ')}): ${kB(size.gzip)} gzip (budget ${kB(budget)})`);
}

// Issue 18: Main's wallet buttons where wallets are offered, and no wallet SDK anywhere.
{
  const files = [...new Set(WALLETS_ON_MAIN_SOURCES.flatMap(filesContaining))];
  if (files.length === 0) report('LOST', `wallets on Main: none of ${WALLETS_ON_MAIN_SOURCES.join(', ')} is in the build`);
  else if (files.some((file) => entryKeys.has(fileToKey.get(file)))) report('LOAD', `wallets on Main: part of it is in the entry chunk (${files.join(', ')})`);
  else report(within(sizeOf(files).gzip, WALLETS_ON_MAIN_GZIP_BUDGET), `chunk wallets on Main (slot, options, labels): ${kB(sizeOf(files).gzip)} gzip (budget ${kB(WALLETS_ON_MAIN_GZIP_BUDGET)}), ${files.map((file) => basename(file)).join(', ')}`);
  const sdks = allFiles.flatMap((file) => WALLET_SDK_PACKAGES.filter((name) => (sourcesOf(file) ?? []).some((source) => source.includes(`node_modules/${name}`))).map((name) => `${name} in ${file}`));
  report(sdks.length === 0 ? 'ok' : 'LOAD', sdks.length === 0 ? 'no Ethereum or Solana SDK in any chunk' : `a wallet SDK is shipped: ${sdks.join(', ')}`);
}

// What /login pays at once for each product: its ports in the manifest, and its Main slots'
// registration (its Main block), measured through the source maps of /login's first-load files.
const loginMapped = htmlFiles('login.html').map((file) => readMappedFile(file));
for (const group of portGroups.filter((group) => group.module !== COMPOSITION_MODULE)) {
  const lines = new Set(group.lines);
  const bytes = costIn(loginMapped, (span) => span.source === PORTS_MANIFEST_SOURCE && lines.has(span.originalLine));
  report(within(bytes + 1, PRODUCT_PORTS_GZIP_BUDGET + 1), `first load: ${group.module} ports in the manifest: ${bytes} B gzip (budget ${PRODUCT_PORTS_GZIP_BUDGET} B)`);
}

// Main's slots (convention: core's <id>.slot.ts and the UI's <id>.slot-view.tsx): lazy chunks of
// their own, each budgeted, registered in the first load by their product's Main block.
const slotModules = findFiles('core/src', '.slot.ts');
const slotViews = findFiles('ui/src', '.slot-view.tsx');
/** Every product's Main block (its registration in the first load), with the slots it registers. */
const mainBlocks = new Map(findFiles('core/src/widget/products', '.main-block.ts').map((block) => [block, []]));
for (const slotModule of slotModules) {
  const id = basename(slotModule, '.slot.ts');
  const view = slotViews.find((path) => basename(path, '.slot-view.tsx') === id);
  for (const [part, path] of [
    ['core', slotModule],
    ['view', view],
  ]) {
    if (path === undefined) {
      report('LOST', `slot ${id}: no ui/**/${id}.slot-view.tsx`);
      continue;
    }
    const files = filesContaining(path);
    if (files.length === 0) report('LOST', `slot ${id} (${part}): ${path} is in no chunk of the build`);
    for (const file of files) {
      if (entryKeys.has(fileToKey.get(file))) report('LOAD', `slot ${id} (${part}): ${path} is in the entry chunk ${file}, not a chunk of its own`);
      else report(within(sizeOf([file]).gzip, SLOT_CHUNK_GZIP_BUDGET), `chunk slot ${id} (${part}, ${basename(file)}): ${kB(sizeOf([file]).gzip)} gzip (budget ${kB(SLOT_CHUNK_GZIP_BUDGET)})`);
    }
  }
  const folder = dirname(slotModule);
  const block = readdirSync(join(ROOT, folder)).find((file) => file.endsWith('.main-block.ts'));
  if (block === undefined) report('LOST', `slot ${id}: no *.main-block.ts beside ${slotModule} registers it`);
  else mainBlocks.set(`${folder}/${block}`, [...(mainBlocks.get(`${folder}/${block}`) ?? []), id]);
}
// /login carries the Main blocks of the products it offers (app/src/product-config.ts,
// PRODUCT_LOGIN_PRODUCTS) and no others: a product it does not configure costs its first load
// nothing there. Those it offers are part of its Main screen, each within its own budget.
const loginProducts = new Set(
  [...(/PRODUCT_LOGIN_PRODUCTS[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync(join(ROOT, 'app/src/product-config.ts'), 'utf8'))?.[1] ?? '').matchAll(/(\w+)MainBlock/g)].map((match) => match[1]),
);
for (const [block, slots] of mainBlocks) {
  const bytes = costIn(loginMapped, (span) => span.source === block);
  const product = basename(block, '.main-block.ts').replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
  const registering = slots.length === 0 ? '' : `, registering slot${slots.length === 1 ? '' : 's'} ${slots.join(', ')}`;
  if (!loginProducts.has(product)) {
    report(bytes === 0 ? 'ok' : 'LOAD', `first load: ${basename(block)} (not offered on /login${registering}): ${bytes} B gzip (must be absent)`);
    continue;
  }
  // Part of /login's Main screen, so within /login's own budget; printed, not budgeted apart: a
  // removal saving this small moves by tens of bytes with code elsewhere in the entry.
  report('ok', `first load: ${basename(block)} (offered on /login${registering}): ${bytes} B gzip, within /login's budget`);
}

// The JS loaded by /login's first provider request, from the manifest's dynamic-import graph:
// the page's HTML, then the module the session port loads from (the start-up session check is
// the first provider call) with its static imports, then the Stytch SDK it imports dynamically.
{
  const keys = new Set();
  for (const entry of htmlEntries('login.html')) staticClosure(manifest, entry, keys);
  const sessionModule = portGroups.find((group) => group.ports.includes('session'))?.module;
  const sessionKey = sessionModule === undefined ? undefined : adapterModuleKey(sessionModule);
  const reached = [];
  if (sessionKey === undefined || manifest[sessionKey] === undefined) report('LOST', `first provider request: no chunk for the session port's adapter module (${sessionKey ?? 'not in the manifest'})`);
  else {
    reached.push(sessionKey);
    const sessionKeys = staticClosure(manifest, sessionKey);
    const sdk = [...sessionKeys].flatMap((key) => manifest[key].dynamicImports ?? []).find((key) => /node_modules\/.*@stytch\/vanilla-js\//.test(key));
    if (sdk === undefined) report('LOST', 'first provider request: the Stytch SDK is not imported from the session adapter\'s chunks');
    else reached.push(sdk);
    for (const key of [...sessionKeys, ...(sdk === undefined ? [] : staticClosure(manifest, sdk))]) keys.add(key);
  }
  const files = filesOf(keys);
  const size = sizeOf(files);
  report(
    within(size.gzip, FIRST_PROVIDER_REQUEST_GZIP_BUDGET),
    `/login      JS by the first provider request ${kB(size.gzip)} gzip (budget ${kB(FIRST_PROVIDER_REQUEST_GZIP_BUDGET)}), ${files.length} files: ` +
      files.map((file) => `${basename(file)} ${kB(sizeOf([file]).gzip)}`).join(', '),
  );
}

// zxcvbn and its dictionaries run in a worker of their own (not in the manifest: Vite emits worker
// bundles separately), loaded when a password field is first used.
const worker = readdirSync(join(APP_DIST, 'assets')).find((file) => /^zxcvbn\.worker-[\w-]+\.js$/.test(file));
if (worker === undefined) report('LOST', 'zxcvbn worker: no worker file in the build (was zxcvbn bundled into a page chunk?)');
else {
  const size = sizeOf([`assets/${worker}`]);
  report(within(size.gzip, ZXCVBN_WORKER_GZIP_BUDGET), `worker zxcvbn (on first password use): ${kB(size.gzip)} gzip (budget ${kB(ZXCVBN_WORKER_GZIP_BUDGET)})`);
}
process.exit(failures > 0 ? 1 : 0);
