// Bytes of JavaScript the production build ships for /login, read from the Vite manifest.
// Shared by `pnpm bench:size` (figures only) and `pnpm bench` (figures next to timings), so both
// count the same files the same way: kB = 1000 bytes; gzip level 9 and brotli quality 11 from
// Node zlib, per file and then summed (the methodology of research/performance.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The app's build output, whatever directory the calling script was started from. */
export const APP_DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url));

// Brotli at quality 11 is slow (about half a second for a few hundred kB), and `pnpm bench`
// asks for the same files once per sample: compress each file once per process.
const fileSizes = new Map();

/** raw/gzip/brotli bytes of one file under `dist` (a path relative to it, as in the manifest). */
export function fileSize(file, dist = APP_DIST) {
  const path = join(dist, file);
  if (!fileSizes.has(path)) {
    const bytes = readFileSync(path);
    fileSizes.set(path, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return fileSizes.get(path);
}

/** Summed raw/gzip/brotli bytes of several files under `dist`. */
export function sizeOf(files, dist = APP_DIST) {
  return files.reduce(
    (total, file) => {
      const size = fileSize(file, dist);
      return { raw: total.raw + size.raw, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The Vite manifest of a build: chunk key → { file, imports, dynamicImports, css }. */
export function readManifest(dist = APP_DIST) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** `key` and every chunk it imports statically, added to `seen`. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * What /login loads up front and what it loads later, from `dist/.vite/manifest.json`.
 * initial = the HTML's entry chunk plus everything it imports statically;
 * lazy = every other JS chunk (reachable only through import()).
 * Each part is { files, raw, gzip, brotli }.
 */
export function bundleSize(dist = APP_DIST) {
  const manifest = readManifest(dist);
  const initialKeys = [...staticClosure(manifest, 'index.html')];
  const initialFiles = initialKeys.map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const lazyFiles = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js') && !initialFiles.includes(file));
  const cssFiles = initialKeys.flatMap((key) => manifest[key].css ?? []);
  const part = (files) => ({ files, ...sizeOf(files, dist) });
  return { initial: part(initialFiles), lazy: part(lazyFiles), css: part(cssFiles) };
}
