import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_STATUS_SCRIPT_PATH as SANDBOX_SERVES } from '@vestibule/test/sandbox';
import { SANDBOX_STATUS_SCRIPT_PATH, STATUS_SCRIPT_DELAY_MS, injectStatusScript, statusScriptUrl, type StatusScriptWindow } from './status-script';

const URL_ = 'https://status.example/embed/script.js';

/** A page in a given load state, on fake timers; `framed` gives it another top window. */
function fakePage({ readyState, framed = false, loadEventEnd = 0 }: { readyState: DocumentReadyState; framed?: boolean; loadEventEnd?: number }) {
  const load: (() => void)[] = [];
  const page: StatusScriptWindow = {
    document: { readyState, createElement: document.createElement.bind(document), head: document.head },
    top: framed ? {} : 'self',
    self: 'self',
    performance: { now: () => performance.now(), getEntriesByType: () => [{ loadEventEnd } as PerformanceNavigationTiming] },
    addEventListener: (_type, listener) => void load.push(listener),
    setTimeout: (handler, timeout) => setTimeout(handler, timeout),
  };
  return { page, fireLoad: () => load.forEach((listener) => listener()) };
}

const injected = () => [...document.head.querySelectorAll('script')].filter((script) => script.src === URL_);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

describe('the status-page script (SPEC §1, §9: 1 s after load, not inside a frame)', () => {
  it('is added 1 second after load, async, once', () => {
    const { page, fireLoad } = fakePage({ readyState: 'interactive' });
    injectStatusScript(URL_, page);
    vi.advanceTimersByTime(5_000);
    expect(injected()).toHaveLength(0); // no load yet
    fireLoad();
    vi.advanceTimersByTime(STATUS_SCRIPT_DELAY_MS - 1);
    expect(injected()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(injected()).toHaveLength(1);
    expect(injected()[0]?.async).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(injected()).toHaveLength(1);
  });

  it('waits only what is left of the second when the page had loaded before the app started', () => {
    const loadEventEnd = performance.now() - 400;
    const { page } = fakePage({ readyState: 'complete', loadEventEnd });
    injectStatusScript(URL_, page);
    vi.advanceTimersByTime(599);
    expect(injected()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(injected()).toHaveLength(1);
  });

  it('is never added inside a frame', () => {
    const { page, fireLoad } = fakePage({ readyState: 'loading', framed: true });
    injectStatusScript(URL_, page);
    fireLoad();
    vi.advanceTimersByTime(10_000);
    expect(injected()).toHaveLength(0);
  });

  it('comes from VITE_STATUS_SCRIPT_URL, else the sandbox stand-in in a sandbox build, else nowhere', () => {
    expect(statusScriptUrl(URL_, 'public-token-live-x')).toBe(URL_);
    expect(statusScriptUrl('/status.js', undefined)).toBe('/status.js');
    expect(statusScriptUrl(undefined, undefined)).toBe(SANDBOX_STATUS_SCRIPT_PATH);
    expect(statusScriptUrl(' ', undefined)).toBe(SANDBOX_STATUS_SCRIPT_PATH);
    expect(statusScriptUrl(undefined, 'public-token-live-x')).toBe('');
    // The sandbox serves the stand-in where the app looks for it.
    expect(SANDBOX_SERVES).toBe(SANDBOX_STATUS_SCRIPT_PATH);
  });

  it('refuses a URL the CSP could not name by its origin', () => {
    for (const bad of ['http://status.example/s.js', '//status.example/s.js', 'javascript:alert(1)', 'status.js', 'data:text/javascript,1']) {
      expect(() => statusScriptUrl(bad, undefined), bad).toThrow(/VITE_STATUS_SCRIPT_URL/);
    }
  });
});
