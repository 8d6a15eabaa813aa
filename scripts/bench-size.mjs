#!/usr/bin/env node
// `pnpm bench:size`: builds the app and prints the bytes of JavaScript /login loads up front
// (the HTML's entry chunk and everything it imports statically) and what loads lazily.
// Figures only; bytes are deterministic, timings belong to `pnpm bench`.
import { execFileSync } from 'node:child_process';
import { bundleSize, kB } from './lib/bundle-size.mjs';

execFileSync('pnpm', ['--filter', '@vestibule/app', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, VESTIBULE_SANDBOX: '1' } });
const { initial, lazy, css } = bundleSize();

console.log('/login initial JS (entry + static imports)');
console.log(`  files:  ${initial.files.length} (${initial.files.join(', ')})`);
console.log(`  raw:    ${kB(initial.raw)}`);
console.log(`  gzip:   ${kB(initial.gzip)}`);
console.log(`  brotli: ${kB(initial.brotli)}`);
console.log(`/login initial CSS gzip: ${kB(css.gzip)}`);
console.log(`lazy JS: ${lazy.files.length} files, ${kB(lazy.raw)} raw, ${kB(lazy.gzip)} gzip, ${kB(lazy.brotli)} brotli`);
console.log(`(reference, research/performance.md: Stytch <stytch-ui> 81.6 kB gzip, @stytch/react 139.1 kB gzip)`);
