import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { PRODUCTS, productFiles } from '../../scripts/new-product.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
type Generated = { files: { path: string; content: string }[]; registrations: { path: string; marker: string }[] };

describe('pnpm new:flow (product module generator)', () => {
  it.each(Object.keys(PRODUCTS as Record<string, string>))('writes the convention for %s: one folder, role-suffixed files', (name) => {
    const { files } = productFiles(name) as Generated;
    const suffixes = files.map((file) => file.path.replace(/^.*\/[a-z-]+\./, '.'));
    expect(suffixes).toEqual(['.types.ts', '.machine.ts', '.effects.ts', '.view.ts', '.module.ts', '.main-block.ts', '.machine.test.ts', '.screens.tsx']);
    expect(files.every((file) => file.path.includes(`/products/${name}/${name}.`))).toBe(true);
    expect(files.map((file) => file.content).join('\n')).not.toMatch(/\$\{(P|name|core|ui)\}|undefined/);
  });

  it('registers through markers that exist in the real catalogue files', () => {
    const { registrations } = productFiles('passwords') as Generated;
    for (const registration of registrations) {
      expect(readFileSync(`${root}${registration.path}`, 'utf8')).toContain(registration.marker);
    }
  });

  it('refuses a name that is not a product of the widget', () => {
    expect(() => productFiles('billing')).toThrow(/Unknown product/);
  });
});
