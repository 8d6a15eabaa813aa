// @vitest-environment jsdom
import { createSandbox } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { observeRetryAfter } from './stytch/retry-after-observer';
import { createPosthogAnalytics } from './posthog/posthog-analytics.adapter';

// One owner of network instrumentation (issue 20): the real posthog-js (its slim module, as the
// app loads it) against the sandbox's sink, in jsdom, beside the Stytch adapters' fetch observer.
// Here, not in either adapter's folder: it is about the two together.
const ORIGIN = 'http://localhost:5173';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

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
  });
});
