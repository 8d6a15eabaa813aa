import { createSandbox } from '@vestibule/test/sandbox';
import { createSandboxMiddleware } from '@vestibule/test/sandbox/node-middleware';
import type { Plugin } from 'vite';

/**
 * Mounts the provider sandbox on the app's own origin in `vite dev` and `vite preview`, so the
 * real Stytch SDK runs offline. One sandbox per server process: its state survives page loads.
 */
export function sandboxPlugin(): Plugin {
  const middleware = createSandboxMiddleware(createSandbox());
  const announce = (url: string | undefined) => {
    if (!url) return;
    const origin = url.replace(/\/$/, '');
    console.log(`\n  Vestibule sign-in:   ${origin}/login\n  Sandbox inbox:       ${origin}/__sandbox/\n  Widget playground:   ${origin}/playground\n`);
  };
  return {
    name: 'vestibule-sandbox',
    configureServer(server) {
      server.middlewares.use(middleware);
      server.httpServer?.once('listening', () => setTimeout(() => announce(server.resolvedUrls?.local[0]), 0));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
      server.httpServer.once('listening', () => setTimeout(() => announce(server.resolvedUrls?.local[0]), 0));
    },
  };
}
