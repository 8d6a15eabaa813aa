import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { REFLECT_METADATA_LITE_ALIAS, STYTCH_CLIENT_GROUP } from './server/composition-chunk';
import { SHARED_RUNTIME_GROUP, slotGroups } from './server/first-load-chunks';
import { earlyPressPlugin } from './server/early-press';
import { notFoundPlugin } from './server/not-found-plugin';
import { plainDynamicImportsPlugin } from './server/plain-dynamic-imports-plugin';
import { prerenderedPagesPlugin } from './server/prerendered-pages-plugin';
import { reactProductionPlugin } from './server/react-production-plugin';
import { chooseProvider, sandboxPlugin } from './server/sandbox-plugin';
import { SECURITY_HEADERS, cacheControlPlugin } from './server/security-headers';
import { isLocalStyleHost } from './src/local-redirect';
import { statusScriptUrl } from './src/status-script';

const port = Number(process.env.PORT ?? 5173);

export default defineConfig(({ command, isPreview, mode }) => {
  // Throws with what to set when neither a Stytch token nor VESTIBULE_SANDBOX=1 is given.
  // (Vitest loads configs in mode "test"; it never serves the app.)
  const provider = mode === 'test' ? { kind: 'sandbox' as const } : chooseProvider(process.env, isPreview ? 'serve the build' : command === 'build' ? 'build' : 'serve');
  // Checked here, so the page's redirect holds no check of its own (src/local-redirect.ts).
  const localDevHost = process.env.VITE_LOCAL_DEV_HOST?.trim();
  if (localDevHost && !isLocalStyleHost(localDevHost)) throw new Error(`VITE_LOCAL_DEV_HOST must be a <name>.localhost host name, not ${JSON.stringify(localDevHost)}`);
  return {
    // Resolved once here (the sandbox's stand-in by default in a sandbox build): the page reads a
    // constant, and no code at all when there is no status script. A name of its own: defining an
    // `import.meta.env` key would add it to every `import.meta.env` object the build writes out.
    define: { __STATUS_SCRIPT_URL__: JSON.stringify(statusScriptUrl(process.env.VITE_STATUS_SCRIPT_URL, process.env.VITE_STYTCH_PUBLIC_TOKEN)) },
    plugins: [
      react(),
      cacheControlPlugin(),
      earlyPressPlugin(),
      notFoundPlugin(),
      prerenderedPagesPlugin(),
      plainDynamicImportsPlugin(),
      // The browser build bundles React's production modules, and only the exports the sources import.
      reactProductionPlugin(['app', 'ui', 'core', 'adapters'].map((workspace) => new URL(`../${workspace}/src`, import.meta.url).pathname)),
      // With a real Stytch project configured, the sandbox is not mounted at all.
      ...(provider.kind === 'sandbox' ? [sandboxPlugin()] : []),
    ],
    // localhost, not 127.0.0.1: WebAuthn refuses IP hosts and the SDK's cookies need it.
    // cors: false — Vite's default lets any localhost origin read every answer, including the
    // sandbox's magic links; the app never needs cross-origin access to its own server.
    server: { host: 'localhost', port, strictPort: true, cors: false },
    preview: { host: 'localhost', port, strictPort: true, cors: false, headers: { ...SECURITY_HEADERS } },
    // rxjs publishes an ES2015 build under the `es2015` condition; without it Vite picks the
    // down-levelled ES5 build plus tslib, several kB more in the first load.
    resolve: { conditions: ['es2015', ...defaultClientConditions], alias: [REFLECT_METADATA_LITE_ALIAS] },
    build: {
      target: 'es2022',
      sourcemap: true,
      manifest: true,
      modulePreload: false,
      rolldownOptions: { output: { codeSplitting: { groups: [SHARED_RUNTIME_GROUP, ...slotGroups(new URL('../core', import.meta.url).pathname), STYTCH_CLIENT_GROUP] } } },
    },
  };
});
