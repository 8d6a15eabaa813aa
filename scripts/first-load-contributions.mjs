#!/usr/bin/env node
// `pnpm bench:first-load`: what each source module costs /login's first load in gzip bytes, for
// deciding what to move out when the size budget is tight. A module's cost is measured as the
// gzip size of its first-load file minus the gzip size of that file with the module's bytes
// (found through the source map) removed: compression shares context, so a module's raw size says
// little. Reads the last build (app/dist); run `node scripts/check-size-budget.mjs` first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_DIST, readManifest } from './lib/bundle-size.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Per source: the [line, start, end] column ranges of `code` it produced. */
function rangesBySource(code, map) {
  const lines = code.split('\n');
  const ranges = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = (line ? line.split(',') : []).map((segment) => {
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) source += values[1];
      return [column, values.length > 1 ? source : -1];
    });
    segments.forEach(([start, sourceIndex], index) => {
      if (sourceIndex < 0) return;
      const end = index + 1 < segments.length ? segments[index + 1][0] : (lines[lineIndex] ?? '').length;
      const name = map.sources[sourceIndex];
      if (!ranges.has(name)) ranges.set(name, []);
      ranges.get(name).push([lineIndex, start, end]);
    });
  });
  return { lines, ranges };
}

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const manifest = readManifest();
// What login.html loads at once: its entry script and every modulepreload (Main's slots among them).
const html = readFileSync(join(APP_DIST, 'login.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
void manifest;
const rows = [];
for (const file of files) {
  const code = readFileSync(join(APP_DIST, file), 'utf8');
  if (!existsSync(join(APP_DIST, `${file}.map`))) {
    rows.push({ bytes: gzip(code), name: `(${file}, no source map)`, file });
    continue;
  }
  const map = JSON.parse(readFileSync(join(APP_DIST, `${file}.map`), 'utf8'));
  const { lines, ranges } = rangesBySource(code, map);
  const whole = gzip(code);
  for (const [name, spans] of ranges) {
    const edited = lines.map((line) => line.split(''));
    for (const [line, start, end] of spans) for (let column = start; column < end; column++) edited[line][column] = '';
    rows.push({ bytes: whole - gzip(edited.map((chars) => chars.join('')).join('\n')), name: name.replace(/^(\.\.\/)+/, ''), file });
  }
}
rows.sort((a, b) => b.bytes - a.bytes);
const limit = Number(process.argv[2] ?? 40);
console.log(`/login first load: ${files.join(', ')}\ngzip bytes each module costs (its removal's saving), largest first:`);
for (const row of rows.slice(0, limit)) console.log(`${String(row.bytes).padStart(7)}  ${row.name}`);
