import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('lint enforces the dependency rule (ARCHITECTURE.md §1)', () => {
  it('fails a core file that imports react', async () => {
    const problems = await lint('core/src/fixture.ts', "import { useState } from 'react';\nexport const x = useState;\n");
    expect(problems.some((problem) => problem.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('fails a core file that imports a vendor SDK', async () => {
    const problems = await lint('core/src/fixture.ts', "import { StytchClient } from '@stytch/vanilla-js/headless';\nexport const x = StytchClient;\n");
    expect(problems.some((problem) => problem.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('fails a core file that touches window', async () => {
    const problems = await lint('core/src/fixture.ts', 'export const href = window.location.href;\n');
    expect(problems.some((problem) => problem.startsWith('no-restricted-globals'))).toBe(true);
  });

  it('fails a core file that reads the wall clock', async () => {
    const problems = await lint('core/src/fixture.ts', 'export const now = Date.now();\n');
    expect(problems.some((problem) => problem.startsWith('no-restricted-properties'))).toBe(true);
  });

  it('lets a core file import rxjs', async () => {
    expect(await lint('core/src/fixture.ts', "import { of } from 'rxjs';\nexport const x = of(1);\n")).toEqual([]);
  });

  it('fails a ui file that imports an adapter or inversify', async () => {
    expect((await lint('ui/src/fixture.ts', "import { x } from '@vestibule/adapters/stytch';\nexport const y = x;\n")).length).toBeGreaterThan(0);
    expect((await lint('ui/src/fixture.ts', "import { Container } from 'inversify';\nexport const y = Container;\n")).length).toBeGreaterThan(0);
  });

  it('fails an adapter that imports react or another adapter folder', async () => {
    expect((await lint('adapters/src/stytch/fixture.ts', "import React from 'react';\nexport const y = React;\n")).length).toBeGreaterThan(0);
    expect((await lint('adapters/src/stytch/fixture.ts', "import { x } from '../browser/navigation.adapter';\nexport const y = x;\n")).length).toBeGreaterThan(0);
  });

  it('fails a deep import into another package', async () => {
    expect((await lint('ui/src/fixture.ts', "import { x } from '@vestibule/core/src/state/store';\nexport const y = x;\n")).length).toBeGreaterThan(0);
  });
});
