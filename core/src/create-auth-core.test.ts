import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createAuthCore, type AuthCoreEvent, type AuthCorePorts } from './create-auth-core';
import { authError, ok } from './domain/errors/auth-error';

function portsLogging(logged: unknown[][]): AuthCorePorts {
  return {
    session: { check: () => Promise.resolve(ok(null)), adopt: () => Promise.resolve(ok(null)), subscribe: () => () => undefined, revoke: () => Promise.resolve(ok(undefined)) },
    projectSettings: { get: () => Promise.resolve(ok({ emailDomains: [], passwordConfig: null })) },
    telemetry: { send: () => undefined },
    navigation: { navigate: () => undefined, replace: () => undefined, leave: () => undefined },
    logger: { error: (...args: unknown[]) => void logged.push(args) },
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
    scheduler: new VirtualTimeScheduler(),
  };
}

const COMPLETE: AuthCoreEvent = { type: 'authenticate_flow_complete', data: { method: 'otp', channel: 'sms' } };

describe("the integrator's callbacks", () => {
  it('hands errors to onError and events to onEvent (once the event scrubber is here)', async () => {
    const errors: unknown[] = [];
    const events: AuthCoreEvent[] = [];
    const core = createAuthCore(portsLogging([]), { origin: 'https://shop.example', onError: (error) => errors.push(error), onEvent: (event) => events.push(event) });
    const error = authError('timeout');
    core.host.reportError(error);
    core.host.emitEvent(COMPLETE);
    expect(errors).toEqual([error]);
    await core.events.ready();
    expect(events).toEqual([COMPLETE]);
    core.dispose();
  });

  it('logs a callback that throws instead of breaking the flow that called it', async () => {
    const logged: unknown[][] = [];
    const boom = new Error('integrator bug');
    const core = createAuthCore(portsLogging(logged), {
      origin: 'https://shop.example',
      onError: () => {
        throw boom;
      },
      onEvent: () => {
        throw boom;
      },
    });
    expect(() => core.host.reportError(authError('timeout'))).not.toThrow();
    expect(() => core.host.emitEvent(COMPLETE)).not.toThrow();
    await core.events.ready();
    expect(logged).toEqual([
      ['The onError callback threw', boom],
      ['The onEvent callback threw', boom],
    ]);
    core.dispose();
  });

  it('works without callbacks', () => {
    const core = createAuthCore(portsLogging([]), { origin: 'https://shop.example' });
    expect(() => core.host.emitEvent(COMPLETE)).not.toThrow();
    core.dispose();
  });

  it('puts events on one bus: ids from createEventId, the provider log flushed when the page is hidden, analytics fed', async () => {
    const sent: unknown[] = [];
    const captured: string[] = [];
    const met: unknown[] = [];
    let hide = () => {};
    const core = createAuthCore(
      {
        ...portsLogging([]),
        telemetry: { send: (batch) => void sent.push(...batch) },
        analytics: { capture: (event) => void captured.push(`${event.name} ${event.id}`), identify: () => undefined },
        pageLifecycle: {
          onHidden: (listener) => {
            hide = listener;
            return () => undefined;
          },
        },
      },
      { origin: 'https://shop.example', createEventId: () => 'uuid-1', onEvent: (_event, meta) => met.push(meta) },
    );
    core.host.emitEvent({ type: 'render_login_screen', data: {} });
    await core.events.ready();
    expect(sent).toEqual([]);
    hide();
    expect(sent).toEqual([{ id: 'uuid-1', sentAt: 0, name: 'render_login_screen', details: {} }]);
    expect(captured).toEqual(['render_login_screen uuid-1']);
    expect(met).toEqual([{ id: 'uuid-1', sentAt: 0 }]);
    core.dispose();
  });
});

