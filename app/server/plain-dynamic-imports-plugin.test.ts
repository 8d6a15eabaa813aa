import { describe, expect, it } from 'vitest';
import { lazyChunksWithCss, PLAIN_PRELOAD_HELPER, PRELOAD_HELPER_ID, plainDynamicImportsPlugin } from './plain-dynamic-imports-plugin';

const chunk = (fileName: string, isEntry: boolean, css: string[]) => ({ type: 'chunk', fileName, isEntry, viteMetadata: { importedCss: new Set(css) } });

describe('plain preload helper', () => {
  it("serves a helper that only calls the import, and rejects when the import does", async () => {
    const plugin = plainDynamicImportsPlugin();
    const load = plugin.load as (id: string) => string | null;
    expect(load(PRELOAD_HELPER_ID)).toBe(PLAIN_PRELOAD_HELPER);
    expect(load('/src/main.tsx')).toBeNull();

    const { __vitePreload } = (await import(`data:text/javascript,${encodeURIComponent(PLAIN_PRELOAD_HELPER)}`)) as {
      __vitePreload: <T>(load: () => Promise<T>, deps?: string[]) => Promise<T>;
    };
    await expect(__vitePreload(() => Promise.resolve('module'), [])).resolves.toBe('module');
    await expect(__vitePreload(() => Promise.reject(new Error('chunk failed')), [])).rejects.toThrow('chunk failed');
  });

  it('names the lazily loaded chunks that bring a stylesheet (the plain helper would never load it)', () => {
    const bundle = {
      'index.js': chunk('index.js', true, ['index.css']),
      'page.js': chunk('page.js', false, []),
      'styled.js': chunk('styled.js', false, ['styled.css']),
      'index.css': { type: 'asset' },
    };
    expect(lazyChunksWithCss(bundle)).toEqual(['styled.js']);
  });
});
