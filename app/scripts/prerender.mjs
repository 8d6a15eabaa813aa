// After `vite build` and `vite build --ssr src/prerender.tsx`: writes dist/login.html, the built
// index.html with the /login shell rendered into #root, so the form shows before any script runs.
// Both pages also get <link rel="modulepreload"> for what their entry imports at once (else the
// browser finds those files only after running the entry), and /login for its Main slots' chunks.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const dist = new URL('../dist/', import.meta.url);
const { renderLoginShell, paintFirst } = await import(new URL('../dist-ssr/prerender.js', import.meta.url).href);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const template = readFileSync(new URL('index.html', dist), 'utf8');
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker} to fill`);

/** Every chunk `key` loads at once (itself and its static imports, transitively). */
function closure(key, into = new Set()) {
  if (into.has(key) || manifest[key] === undefined) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (entryKey === undefined) throw new Error('The build manifest has no index.html entry');
const entryFiles = new Set([...closure(entryKey)].map((key) => manifest[key].file));

/** modulepreload links for `keys`' chunks not already loaded by the page's own entry script. */
function preloadLinks(keys) {
  const files = new Set();
  for (const key of keys) for (const loaded of closure(key)) files.add(manifest[loaded].file);
  const entry = manifest[entryKey].file;
  return [...files].filter((file) => file !== entry && file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/** The page's HTML with `links` after its entry script. */
function withPreloads(html, links) {
  const entryScript = new RegExp(`<script type="module" crossorigin src="/${manifest[entryKey].file.replace(/[.]/g, '\\.')}"></script>`);
  if (!entryScript.test(html)) throw new Error('The page has no entry script to put the preloads after');
  return html.replace(entryScript, (script) => [script, ...links].join('\n    '));
}

const entryPreloads = preloadLinks([entryKey]);
writeFileSync(new URL('index.html', dist), withPreloads(template, entryPreloads));

const shell = await renderLoginShell();
// Convention: slot <id> is core's <id>.slot.ts and the UI's <id>.slot-view.tsx, in one chunk
// named `<id>.slot` (a named group: app/server/first-load-chunks.ts).
const slotChunk = (name) => Object.keys(manifest).find((key) => manifest[key].name === name);
const missing = shell.slots.filter((id) => slotChunk(`${id}.slot`) === undefined);
if (missing.length > 0) throw new Error(`Main slots without chunks of their own in the build: ${missing.join(', ')}`);
// Grouped, the view is in the slot's chunk; else it is a chunk of its own.
const slotKeys = shell.slots.flatMap((id) => [slotChunk(`${id}.slot`), slotChunk(`${id}.slot-view`)]).filter((key) => key !== undefined);
const slotPreloads = preloadLinks(slotKeys).filter((link) => ![...entryFiles].some((file) => link.includes(`/${file}"`)));
/**
 * /login's stylesheet, inline: the pre-rendered form paints as soon as the HTML has arrived, with
 * no stylesheet request holding the first paint. The CSP allows exactly this `<style>` by its hash,
 * written beside the page for the server (LOGIN_STYLE_SOURCE_FILE in app/server/security-headers.ts).
 */
function withInlineStylesheet(html) {
  const link = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
  const match = link.exec(html);
  if (match === null) throw new Error('The page has no stylesheet link to inline');
  const css = readFileSync(new URL(match[1], dist), 'utf8');
  if (css.includes('</style')) throw new Error('The stylesheet would end its own <style> element');
  const source = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  writeFileSync(new URL('login.style-source.txt', dist), `${source}\n`);
  return html.replace(link, () => `<style>${css}</style>`);
}

writeFileSync(
  new URL('login.html', dist),
  // Its entry runs after the first frame (src/paint-first.ts): the form in the HTML paints first.
  paintFirst(withInlineStylesheet(withPreloads(template, [...entryPreloads, ...slotPreloads])), manifest[entryKey].file).replace(marker, `<div id="root">${shell.html}</div>`),
);
// Static hosts and CDNs (Netlify, Cloudflare Pages) send the headers `vite preview` sends, from this
// file, made by the server's own code (TypeScript, hence Vite's module runner, as for the config).
const { module: headers } = await runnerImport(fileURLToPath(new URL('../server/static-host-headers.ts', import.meta.url)));
const { staticHostHeaders, HEADERS_FILE } = headers;
writeFileSync(new URL(HEADERS_FILE, dist), staticHostHeaders(readFileSync(new URL('login.style-source.txt', dist), 'utf8').trim()));
rmSync(new URL('../dist-ssr', import.meta.url), { recursive: true, force: true });
console.log(`prerendered /login: ${shell.html.length} characters of HTML, slots ${shell.slots.join(', ') || 'none'} preloaded (${slotPreloads.length} files)`);
