import type { AnalyticsEventRecord } from '@vestibule/core';
import { describe, expect, it, vi } from 'vitest';
import { createNoAnalytics, createPosthogAnalytics, IDENTIFIED_CAPTURE, posthogConfig, scrubCapture, type PosthogClient, type PosthogHostSettings } from './posthog-analytics.adapter';

const LOCAL: PosthogHostSettings = { projectKey: 'phc_local', apiHost: 'http://localhost:5173/__sandbox/posthog', local: true };
const PRODUCTION: PosthogHostSettings = { projectKey: 'phc_live', apiHost: 'https://eu.i.posthog.com', local: false };
const EVENT: AnalyticsEventRecord = {
  id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  sentAt: Date.UTC(2026, 10, 26, 9, 30),
  name: 'email_sent',
  properties: { email: 'ada@example.com', type: 'login_or_create_eml' },
};
const settle = async () => {
  for (let round = 0; round < 10; round++) await Promise.resolve();
};

/** A stand-in for posthog-js that records what the adapter asks of it. */
function fakePosthog(distinctId = 'anonymous-1') {
  const calls: unknown[][] = [];
  let current = distinctId;
  const client: PosthogClient = {
    init: ((key: string, config: unknown) => void calls.push(['init', key, config])) as unknown as PosthogClient['init'],
    capture: ((name: string, properties: unknown, options: unknown) => void calls.push(['capture', name, properties, options])) as PosthogClient['capture'],
    identify: (id: string, properties?: unknown) => {
      calls.push(['identify', id, properties]);
      current = id;
    },
    get_distinct_id: () => current,
    set_config: (config) => void calls.push(['set_config', config]),
  };
  // What the extensions' chunk gives: records that it was added to this client.
  const install = (posthog: PosthogClient) => void calls.push(['install extensions', posthog === client]);
  const loaders = { load: vi.fn(() => Promise.resolve(client)), loadIdentifiedCapture: vi.fn(() => Promise.resolve(install)) };
  return { client, calls, loaders };
}

describe('posthog-js configuration per host (SPEC §1)', () => {
  it('turns off autocapture, web experiments, dead clicks, performance and rage clicks everywhere', () => {
    for (const settings of [LOCAL, PRODUCTION]) {
      expect(posthogConfig(settings)).toMatchObject({
        api_host: settings.apiHost,
        autocapture: false,
        disable_web_experiments: true,
        capture_dead_clicks: false,
        capture_performance: false,
        rageclick: false,
      });
    }
  });

  it('turns off session recording and flag loading on a local host only', () => {
    expect(posthogConfig(LOCAL)).toMatchObject({ disable_session_recording: true, advanced_disable_feature_flags: true, advanced_disable_feature_flags_on_first_load: true, opt_out_useragent_filter: true });
    const production = posthogConfig(PRODUCTION);
    for (const name of ['disable_session_recording', 'advanced_disable_feature_flags', 'advanced_disable_feature_flags_on_first_load', 'opt_out_useragent_filter']) {
      expect(production).not.toHaveProperty(name);
    }
  });

  it('leaves network instrumentation to the Stytch adapters: no tracing headers, no network recording, no external scripts', () => {
    for (const settings of [LOCAL, PRODUCTION]) {
      const config = posthogConfig(settings);
      expect(config).not.toHaveProperty('__add_tracing_headers');
      expect(config).toMatchObject({ disable_external_dependency_loading: true, session_recording: { recordHeaders: false, recordBody: false } });
    }
  });

  it('initialises posthog-js once, with the host’s project key and configuration', async () => {
    const { calls, loaders } = fakePosthog();
    createPosthogAnalytics(PRODUCTION, { loaders, config: { request_batching: false } });
    await settle();
    expect(loaders.load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([['init', 'phc_live', { ...posthogConfig(PRODUCTION), request_batching: false }]]);
  });
});

describe('what posthog-js adds itself', () => {
  it('is scrubbed before it is sent: a session token or JWT in its address properties is gone, the rest kept', () => {
    const timestamp = new Date(EVENT.sentAt);
    const capture = {
      uuid: EVENT.id,
      event: '$pageview',
      properties: {
        $current_url: 'https://shop.example/?session_token=secret-token&keep=1',
        $referrer: 'https://shop.example/back#session_jwt=a.b.c',
        nested: { stytch_session_jwt: 'a.b.c' },
        token: 'phc_live',
      },
      timestamp,
    };
    const scrubbed = scrubCapture(capture as unknown as Parameters<typeof scrubCapture>[0]);
    expect(JSON.stringify(scrubbed)).not.toMatch(/secret-token|a\.b\.c/);
    expect(scrubbed?.properties['$current_url']).toBe('https://shop.example/?keep=1');
    expect(scrubbed?.properties['token']).toBe('phc_live');
    // posthog-js reads the time as a Date after the hook.
    expect(scrubbed?.timestamp).toBe(timestamp);
    expect(scrubCapture(null)).toBeNull();
  });

  it('goes through that scrubbing on every host', () => {
    expect(posthogConfig(LOCAL).before_send).toBe(scrubCapture);
    expect(posthogConfig(PRODUCTION).before_send).toBe(scrubCapture);
  });
});

describe('capture', () => {
  it("names the event after the widget's event type, with the bus's id as its uuid and its time", async () => {
    const { calls, loaders } = fakePosthog();
    const analytics = createPosthogAnalytics(LOCAL, { loaders });
    analytics.capture(EVENT);
    await settle();
    expect(calls.slice(1)).toEqual([
      ['capture', 'email_sent', { email: 'ada@example.com', type: 'login_or_create_eml', event_id: EVENT.id }, { timestamp: new Date(EVENT.sentAt), uuid: EVENT.id }],
    ]);
  });

  it('passes no uuid for an id that is not one (posthog refuses those)', async () => {
    const { calls, loaders } = fakePosthog();
    createPosthogAnalytics(LOCAL, { loaders }).capture({ ...EVENT, id: 'mk3x-0' });
    await settle();
    expect(calls[1]?.[3]).toEqual({ timestamp: new Date(EVENT.sentAt) });
  });

  it('keeps what arrives before posthog-js has loaded, in order', async () => {
    const { client, calls, loaders } = fakePosthog();
    let arrive: (loaded: PosthogClient) => void = () => undefined;
    const analytics = createPosthogAnalytics(LOCAL, { loaders: { ...loaders, load: () => new Promise<PosthogClient>((resolve) => (arrive = resolve)) } });
    analytics.capture({ ...EVENT, name: 'render_login_screen' });
    analytics.capture(EVENT);
    await settle();
    expect(calls).toEqual([]);
    arrive(client);
    await settle();
    expect(calls.map(([kind, name]) => (kind === 'capture' ? name : kind))).toEqual(['init', 'render_login_screen', 'email_sent']);
  });

  it('never throws when posthog-js cannot load or throws itself', async () => {
    const { client, loaders } = fakePosthog();
    const failing = createPosthogAnalytics(LOCAL, { loaders: { ...loaders, load: () => Promise.reject(new Error('chunk gone')) } });
    expect(() => failing.capture(EVENT)).not.toThrow();
    const throwing = createPosthogAnalytics(LOCAL, {
      loaders: {
        ...loaders,
        load: () =>
          loaders.load().then(() => ({
            ...client,
            capture: () => {
              throw new Error('quota');
            },
          })),
      },
    });
    expect(() => throwing.capture(EVENT)).not.toThrow();
    await settle();
    expect(() => createNoAnalytics().capture(EVENT)).not.toThrow();
  });
});

describe('identify (SPEC §1)', () => {
  it('identifies when the id differs from the current one, then loads and switches on dead clicks, performance and rage clicks off local hosts', async () => {
    const { calls, loaders } = fakePosthog('anonymous-1');
    createPosthogAnalytics(PRODUCTION, { loaders }).identify({ distinctId: 'user-42', properties: { plan: 'pro' } });
    await settle();
    expect(calls.slice(1)).toEqual([
      ['identify', 'user-42', { plan: 'pro' }],
      ['set_config', IDENTIFIED_CAPTURE],
      ['install extensions', true],
    ]);
    expect(loaders.loadIdentifiedCapture).toHaveBeenCalledTimes(1);
    expect(IDENTIFIED_CAPTURE).toMatchObject({ capture_dead_clicks: true, capture_performance: { web_vitals: true }, rageclick: true });
  });

  it('switches nothing on until the extensions have loaded, and nothing at all if they cannot', async () => {
    const { calls, loaders } = fakePosthog('anonymous-1');
    createPosthogAnalytics(PRODUCTION, { loaders: { ...loaders, loadIdentifiedCapture: () => new Promise<(posthog: PosthogClient) => void>(() => undefined) } }).identify({ distinctId: 'user-42', properties: {} });
    await settle();
    expect(calls.slice(1)).toEqual([['identify', 'user-42', {}]]);

    const failing = fakePosthog('anonymous-1');
    const analytics = createPosthogAnalytics(PRODUCTION, { loaders: { ...failing.loaders, loadIdentifiedCapture: () => Promise.reject<(posthog: PosthogClient) => void>(new Error('chunk gone')) } });
    expect(() => analytics.identify({ distinctId: 'user-42', properties: {} })).not.toThrow();
    await settle();
    expect(failing.calls.slice(1)).toEqual([['identify', 'user-42', {}]]);
  });

  it('does not identify again someone already known by that id (the extra capture still comes on)', async () => {
    const { calls, loaders } = fakePosthog('user-42');
    createPosthogAnalytics(PRODUCTION, { loaders }).identify({ distinctId: 'user-42', properties: { plan: 'pro' } });
    await settle();
    expect(calls.slice(1)).toEqual([
      ['set_config', IDENTIFIED_CAPTURE],
      ['install extensions', true],
    ]);
  });

  it('on a local host identifies but loads and switches nothing more on', async () => {
    const { calls, loaders } = fakePosthog('anonymous-1');
    createPosthogAnalytics(LOCAL, { loaders }).identify({ distinctId: 'user-42', properties: {} });
    await settle();
    expect(calls.slice(1)).toEqual([['identify', 'user-42', {}]]);
    expect(loaders.loadIdentifiedCapture).not.toHaveBeenCalled();
  });
});
