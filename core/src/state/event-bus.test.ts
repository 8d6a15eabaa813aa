import fc from 'fast-check';
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AuthCoreEvent } from '../domain/telemetry/auth-core-event';
import type { AnalyticsEventRecord, AnalyticsIdentity } from '../ports/analytics.port';
import type { ProviderLogRecord } from '../ports/telemetry.port';
import { createEventBus, PROVIDER_LOG_BATCH_SIZE, PROVIDER_LOG_FLUSH_MS, type EventBusOptions, type EventMeta } from './event-bus';
import { createEventDelivery } from './event-delivery';

type CreateDelivery = typeof createEventDelivery;

const EMAIL_SENT: AuthCoreEvent = { type: 'email_sent', data: { email: 'ada@example.com', type: 'login_or_create_eml' } };
const RENDER: AuthCoreEvent = { type: 'render_login_screen', data: {} };
const SIGNED_IN: AuthCoreEvent = { type: 'sign_in_completed', data: { product: 'passwords' } };
const flushMicrotasks = async () => {
  for (let round = 0; round < 20; round++) await Promise.resolve();
};

/** A bus on virtual time whose consumers record what reaches them; its delivery half (with the scrubber) is here at once unless a test says otherwise. */
function setUp(overrides: Partial<EventBusOptions> = {}) {
  const scheduler = new VirtualTimeScheduler();
  const batches: ProviderLogRecord[][] = [];
  const delivered: Array<{ readonly event: AuthCoreEvent; readonly meta: EventMeta }> = [];
  const captured: AnalyticsEventRecord[] = [];
  const identified: AnalyticsIdentity[] = [];
  const logged: unknown[][] = [];
  const hiddenListeners = new Set<() => void>();
  let ids = 0;
  const bus = createEventBus({
    scheduler,
    logger: { error: (...args: unknown[]) => void logged.push(args) },
    telemetry: { send: (batch) => void batches.push([...batch]) },
    analytics: { capture: (event) => void captured.push(event), identify: (identity) => void identified.push(identity) },
    pageLifecycle: {
      onHidden: (listener) => {
        hiddenListeners.add(listener);
        return () => hiddenListeners.delete(listener);
      },
    },
    onEvent: (event, meta) => void delivered.push({ event, meta }),
    createEventId: () => `id-${++ids}`,
    loadDelivery: () => Promise.resolve(createEventDelivery),
    ...overrides,
  });
  /** Lets `ms` of virtual time pass. */
  const advance = (ms: number) => {
    scheduler.maxFrames = scheduler.frame + ms;
    scheduler.flush();
    scheduler.frame = scheduler.maxFrames;
  };
  const hide = () => hiddenListeners.forEach((listener) => listener());
  return { bus, scheduler, batches, delivered, captured, identified, logged, hiddenListeners, advance, hide };
}

/** As `setUp`, with the delivery half already loaded: delivery is synchronous from here on. */
async function ready(overrides: Partial<EventBusOptions> = {}) {
  const page = setUp(overrides);
  await page.bus.ready();
  return page;
}

describe('the event bus: provider log batches (SPEC §9)', () => {
  it(`sends the provider's events ${PROVIDER_LOG_FLUSH_MS} ms after the first of them, in one batch`, async () => {
    const { bus, batches, advance } = await ready();
    bus.emit(RENDER);
    advance(PROVIDER_LOG_FLUSH_MS - 1);
    bus.emit(EMAIL_SENT);
    expect(batches).toEqual([]);
    advance(1);
    expect(batches.map((batch) => batch.map((record) => record.name))).toEqual([['render_login_screen', 'email_sent']]);
    advance(PROVIDER_LOG_FLUSH_MS * 3);
    expect(batches).toHaveLength(1);
  });

  it(`sends at once when ${PROVIDER_LOG_BATCH_SIZE} events are queued, and times the next batch afresh`, async () => {
    const { bus, batches, advance } = await ready();
    for (let i = 0; i < PROVIDER_LOG_BATCH_SIZE; i++) bus.emit(RENDER);
    expect(batches.map((batch) => batch.length)).toEqual([PROVIDER_LOG_BATCH_SIZE]);
    bus.emit(EMAIL_SENT);
    advance(PROVIDER_LOG_FLUSH_MS - 1);
    expect(batches).toHaveLength(1);
    advance(1);
    expect(batches.map((batch) => batch.length)).toEqual([PROVIDER_LOG_BATCH_SIZE, 1]);
  });

  it('keeps events the provider does not log out of its batches', async () => {
    const { bus, batches, delivered, captured, advance } = await ready();
    bus.emit(SIGNED_IN);
    bus.emit({ type: 'authenticate_flow_complete', data: { method: 'otp', channel: 'sms' } });
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(batches).toEqual([]);
    expect(delivered.map(({ event }) => event.type)).toEqual(['sign_in_completed', 'authenticate_flow_complete']);
    expect(captured.map((event) => event.name)).toEqual(['sign_in_completed', 'authenticate_flow_complete']);
  });
});

describe('the event bus: flush on leave', () => {
  it('sends what is queued the moment the page is hidden, not 800 ms later', async () => {
    const { bus, batches, advance, hide } = await ready();
    bus.emit(EMAIL_SENT);
    advance(100);
    hide();
    expect(batches.map((batch) => batch.map((record) => record.name))).toEqual([['email_sent']]);
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(batches).toHaveLength(1);
  });

  it('sends nothing when nothing is queued, and keeps batching after the page is shown again', async () => {
    const { bus, batches, advance, hide } = await ready();
    hide();
    expect(batches).toEqual([]);
    bus.emit(RENDER);
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(batches).toHaveLength(1);
  });

  it('flushes on dispose and stops listening to the page', async () => {
    const { bus, batches, hiddenListeners } = await ready();
    bus.emit(RENDER);
    bus.dispose();
    expect(batches).toHaveLength(1);
    expect(hiddenListeners.size).toBe(0);
    bus.emit(RENDER);
    expect(batches).toHaveLength(1);
  });
});

describe('the event bus: ids and sent-at times', () => {
  it('gives each event its own id and the time it happened, the same for every consumer', async () => {
    const { bus, batches, delivered, captured, advance } = await ready();
    advance(1_000);
    bus.emit(RENDER);
    advance(250);
    bus.emit(EMAIL_SENT);
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(delivered.map(({ meta }) => meta)).toEqual([
      { id: 'id-1', sentAt: 1_000 },
      { id: 'id-2', sentAt: 1_250 },
    ]);
    expect(captured.map(({ id, sentAt }) => ({ id, sentAt }))).toEqual(delivered.map(({ meta }) => meta));
    expect(batches[0]?.map(({ id, sentAt }) => ({ id, sentAt }))).toEqual(delivered.map(({ meta }) => meta));
  });

  it('stamps the time an event happened, not when delivery arrived', async () => {
    let arrive: (create: CreateDelivery) => void = () => undefined;
    const { bus, delivered, advance } = setUp({ loadDelivery: () => new Promise((resolve) => (arrive = resolve)) });
    bus.emit(RENDER);
    advance(500);
    arrive(createEventDelivery);
    await flushMicrotasks();
    expect(delivered.map(({ meta }) => meta.sentAt)).toEqual([0]);
  });

  it('makes ids of its own when the page gives no source, or a failing one', async () => {
    const plain = await ready({ createEventId: undefined });
    plain.bus.emit(RENDER);
    plain.bus.emit(RENDER);
    const failing = await ready({
      createEventId: () => {
        throw new Error('no randomness here');
      },
    });
    failing.bus.emit(RENDER);
    const ids = [...plain.delivered, ...failing.delivered].map(({ meta }) => meta.id);
    expect(new Set(ids.slice(0, 2)).size).toBe(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
  });
});

describe('the event bus: scrubbing before anything leaves', () => {
  const TOKEN = 'tok_4f3c2b1a0e9d8c7b6a5f4e3d2c1b0a99';
  const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
  const leaks = (value: unknown) => {
    const text = JSON.stringify(value);
    return [TOKEN, JWT].some((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
  };
  // Events carry only what their types declare; a careless caller (or a future field) may carry more.
  const dirty = {
    type: 'email_sent',
    data: {
      email: 'ada@example.com',
      type: 'login_or_create_eml',
      session_token: TOKEN,
      nested: { deeper: [{ sessionJwt: JWT }] },
      url: `https://shop.example/login/callback/web?session_token=${TOKEN}&redirect=%2Forders`,
      encoded: `redirect=${encodeURIComponent(`https://shop.example/?session_jwt=${JWT}`)}`,
    },
  } as unknown as AuthCoreEvent;

  it('no consumer receives a session token or JWT, in keys or in URLs', async () => {
    const { bus, batches, delivered, captured, identified, advance } = await ready();
    bus.emit(dirty);
    bus.identify({ distinctId: 'user-1', properties: { plan: 'pro', stytch_session: { session_token: TOKEN }, last_url: `/home#session_jwt=${JWT}` } });
    advance(PROVIDER_LOG_FLUSH_MS);
    for (const received of [batches, delivered, captured, identified]) expect(leaks(received)).toBe(false);
    // What is not a credential stays.
    expect(captured[0]?.properties).toMatchObject({ email: 'ada@example.com', url: 'https://shop.example/login/callback/web?redirect=%2Forders' });
    expect(identified).toEqual([{ distinctId: 'user-1', properties: { plan: 'pro', stytch_session: {}, last_url: '/home' } }]);
  });

  it('holds events until the scrubber is here: none leaves unscrubbed, not even on leave', async () => {
    let arrive: (create: CreateDelivery) => void = () => undefined;
    const { bus, batches, delivered, captured, advance, hide } = setUp({ loadDelivery: () => new Promise((resolve) => (arrive = resolve)) });
    bus.emit(dirty);
    hide();
    advance(PROVIDER_LOG_FLUSH_MS * 2);
    expect([batches, delivered, captured]).toEqual([[], [], []]);
    arrive(createEventDelivery);
    await bus.ready();
    expect(delivered).toHaveLength(1);
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(batches).toHaveLength(1);
    expect(leaks([batches, delivered, captured])).toBe(false);
  });

  it('loads its delivery half, with the real scrubber, on its own (a chunk of its own in a build)', async () => {
    const { bus, delivered } = setUp({ loadDelivery: undefined });
    bus.emit(dirty);
    await bus.ready();
    expect(delivered).toHaveLength(1);
    expect(leaks(delivered)).toBe(false);
  });

  it('tries again on the next event when delivery did not load, and logs the failure', async () => {
    let attempts = 0;
    const { bus, delivered, logged } = setUp({ loadDelivery: () => (++attempts === 1 ? Promise.reject(new Error('chunk gone')) : Promise.resolve(createEventDelivery)) });
    bus.emit(RENDER);
    await flushMicrotasks();
    expect(delivered).toEqual([]);
    expect(logged.map(([message]) => message)).toEqual(['The event bus did not load']);
    bus.emit(EMAIL_SENT);
    await bus.ready();
    expect(delivered.map(({ event }) => event.type)).toEqual(['render_login_screen', 'email_sent']);
  });

  it('no generated token survives to any consumer (fast-check)', async () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{24,48}$/);
    const name = fc.constantFrom('session_token', 'session_jwt', 'sessionToken', 'SESSION_JWT', 'stytch_session_jwt', 'session%5Ftoken');
    const hiding = fc.tuple(secret, name, fc.constantFrom('key', 'query', 'fragment', 'encodedQuery', 'json'), fc.array(fc.constantFrom('object', 'array'), { maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(hiding, async ([token, key, where, path]) => {
        const leaf: unknown =
          where === 'key'
            ? { [key]: token }
            : where === 'query'
              ? `https://shop.example/p?a=1&${key}=${token}&b=2`
              : where === 'fragment'
                ? `/home#${key}=${token}`
                : where === 'encodedQuery'
                  ? `next=${encodeURIComponent(`https://shop.example/?${key}=${token}`)}`
                  : `{"${key}":"${token}"}`;
        const data = path.reduceRight<unknown>((inner, kind) => (kind === 'array' ? [inner] : { inner }), leaf);
        const { bus, batches, delivered, captured, advance } = await ready();
        bus.emit({ type: 'email_sent', data: { email: 'ada@example.com', type: 'login_or_create_eml', data } } as unknown as AuthCoreEvent);
        advance(PROVIDER_LOG_FLUSH_MS);
        const text = JSON.stringify([batches, delivered, captured]);
        return !text.includes(token) && !text.includes(encodeURIComponent(token));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the event bus: consumers that fail', () => {
  it("logs an onEvent that throws; analytics and the provider's log still get the event", async () => {
    const boom = new Error('integrator bug');
    const { bus, batches, captured, logged, advance } = await ready({
      onEvent: () => {
        throw boom;
      },
    });
    expect(() => bus.emit(EMAIL_SENT)).not.toThrow();
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(logged).toEqual([['The onEvent callback threw', boom]]);
    expect(captured).toHaveLength(1);
    expect(batches).toHaveLength(1);
  });

  it('logs a throwing analytics or telemetry port and goes on', async () => {
    const boom = new Error('blocked by an extension');
    const { bus, delivered, logged, advance } = await ready({
      analytics: {
        capture: () => {
          throw boom;
        },
        identify: () => {
          throw boom;
        },
      },
      telemetry: {
        send: () => {
          throw boom;
        },
      },
    });
    expect(() => bus.emit(EMAIL_SENT)).not.toThrow();
    expect(() => bus.identify({ distinctId: 'user-1', properties: {} })).not.toThrow();
    expect(() => advance(PROVIDER_LOG_FLUSH_MS)).not.toThrow();
    bus.emit(RENDER);
    expect(delivered).toHaveLength(2);
    expect(logged.map(([message]) => message)).toEqual(['The analytics port threw', 'The analytics port threw', 'The telemetry port threw', 'The analytics port threw']);
  });

  it('works with no analytics, no page lifecycle and no onEvent', async () => {
    const { bus, batches, advance } = await ready({ analytics: undefined, pageLifecycle: undefined, onEvent: undefined });
    bus.emit(EMAIL_SENT);
    bus.identify({ distinctId: 'user-1', properties: {} });
    advance(PROVIDER_LOG_FLUSH_MS);
    expect(batches).toHaveLength(1);
  });
});
