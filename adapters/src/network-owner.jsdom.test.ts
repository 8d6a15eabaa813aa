// @vitest-environment jsdom
import { createSandbox } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import type { PostHog } from 'posthog-js/dist/module.slim.no-external';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { observeRetryAfter } from './stytch/retry-after-observer';
import { createPosthogAnalytics } from './posthog/posthog-analytics.adapter';

// One owner of network instrumentation (issue 20): the real posthog-js (its slim module, as the
// app loads it, and on a host that is not local its extensions after identify) against the
// sandbox's sink, in jsdom, beside the Stytch adapters' fetch observer. Here, not in either
// adapter's folder: it is about the two together.
const ORIGIN = 'http://localhost:5173';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

/** What posthog-js's extension bundles register on the page when they load (none is in the slim module). */
const registeredExtensions = (): readonly string[] => Object.keys(Object(Reflect.get(window, '__PosthogExtensions__')));

describe('posthog-js (slim) behind the analytics port, against the sandbox sink', () => {
  it('wraps no fetch: after posthog-js loaded, fetch is still wrapped once, by the Stytch observer', async () => {
    const original = globalThis.fetch;
    const observer = observeRetryAfter(`${ORIGIN}/__sandbox/stytch`);
    const wrapped = globalThis.fetch;
    expect(wrapped).not.toBe(original);
    const xhrOpen = XMLHttpRequest.prototype.open;

    const analytics = createPosthogAnalytics(
      { projectKey: 'phc_sandbox', apiHost: `${ORIGIN}/__sandbox/posthog`, local: true },
      // Sent at once instead of every 3 s, so the test need not wait; plain JSON, as jsdom's Blob
      // cannot stream for the sink's gzip decoding (the browser tests cover compressed bodies).
      { config: { request_batching: false, disable_compression: true } },
    );
    analytics.capture({ id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', sentAt: Date.now(), name: 'email_sent', properties: { email: 'ada@example.com', type: 'login_or_create_eml' } });
    analytics.identify({ distinctId: 'user-42', properties: { plan: 'pro' } });

    await vi.waitFor(() => expect(sandbox.state.analyticsEvents.map((event) => event.event)).toEqual(expect.arrayContaining(['email_sent', '$identify'])), { timeout: 5_000 });
    const sent = sandbox.state.analyticsEvents.find((event) => event.event === 'email_sent');
    expect(sent).toMatchObject({ properties: { email: 'ada@example.com', event_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' } });
    expect(sandbox.state.analyticsEvents.find((event) => event.event === '$identify')).toMatchObject({ distinct_id: 'user-42' });

    // One owner of network instrumentation.
    expect(globalThis.fetch).toBe(wrapped);
    expect(XMLHttpRequest.prototype.open).toBe(xhrOpen);
    observer.dispose();
    expect(globalThis.fetch).toBe(original);

    // A local host identifies and loads nothing more: no extension's chunk was imported.
    const posthog = (await import('posthog-js/dist/module.slim.no-external')).default;
    expect(registeredExtensions()).not.toContain('initDeadClicksAutocapture');
    expect(registeredExtensions()).not.toContain('postHogWebVitalsCallbacksByFlavor');
    expect(posthog.deadClicksAutocapture).toBeUndefined();
    expect(posthog.webVitalsAutocapture).toBeUndefined();
  });

  it('wraps no fetch with its extensions either: dead clicks, web vitals and rage clicks running on a host that is not local', async () => {
    const observer = observeRetryAfter(`${ORIGIN}/__sandbox/stytch`);
    const wrapped = globalThis.fetch;
    const xhrOpen = XMLHttpRequest.prototype.open;
    const xhrSend = XMLHttpRequest.prototype.send;

    // An instance of its own (the module's is the local host's above), loaded as the adapter does.
    let posthog: PostHog | undefined;
    const analytics = createPosthogAnalytics<PostHog>(
      { projectKey: 'phc_sandbox_production', apiHost: `${ORIGIN}/__sandbox/posthog`, local: false },
      {
        loaders: {
          load: () => import('posthog-js/dist/module.slim.no-external').then(({ PostHog }) => (posthog = new PostHog())),
          loadIdentifiedCapture: () => import('./posthog/posthog-extensions').then((module) => module.installIdentifiedCapture),
        },
        config: { request_batching: false, disable_compression: true },
      },
    );
    analytics.identify({ distinctId: 'user-7', properties: {} });
    await vi.waitFor(() => expect(posthog?.deadClicksAutocapture?.lazyLoadedDeadClicksAutocapture).toBeDefined(), { timeout: 5_000 });
    expect(registeredExtensions()).toEqual(expect.arrayContaining(['initDeadClicksAutocapture', 'postHogWebVitalsCallbacksByFlavor']));
    expect(posthog?.webVitalsAutocapture?.isEnabled).toBe(true);
    // Rage clicks and autocapture's listeners at work, and what they send sent.
    const button = document.body.appendChild(document.createElement('button'));
    for (let press = 0; press < 3; press++) button.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 5, clientY: 5, detail: 1 }));
    await vi.waitFor(() => expect(sandbox.state.analyticsEvents.filter((event) => event.event === '$rageclick' && event.distinct_id === 'user-7')).toHaveLength(1), { timeout: 5_000 });

    expect(globalThis.fetch).toBe(wrapped);
    expect(XMLHttpRequest.prototype.open).toBe(xhrOpen);
    expect(XMLHttpRequest.prototype.send).toBe(xhrSend);
    observer.dispose();
  });
});
