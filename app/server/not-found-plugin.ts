import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { isKnownRoutePath } from '../src/route-paths';
import { answerErrorsSafely, requestUrl } from './safe-answers';
import { SECURITY_HEADERS } from './security-headers';

type Next = (err?: unknown) => void;

/** Paths this plugin never answers: the sandbox and Vite's own (dev) modules. */
function isReserved(pathname: string): boolean {
  return (
    pathname === '/__sandbox' ||
    pathname.startsWith('/__sandbox/') ||
    pathname.startsWith('/@') ||
    pathname.startsWith('/node_modules/') ||
    pathname.startsWith('/src/')
  );
}

function pathnameOf(req: IncomingMessage): string | null {
  const url = requestUrl(req);
  if (url === null) return null;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/** True when `pathname` names a file inside `root` (never outside it, whatever the dots say). */
function isFileIn(root: string, pathname: string): boolean {
  const file = resolve(root, `.${pathname}`);
  if (file !== root && !file.startsWith(root + sep)) return false;
  return existsSync(file) && statSync(file).isFile();
}

function sendNotFound(req: IncomingMessage, res: ServerResponse, html: string, headers: Readonly<Record<string, string>>): void {
  res.statusCode = 404;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(req.method === 'HEAD' ? undefined : html);
}

/**
 * Unknown paths answer HTTP 404 with the app page, which renders the not-found screen: a crawler,
 * a link checker or a monitoring probe then sees the truth instead of a 200. Routes come from
 * src/route-paths.ts; files, assets and the sandbox are left to the servers that own them.
 */
export function notFoundPlugin(): Plugin {
  return {
    name: 'vestibule-not-found',
    configurePreviewServer(server) {
      // The last answer of `pnpm start`: an error is a bare 500, never connect's page with a stack.
      answerErrorsSafely(server.middlewares);
      const distDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
        const pathname = pathnameOf(req);
        if ((req.method !== 'GET' && req.method !== 'HEAD') || pathname === null) return next();
        if (isReserved(pathname) || isKnownRoutePath(pathname) || isFileIn(distDir, pathname)) return next();
        // The same headers as every page of the preview (Vite sets them on static files only).
        sendNotFound(req, res, readFileSync(join(distDir, 'index.html'), 'utf8'), SECURITY_HEADERS);
      });
    },
    configureServer(server) {
      // In dev, files are virtual (transformed modules), so only page-like paths are judged: no
      // file extension, and the browser asked for HTML.
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
        const pathname = pathnameOf(req);
        const wantsHtml = (req.headers.accept ?? '').includes('text/html');
        if ((req.method !== 'GET' && req.method !== 'HEAD') || pathname === null || !wantsHtml) return next();
        if (isReserved(pathname) || isKnownRoutePath(pathname) || extname(pathname) !== '') return next();
        if (isFileIn(resolve(server.config.root, server.config.publicDir), pathname)) return next();
        const template = readFileSync(join(server.config.root, 'index.html'), 'utf8');
        server.transformIndexHtml(req.url ?? '/', template).then(
          // No CSP in dev: Vite's React preamble is an inline script.
          (html) => sendNotFound(req, res, html, {}),
          (error: unknown) => next(error),
        );
      });
    },
  };
}
