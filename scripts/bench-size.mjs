#!/usr/bin/env node
// `pnpm bench:size`: builds the app and prints the bytes of JavaScript /login loads up front
// (the HTML's entry chunk and everything it imports statically) and what loads lazily.
// Figures only; bytes are deterministic, timings belong to `pnpm bench`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = 'app/dist';
execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const sizeOf = (files) =>
  files.reduce(
    (total, file) => {
      const bytes = readFileSync(join(dist, file));
      total.raw += bytes.length;
      total.gzip += gzipSync(bytes, { level: 9 }).length;
      total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return total;
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const initialKeys = staticClosure('index.html');
const initialFiles = [...initialKeys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const lazyFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !initialFiles.includes(file));
const initial = sizeOf(initialFiles);
const lazy = sizeOf(lazyFiles);
const css = sizeOf([...initialKeys].flatMap((key) => manifest[key].css ?? []));

console.log('/login initial JS (entry + static imports)');
console.log(`  files:  ${initialFiles.length} (${initialFiles.join(', ')})`);
console.log(`  raw:    ${kB(initial.raw)}`);
console.log(`  gzip:   ${kB(initial.gzip)}`);
console.log(`  brotli: ${kB(initial.brotli)}`);
console.log(`/login initial CSS gzip: ${kB(css.gzip)}`);
console.log(`lazy JS: ${lazyFiles.length} files, ${kB(lazy.raw)} raw, ${kB(lazy.gzip)} gzip, ${kB(lazy.brotli)} brotli`);
console.log(`(reference, research/performance.md: Stytch <stytch-ui> 81.6 kB gzip, @stytch/react 139.1 kB gzip)`);
