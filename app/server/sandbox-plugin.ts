import { createSandbox } from '@vestibule/test/sandbox';
import { createSandboxMiddleware } from '@vestibule/test/sandbox/node-middleware';
import type { Plugin } from 'vite';

/** Set to 1 by `pnpm start` / `pnpm dev`: nothing runs the sandbox without saying so. */
export const SANDBOX_FLAG = 'VESTIBULE_SANDBOX';
export const PUBLIC_TOKEN_VARIABLE = 'VITE_STYTCH_PUBLIC_TOKEN';

export type ProviderChoice = { kind: 'stytch'; publicToken: string } | { kind: 'sandbox' };

/**
 * Which provider this build or server uses. A public token means Stytch (the sandbox is not
 * mounted, whatever the flag says); otherwise the sandbox must be enabled explicitly, so a
 * production deploy that forgot its token fails here instead of serving everyone's magic links.
 */
export function chooseProvider(env: Readonly<Record<string, string | undefined>>, command: string): ProviderChoice {
  const publicToken = env[PUBLIC_TOKEN_VARIABLE]?.trim();
  if (publicToken) return { kind: 'stytch', publicToken };
  if (env[SANDBOX_FLAG] === '1') return { kind: 'sandbox' };
  throw new Error(
    [
      `Vestibule: refusing to ${command} without a provider.`,
      `  Set ${PUBLIC_TOKEN_VARIABLE}=public-token-… to use your Stytch project, or`,
      `  set ${SANDBOX_FLAG}=1 to run the offline sandbox, which shows every user's magic links to anyone who can reach this server (local development only; \`pnpm start\` and \`pnpm dev\` set it).`,
    ].join('\n'),
  );
}

function banner(origin: string): string {
  const line = '━'.repeat(78);
  return [
    '',
    `  ${line}`,
    '  ⚠  SANDBOX MODE — no real Stytch project. An emulated provider runs in this server and',
    "     shows every user's magic links in its inbox. Loopback only; never expose this server.",
    `  ${line}`,
    `  Vestibule sign-in:   ${origin}/login`,
    `  Sandbox inbox:       ${origin}/__sandbox/`,
    `  Widget playground:   ${origin}/playground`,
    `  ${line}`,
    '',
  ].join('\n');
}

/**
 * Mounts the provider sandbox on the app's own origin in `vite dev` and `vite preview`, so the
 * real Stytch SDK runs offline. One sandbox per server process: its state survives page loads.
 */
export function sandboxPlugin(): Plugin {
  const middleware = createSandboxMiddleware(createSandbox());
  const announce = (url: string | undefined) => {
    if (url) console.log(banner(url.replace(/\/$/, '')));
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
