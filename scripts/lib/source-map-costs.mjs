// What a source module, or some of its lines, costs a built file in gzip bytes: the gzip size of
// the file minus the gzip size of the file with that code removed, found through the file's source
// map. Compression shares context, so a module's raw size says little (issue 3).
// Used by `pnpm bench:first-load` and scripts/check-size-budget.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_DIST } from './bundle-size.mjs';

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

const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

/** Source paths as the maps give them, without the leading `../` (`core/src/…`, `node_modules/…`). */
export const sourceName = (source) => source.replace(/^(\.\.\/)+/, '');

/**
 * A built file under `dist` with its mapped spans: `{ file, code, gzip, spans }`, each span
 * `{ line, start, end, source, originalLine }` (0-based lines, source as named by `sourceName`),
 * or `null` when the file has no source map.
 */
export function readMappedFile(file, dist = APP_DIST) {
  const code = readFileSync(join(dist, file), 'utf8');
  if (!existsSync(join(dist, `${file}.map`))) return null;
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  const lines = code.split('\n');
  const spans = [];
  let source = 0;
  let originalLine = 0;
  map.mappings.split(';').forEach((mapped, lineIndex) => {
    let column = 0;
    const segments = (mapped ? mapped.split(',') : []).map((segment) => {
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        originalLine += values[2];
        return { start: column, source, originalLine };
      }
      return { start: column, source: -1, originalLine: -1 };
    });
    segments.forEach((segment, index) => {
      if (segment.source < 0) return;
      const end = index + 1 < segments.length ? segments[index + 1].start : (lines[lineIndex] ?? '').length;
      spans.push({ line: lineIndex, start: segment.start, end, source: sourceName(map.sources[segment.source]), originalLine: segment.originalLine });
    });
  });
  return { file, code, lines, gzip: gzipBytes(code), spans };
}

/** gzip bytes saved by removing the spans `select(span)` picks from a file read by `readMappedFile`. */
function removalSaving(mapped, select) {
  const removed = new Map();
  for (const span of mapped.spans) {
    if (!select(span)) continue;
    if (!removed.has(span.line)) removed.set(span.line, []);
    removed.get(span.line).push([span.start, span.end]);
  }
  if (removed.size === 0) return 0;
  const kept = mapped.lines.map((line, index) => {
    const ranges = removed.get(index);
    if (!ranges) return line;
    ranges.sort((a, b) => a[0] - b[0]);
    let text = '';
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) text += line.slice(at, start);
      at = Math.max(at, end);
    }
    return text + line.slice(at);
  });
  return mapped.gzip - gzipBytes(kept.join('\n'));
}

/** Every source of a mapped file with the gzip bytes its removal saves, largest first. */
export function costsBySource(mapped) {
  const sources = [...new Set(mapped.spans.map((span) => span.source))];
  return sources.map((source) => ({ source, bytes: removalSaving(mapped, (span) => span.source === source) })).sort((a, b) => b.bytes - a.bytes);
}

/** What `select(span)` costs across several mapped files (files without a map count nothing). */
export function costIn(mappedFiles, select) {
  return mappedFiles.reduce((total, mapped) => total + (mapped === null ? 0 : removalSaving(mapped, select)), 0);
}
