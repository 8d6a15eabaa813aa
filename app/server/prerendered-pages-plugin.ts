import type { Plugin } from 'vite';

/** Paths served from a pre-rendered page in the production build, and the file that holds it. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/login': '/login.html', '/login/': '/login.html' };

/**
 * Serves pre-rendered pages in `vite preview` (what `pnpm start` runs). Other paths keep the
 * single-page fallback to index.html. In `vite dev` nothing is pre-rendered.
 */
export function prerenderedPagesPlugin(): Plugin {
  return {
    name: 'vestibule-prerendered-pages',
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const file = PRERENDERED_PAGES[url.pathname];
        if (file && (req.method === 'GET' || req.method === 'HEAD')) req.url = `${file}${url.search}`;
        next();
      });
    },
  };
}
