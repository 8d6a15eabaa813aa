// @vitest-environment jsdom
import { createSandbox } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import type { PostHog } from 'posthog-js/dist/module.slim.no-external';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPosthogAnalytics } from './posthog-analytics.adapter';

// SPEC §1: after identify on a host that is not local, dead clicks, performance capture and rage
// clicks work. The real posthog-js as the app loads it (the slim module, then its extensions' chunk
// on identify), against the sandbox's sink, in jsdom.
const ORIGIN = 'http://localhost:5173';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
/** The instance the adapter loads, read once loaded: posthog-js takes `fetch` as it loads, so after msw's. */
let posthog: PostHog;
const sent = (name: string) => sandbox.state.analyticsEvents.filter((event) => event.event === name);

/** The page's one button, which does nothing when clicked (a dead click, or a rage click when pressed thrice). */
const button = document.createElement('button');
button.textContent = 'Continue';
document.body.append(button);
const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 40, clientY: 20, detail: 1, button: 0 }));

/** jsdom has no PerformanceObserver; this one reports what a browser would: a first contentful paint. */
class PaintObserver implements PerformanceObserver {
  static readonly supportedEntryTypes = ['paint'];
  constructor(private readonly report: PerformanceObserverCallback) {}
  observe(options?: PerformanceObserverInit): void {
    const paint = { name: 'first-contentful-paint', entryType: 'paint', startTime: 120, duration: 0, toJSON: () => ({}) };
    const entries = { getEntries: () => [paint], getEntriesByName: () => [paint], getEntriesByType: () => [paint] };
    if (options?.type === 'paint') queueMicrotask(() => this.report(entries, this));
  }
  disconnect(): void {}
  takeRecords(): PerformanceEntryList {
    return [];
  }
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  posthog = (await import('posthog-js/dist/module.slim.no-external')).default;
  const analytics = createPosthogAnalytics(
    // Not a local host (the app's table decides that from the host name), sending to the sandbox.
    { projectKey: 'phc_sandbox', apiHost: `${ORIGIN}/__sandbox/posthog`, local: false },
    // Sent at once, uncompressed (as network-owner.jsdom.test.ts explains).
    { config: { request_batching: false, disable_compression: true } },
  );
  analytics.identify({ distinctId: 'user-42', properties: { plan: 'pro' } });
  await vi.waitFor(() => expect(posthog.deadClicksAutocapture?.lazyLoadedDeadClicksAutocapture).toBeDefined(), { timeout: 5_000 });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

describe('posthog-js after identify on a host that is not local', () => {
  it('captures a rage click (three rapid clicks on one element) and no autocapture event', async () => {
    for (let press = 0; press < 3; press++) click(button);
    await vi.waitFor(() => expect(sent('$rageclick')).toHaveLength(1), { timeout: 5_000 });
    expect(sent('$rageclick')[0]).toMatchObject({ distinct_id: 'user-42', properties: { $event_type: 'click', $elements: expect.arrayContaining([expect.objectContaining({ tag_name: 'button', $el_text: 'Continue' })]) } });
    // Autocapture itself stays off (SPEC §1): its machinery only finds the rage clicks.
    expect(sent('$autocapture')).toEqual([]);
    expect(posthog.config.autocapture).toBe(false);
  });

  it('captures a dead click: a click after which nothing changes, once posthog-js has waited for a change', async () => {
    // A click of its own, more than a second after the rage click's (posthog-js counts a repeat within 1 s as the same).
    const other = document.createElement('button');
    other.textContent = 'Resend';
    document.body.append(other);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = sent('$dead_click').length;
    click(other);
    // posthog-js checks every second and calls a click dead after 2.75 s with no mutation, scroll or selection.
    await vi.waitFor(() => expect(sent('$dead_click').slice(before).map((event) => event.properties?.['$el_text'])).toContain('Resend'), { timeout: 6_000, interval: 200 });
  }, 10_000);

  it('captures performance: web vitals, observed with PerformanceObserver, sent when the page is left', async () => {
    expect(posthog.webVitalsAutocapture?.isEnabled).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(sent('$web_vitals')).toHaveLength(1), { timeout: 5_000 });
    expect(sent('$web_vitals')[0]).toMatchObject({ distinct_id: 'user-42', properties: { $web_vitals_FCP_value: 120 } });
  });
});
