#!/usr/bin/env node
// `pnpm test`: every check, in order, even after one fails, so a run shows all problems at once.
// Each step's outcome goes to reports/steps.json; the closing summary line is printed from the
// reports by summarize-tests.mjs (Vitest's and Playwright's own summaries are not the contract).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { summarize } from './summarize-tests.mjs';

const steps = [
  { name: 'lint', command: ['pnpm', 'lint'] },
  { name: 'typecheck', command: ['pnpm', 'typecheck'] },
  // Unused files, exports and dependencies (knip.jsonc): any finding fails the step.
  { name: 'unused-exports', command: ['pnpm', 'unused'] },
  { name: 'unit', command: ['pnpm', 'test:unit'] },
  { name: 'e2e', command: ['pnpm', 'test:e2e'] },
  // After e2e, whose web server built app/dist: the budget reads that build.
  { name: 'size-budget', command: ['node', 'scripts/check-size-budget.mjs', '--no-build'] },
];

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
const results = {};
for (const step of steps) {
  console.log(`\n── ${step.name}: ${step.command.join(' ')}`);
  const run = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit' });
  results[step.name] = run.status ?? 1;
}
writeFileSync('reports/steps.json', JSON.stringify(results, null, 2));
const { passed, failed } = summarize('reports');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || Object.values(results).some((status) => status !== 0) ? 1 : 0);
