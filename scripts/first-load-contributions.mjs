#!/usr/bin/env node
// `pnpm bench:first-load`: what each source module costs /login's first load in gzip bytes, for
// deciding what to move out when the size budget is tight. A module's cost is the gzip size of its
// first-load file minus the gzip size of that file with the module's bytes (found through the
// source map) removed: compression shares context, so a module's raw size says little. The ports
// manifest is also split by adapter module, so each product's ports show on their own. Reads the
// last build (app/dist); run `node scripts/check-size-budget.mjs` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DIST, sizeOf } from './lib/bundle-size.mjs';
import { readPortGroups, PORTS_MANIFEST_SOURCE } from './lib/ports-manifest.mjs';
import { costIn, costsBySource, readMappedFile } from './lib/source-map-costs.mjs';

// What login.html loads at once: its entry script and every modulepreload (Main's slots among them).
const html = readFileSync(join(APP_DIST, 'login.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
const rows = [];
const mappedFiles = files.map((file) => readMappedFile(file));
files.forEach((file, index) => {
  const mapped = mappedFiles[index];
  if (mapped === null) rows.push({ bytes: sizeOf([file]).gzip, name: `(${file}, no source map)` });
  else for (const { source, bytes } of costsBySource(mapped)) rows.push({ bytes, name: source });
});
rows.sort((a, b) => b.bytes - a.bytes);
const limit = Number(process.argv[2] ?? 40);
console.log(`/login first load: ${files.join(', ')}\ngzip bytes each module costs (its removal's saving), largest first:`);
for (const row of rows.slice(0, limit)) console.log(`${String(row.bytes).padStart(7)}  ${row.name}`);

console.log(`\n${PORTS_MANIFEST_SOURCE}, by the adapter module its ports load from:`);
for (const group of readPortGroups()) {
  const lines = new Set(group.lines);
  const bytes = costIn(mappedFiles, (span) => span.source === PORTS_MANIFEST_SOURCE && lines.has(span.originalLine));
  console.log(`${String(bytes).padStart(7)}  ${group.module}: ${group.ports.join(', ')}`);
}
