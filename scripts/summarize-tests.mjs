#!/usr/bin/env node
// Counts results from the machine-readable reports: lint, typecheck, unused exports and the size
// budget count as one check each, Vitest from its JSON reporter, Playwright from its JSON reporter.
// A step that failed without writing a report (it crashed) counts as one failure, so a broken run
// can never look green.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

export function summarize(dir) {
  const steps = readJson(join(dir, 'steps.json')) ?? {};
  let passed = 0;
  let failed = 0;
  for (const name of ['lint', 'typecheck', 'unused-exports', 'size-budget']) {
    if (!(name in steps)) continue;
    if (steps[name] === 0) passed++;
    else failed++;
  }
  const vitest = readJson(join(dir, 'vitest.json'));
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    if (steps.unit !== undefined && steps.unit !== 0 && vitest.numFailedTests === 0) failed++;
  } else if ('unit' in steps) failed++;
  const playwright = readJson(join(dir, 'playwright.json'));
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    if (steps.e2e !== undefined && steps.e2e !== 0 && playwright.stats.unexpected === 0) failed++;
  } else if ('e2e' in steps) failed++;
  return { passed, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { passed, failed } = summarize(process.argv[2] ?? 'reports');
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
