import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { requestUrl } from './safe-answers';

/** Paths served from a pre-rendered page in the production build, and the file that holds it. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/login': '/login.html', '/login/': '/login.html' };

/** Query parameters a form post is never redirected with (an old GET form put the address there). */
const DROPPED_ON_REDIRECT: readonly string[] = ['email'];

/**
 * Where a form post to a pre-rendered page goes: the same page by GET, with its query string
 * (`redirect`, `source`) and without anything the form held.
 */
export function formPostRedirectTarget(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DROPPED_ON_REDIRECT) params.delete(name);
  const query = params.toString();
  return query === '' ? url.pathname : `${url.pathname}?${query}`;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
}

/**
 * The pre-rendered /login form is `method="post"` so that, submitted before scripts run, the
 * e-mail travels in a body instead of the address bar, history and server logs. Nothing on the
 * server signs in: the post is answered 303 See Other back to the page (GET), which then works
 * with scripts. The body is never read, so the e-mail cannot leak into the answer or the log.
 */
function answerFormPosts(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction): void {
  const url = requestUrl(req);
  if (req.method !== 'POST' || url === null || PRERENDERED_PAGES[url.pathname] === undefined) {
    next();
    return;
  }
  // An unread body must not keep the connection busy (or be read at all): close after answering.
  if (hasBody(req)) res.setHeader('Connection', 'close');
  res.statusCode = 303;
  res.setHeader('Location', formPostRedirectTarget(url));
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

/**
 * Serves pre-rendered pages in `vite preview` (what `pnpm start` runs). Other paths keep the
 * single-page fallback to index.html. In `vite dev` nothing is pre-rendered, but a form post to
 * those paths gets the same 303 in both.
 */
export function prerenderedPagesPlugin(): Plugin {
  return {
    name: 'vestibule-prerendered-pages',
    configureServer(server) {
      server.middlewares.use(answerFormPosts);
    },
    configurePreviewServer(server) {
      server.middlewares.use(answerFormPosts);
      server.middlewares.use((req, _res, next) => {
        const url = requestUrl(req);
        const file = url === null ? undefined : PRERENDERED_PAGES[url.pathname];
        if (url !== null && file !== undefined && (req.method === 'GET' || req.method === 'HEAD')) req.url = `${file}${url.search}`;
        next();
      });
    },
  };
}
