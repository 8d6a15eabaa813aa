import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { prerenderedPagesPlugin } from './server/prerendered-pages-plugin';
import { sandboxPlugin } from './server/sandbox-plugin';
import { SECURITY_HEADERS, cacheControlPlugin } from './server/security-headers';

const port = Number(process.env.PORT ?? 5173);
// With a real Stytch project configured, the sandbox is not mounted at all.
const usesSandbox = !process.env.VITE_STYTCH_PUBLIC_TOKEN;

export default defineConfig({
  plugins: [react(), cacheControlPlugin(), prerenderedPagesPlugin(), ...(usesSandbox ? [sandboxPlugin()] : [])],
  // localhost, not 127.0.0.1: WebAuthn refuses IP hosts and the SDK's cookies need it.
  server: { host: 'localhost', port, strictPort: true },
  preview: { host: 'localhost', port, strictPort: true, headers: { ...SECURITY_HEADERS } },
  // rxjs publishes an ES2015 build under the `es2015` condition; without it Vite picks the
  // down-levelled ES5 build plus tslib, several kB more in the first load.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
