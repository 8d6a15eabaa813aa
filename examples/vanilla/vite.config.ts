import { createSandbox } from '@vestibule/test/sandbox';
import { createSandboxMiddleware } from '@vestibule/test/sandbox/node-middleware';
import { defineConfig, type Plugin } from 'vite';

// The example's own server: `vite` (dev) or `vite preview` (the build), on localhost only. With
// no Stytch token it mounts the repository's sandbox (an emulated Stytch, under /__sandbox) on
// this same origin, exactly as the app's server does, so the real Stytch SDK talks to it offline.

const port = Number(process.env['PORT'] ?? 5174);
const publicToken = process.env['VITE_STYTCH_PUBLIC_TOKEN']?.trim();

/** The sandbox's Node middleware (`test/src/sandbox/node-middleware.ts`); one sandbox per server process. */
function sandbox(): Plugin {
  const middleware = createSandboxMiddleware(createSandbox());
  return {
    name: 'vanilla-example-sandbox',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

export default defineConfig(({ command }) => {
  // The sandbox shows every user's magic links: it runs only when asked for (the scripts set the flag).
  const serving = command === 'serve';
  if (serving && !publicToken && process.env['VESTIBULE_SANDBOX'] !== '1') {
    throw new Error('Set VITE_STYTCH_PUBLIC_TOKEN=public-token-… for your Stytch project, or VESTIBULE_SANDBOX=1 for the offline sandbox (local development only).');
  }
  return {
    plugins: serving && !publicToken ? [sandbox()] : [],
    // localhost, not 127.0.0.1: the SDK's cookies need it. cors: false keeps the sandbox same-origin.
    server: { host: 'localhost', port, strictPort: true, cors: false },
    preview: { host: 'localhost', port, strictPort: true, cors: false },
    build: { target: 'es2022' },
  };
});
