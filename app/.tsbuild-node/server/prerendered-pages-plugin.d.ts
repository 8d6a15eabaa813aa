import type { Plugin } from 'vite';
/** Paths served from a pre-rendered page in the production build, and the file that holds it. */
export declare const PRERENDERED_PAGES: Readonly<Record<string, string>>;
/**
 * Serves pre-rendered pages in `vite preview` (what `pnpm start` runs). Other paths keep the
 * single-page fallback to index.html. In `vite dev` nothing is pre-rendered.
 */
export declare function prerenderedPagesPlugin(): Plugin;
