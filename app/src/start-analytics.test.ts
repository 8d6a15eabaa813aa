// @vitest-environment jsdom
import { createAuthCore } from '@vestibule/core';
import { createFakePorts } from '@vestibule/test/fakes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortResolver } from './composition/browser-core';
import { PAGE_SETTINGS_ELEMENT_ID } from './routes/page-settings';
import { startAnalytics } from './start-analytics';

afterEach(() => document.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.remove());

function page(settings?: string) {
  if (settings !== undefined) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_SETTINGS_ELEMENT_ID;
    block.textContent = settings;
    document.body.append(block);
  }
  const ports = createFakePorts();
  const core = createAuthCore(ports, { origin: 'http://localhost:5173' });
  const resolve = vi.fn((_key: string) => Promise.resolve(ports.analytics));
  return { ports, core, resolve, loadPorts: () => Promise.resolve({ resolve } as unknown as PortResolver) };
}

describe('starting analytics once the page is interactive', () => {
  it('makes the analytics adapter (which loads posthog-js) and identifies the visitor the page names, scrubbed', async () => {
    const { ports, core, resolve, loadPorts } = page('{"distinctId":"user-42","identifyPayload":{"plan":"pro","last_url":"/home?session_token=abc123secret"}}');
    startAnalytics(core, loadPorts);
    await core.events.ready();
    await vi.waitFor(() => expect(resolve).toHaveBeenCalledWith('analytics'));
    expect(ports.analytics.identified).toEqual([{ distinctId: 'user-42', properties: { plan: 'pro', last_url: '/home' } }]);
  });

  it('identifies nobody without a distinct id and payload, and never throws when the adapters cannot load', async () => {
    const { ports, core } = page('{"distinctId":"user-42"}');
    expect(() => startAnalytics(core, () => Promise.reject(new Error('offline')))).not.toThrow();
    await core.events.ready();
    expect(ports.analytics.identified).toEqual([]);
  });
});
