import type { Plugin } from 'vite';
/**
 * Mounts the provider sandbox on the app's own origin in `vite dev` and `vite preview`, so the
 * real Stytch SDK runs offline. One sandbox per server process: its state survives page loads.
 */
export declare function sandboxPlugin(): Plugin;
