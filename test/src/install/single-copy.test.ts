import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const lockfile = readFileSync(fileURLToPath(new URL('../../../pnpm-lock.yaml', import.meta.url)), 'utf8');

/** Versions of `name` resolved in the lockfile's packages section. */
function resolvedVersions(name: string): string[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`^  '?${escaped}@(\\d[^(':]*)`, 'gm');
  return [...new Set([...lockfile.matchAll(pattern)].map((match) => match[1] ?? ''))];
}

describe('the install (ARCHITECTURE.md §1)', () => {
  it.each(['react', 'react-dom', 'rxjs', '@stytch/vanilla-js'])('resolves exactly one version of %s', (name) => {
    expect(resolvedVersions(name)).toHaveLength(1);
  });
});
