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

  it('fails a core file that names a local like a browser global (it reads as the global)', async () => {
    const problems = await lint('core/src/fixture.ts', 'export const open = (window: { until: number } | null) => window !== null;\n');
    expect(problems.some((problem) => problem.startsWith('id-denylist'))).toBe(true);
  });

  it('fails a core file that reads the wall clock', async () => {
    const problems = await lint('core/src/fixture.ts', 'export const now = Date.now();\n');
    expect(problems.some((problem) => problem.startsWith('no-restricted-properties'))).toBe(true);
  });

  it('lets a core file import rxjs', async () => {
    expect(await lint('core/src/fixture.ts', "import { of } from 'rxjs';\nexport const x = of(1);\n")).toEqual([]);
  });

  it('fails a ui file that imports an adapter or inversify', async () => {
    expect(await lint('ui/src/fixture.ts', "import { x } from '@vestibule/adapters/stytch';\nexport const y = x;\n")).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*ui reads core stores only/));
    expect(await lint('ui/src/fixture.ts', "import { Container } from 'inversify';\nexport const y = Container;\n")).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*ui reads core stores only/));
  });

  it('fails an adapter that imports react or another adapter folder', async () => {
    expect(await lint('adapters/src/stytch/fixture.ts', "import React from 'react';\nexport const y = React;\n")).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*adapters must not import react/));
    expect(await lint('adapters/src/stytch/fixture.ts', "import { x } from '../browser/navigation.adapter';\nexport const y = x;\n")).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*One adapter folder never imports another/),
    );
  });

  it('fails an example front end that imports ui, app, test code or a vendor SDK, and lets it import core and adapters', async () => {
    for (const source of ['@vestibule/ui', '@vestibule/app', '@vestibule/test/sandbox', '@stytch/vanilla-js/headless', 'react']) {
      expect(await lint('examples/vanilla/src/fixture.ts', `import { x } from '${source}';\nexport const y = x;\n`)).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*An example front end uses @vestibule\/core and @vestibule\/adapters only/));
    }
    expect(await lint('examples/vanilla/src/fixture.ts', "import { signOut } from '@vestibule/core';\nimport { createStytchAdapters } from '@vestibule/adapters/stytch';\nexport const y = [signOut, createStytchAdapters];\n")).toEqual([]);
  });

  describe('file roles', () => {
    it.each([
      ['core/src/widget/products/passkeys/passkeys.machine.ts', "import { oauthSlot } from '../oauth/oauth.slot';\nexport const x = oauthSlot;\n"],
      ['ui/src/widget/products/wallets/wallets.screens.tsx', "import { OAUTH_ICON_PATH } from '../oauth/oauth.slot-view';\nexport const x = OAUTH_ICON_PATH;\n"],
    ])('fails a product (%s) that imports another product', async (file, code) => {
      expect(await lint(file, code)).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*A product never imports another product/));
    });

    it("lets a product import its own files and what products share (two levels up, or the core's domain)", async () => {
      const code =
        "import type { ProductContext } from '../../widget.types';\nimport { errorMessage } from '../../../domain/errors/error-catalogue';\nimport { oauthSlot } from './oauth.slot';\nexport const x = [oauthSlot, errorMessage] as const;\nexport type Y = ProductContext;\n";
      expect(await lint('core/src/widget/products/oauth/fixture.ts', code)).toEqual([]);
    });

    it('fails a flow that imports the widget', async () => {
      expect(await lint('core/src/flows/password-reset/fixture.ts', "import { COMPLETION_DELAY_MS } from '../../widget/widget.machine';\nexport const x = COMPLETION_DELAY_MS;\n")).toContainEqual(
        expect.stringMatching(/^no-restricted-imports: .*flows never import the widget/),
      );
    });
  });

  describe('only adapters mint a ProviderUrl (the URL NavigationPort.leave takes)', () => {
    const mint = "import { toProviderUrl } from '@vestibule/core';\nexport const url = toProviderUrl('https://client.example/cb');\n";

    it.each(['ui/src/fixture.tsx', 'app/src/fixture.ts', 'test/src/fixture.ts'])('fails %s that imports toProviderUrl', async (file) => {
      expect(await lint(file, mint)).toContainEqual(expect.stringMatching(/^no-restricted-syntax: Only adapters mint a ProviderUrl/));
    });

    it('fails a core file that imports it, reaches it through a namespace, or casts to the brand', async () => {
      const imported = await lint('core/src/flows/fixture.ts', "import { toProviderUrl } from '../domain/redirects/provider-url';\nexport const url = toProviderUrl('x');\n");
      expect(imported).toContainEqual(expect.stringMatching(/^no-restricted-syntax:/));
      const namespaced = await lint('ui/src/fixture.ts', "import * as core from '@vestibule/core';\nexport const url = core.toProviderUrl('x');\n");
      expect(namespaced).toContainEqual(expect.stringMatching(/^no-restricted-syntax:/));
      const cast = await lint('core/src/flows/fixture.ts', "import type { ProviderUrl } from '../domain/redirects/provider-url';\nexport const url = 'javascript:alert(1)' as ProviderUrl;\n");
      expect(cast).toContainEqual(expect.stringMatching(/^no-restricted-syntax:/));
    });

    it('lets an adapter (and a fake standing in for one) mint one', async () => {
      expect(await lint('adapters/src/stytch/fixture.ts', mint)).toEqual([]);
      expect(await lint('test/src/fakes/fixture.ts', mint)).toEqual([]);
    });
  });

  it('fails a deep import into another package', async () => {
    expect((await lint('ui/src/fixture.ts', "import { x } from '@vestibule/core/src/state/store';\nexport const y = x;\n")).length).toBeGreaterThan(0);
  });
});
