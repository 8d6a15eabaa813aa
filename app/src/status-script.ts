// The status-page script (SPEC §1, §9). No imports on purpose: the server (the CSP, the headers
// file) reads statusScriptUrl too, and the page's part must stay a few bytes of the first load.

/** SPEC §9: the status script is injected this long after the page's `load`. */
export const STATUS_SCRIPT_DELAY_MS = 1000;

/** The sandbox's stand-in for a status page's script (test/src/sandbox/status-page.ts). */
export const SANDBOX_STATUS_SCRIPT_PATH = '/__sandbox/status-page/script.js';

/**
 * The status script a build loads: `VITE_STATUS_SCRIPT_URL` when set, else the sandbox's stand-in
 * when the build runs against the sandbox (no Stytch token), else none (`''`). Throws for a value
 * that is neither an https URL nor a rooted path: the CSP must be able to name its origin.
 */
export function statusScriptUrl(configured: string | undefined, stytchPublicToken: string | undefined): string {
  const url = configured?.trim();
  if (url) {
    if (!/^\/(?!\/)/.test(url) && !(URL.canParse(url) && new URL(url).protocol === 'https:')) {
      throw new Error(`VITE_STATUS_SCRIPT_URL must be an https URL or a path on this origin (starting with one /), not ${JSON.stringify(url)}`);
    }
    return url;
  }
  return stytchPublicToken?.trim() ? '' : SANDBOX_STATUS_SCRIPT_PATH;
}

/** What {@link injectStatusScript} uses of the window (a test passes a framed one). */
export interface StatusScriptWindow {
  readonly document: Pick<Document, 'readyState' | 'createElement' | 'head'>;
  readonly top: unknown;
  readonly self: unknown;
  readonly performance: Pick<Performance, 'now' | 'getEntriesByType'>;
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  setTimeout(handler: () => void, timeout: number): unknown;
}

/**
 * Adds `<script async src=url>` {@link STATUS_SCRIPT_DELAY_MS} after the page's `load`, unless the
 * page is inside a frame (a status banner belongs to the top-level page, once). The entry may run
 * after `load` (/login starts it after its first frame): it then waits only what is left.
 */
export function injectStatusScript(url: string, page: StatusScriptWindow = window): void {
  const inject = (delay: number) =>
    page.setTimeout(() => {
      if (page.top !== page.self) return;
      const script = page.document.createElement('script');
      script.async = true;
      script.src = url;
      page.document.head.append(script);
    }, delay);
  if (page.document.readyState === 'complete') {
    // 0 while `load` is still being dispatched: then it is now.
    const loaded = (page.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd || page.performance.now();
    inject(Math.max(0, STATUS_SCRIPT_DELAY_MS - (page.performance.now() - loaded)));
  } else {
    page.addEventListener('load', () => inject(STATUS_SCRIPT_DELAY_MS), { once: true });
  }
}
