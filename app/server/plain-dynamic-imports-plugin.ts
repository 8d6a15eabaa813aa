import type { Plugin } from 'vite';

/** Vite's module for the helper it wraps around every dynamic `import()` in a build. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * The preload helper Vite's own would shrink to here: with `build.modulePreload: false` and no
 * stylesheet in any lazily loaded chunk, every call it receives has an empty list of files to
 * preload, so all it does is call the import. Its body is still about 1.5 kB of the /login first
 * load (0.6 kB gzip); this one is a few bytes. A failed import still rejects to the caller.
 */
export const PLAIN_PRELOAD_HELPER = 'export const __vitePreload = (load) => load();';

interface ChunkWithCss {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/** Lazily loaded chunks that bring a stylesheet: the plain helper would never load it. */
export function lazyChunksWithCss(bundle: Readonly<Record<string, { readonly type: string }>>): string[] {
  return Object.values(bundle)
    .filter((output): output is ChunkWithCss => output.type === 'chunk')
    .filter((chunk) => !chunk.isEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0)
    .map((chunk) => chunk.fileName);
}

/**
 * Replaces Vite's preload helper with {@link PLAIN_PRELOAD_HELPER} in builds, and fails the build
 * if a lazily loaded chunk ever imports CSS (then Vite's helper is needed again to load it).
 */
export function plainDynamicImportsPlugin(): Plugin {
  return {
    name: 'vestibule-plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER_ID ? PLAIN_PRELOAD_HELPER : null;
    },
    generateBundle(_options, bundle) {
      const withCss = lazyChunksWithCss(bundle);
      if (withCss.length > 0) {
        this.error(`Lazily loaded chunks import CSS (${withCss.join(', ')}): remove plainDynamicImportsPlugin so Vite's preload helper loads it.`);
      }
    },
  };
}
