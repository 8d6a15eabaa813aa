import { EMPTY } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { runFlow, type FlowRuntime } from '../flows/flow-runner';
import { createFlowRegistry } from './flow-registry';

const RELEASE_DELAY = 10_000;
const virtualTime = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
/** A flow that counts its events; `started` sees its start event. */
const counterFlow = (runtime: FlowRuntime) =>
  runFlow<number, 'start' | 'inc', { type: 'none' }>(
    { transition: (state) => [state + 1, []], initial: 0, interpret: () => EMPTY, start: 'start', onEffectFailure: () => null },
    runtime,
  );

describe('flow registry and flow lifecycle', () => {
  it('hands out the same flow for a key, so a StrictMode remount reuses it and starts it once', () => {
    const scheduler = virtualTime();
    scheduler.run(() => {
      const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
      let created = 0;
      const open = () => registry.get('login', (runtime) => (created++, counterFlow(runtime)));
      const first = open();
      first.subscribe(() => undefined)(); // StrictMode: mount, unmount …
      first.subscribe(() => undefined); // … and mount again at once
      expect(open()).toBe(first);
      expect(created).toBe(1);
      expect(first.getSnapshot()).toBe(1); // started exactly once
    });
  });

  it('keeps an opened flow alive and unstarted until a late commit subscribes (a suspending sibling)', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
      const flow = registry.get('login', counterFlow); // rendered, not committed
      scheduler.schedule(() => undefined, RELEASE_DELAY * 5); // a sibling suspends for a long time
      flush();
      expect(flow.disposed).toBe(false);
      expect(flow.getSnapshot()).toBe(0); // nothing ran during render
      flow.subscribe(() => undefined); // the commit finally happens
      expect(flow.getSnapshot()).toBe(1);
      expect(registry.get('login', counterFlow)).toBe(flow);
    });
  });

  it('stays alive while subscribed, past any delay', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
      const flow = registry.get('login', counterFlow);
      flow.subscribe(() => undefined);
      scheduler.schedule(() => undefined, RELEASE_DELAY * 10);
      flush();
      expect(flow.disposed).toBe(false);
    });
  });

  it('disposes a flow only after the release delay once its last subscriber left', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
      const flow = registry.get('login', counterFlow);
      const leaveA = flow.subscribe(() => undefined);
      const leaveB = flow.subscribe(() => undefined);
      leaveA();
      scheduler.schedule(() => expect(flow.disposed).toBe(false), RELEASE_DELAY * 2);
      scheduler.schedule(() => leaveB(), RELEASE_DELAY * 3);
      scheduler.schedule(() => expect(flow.disposed).toBe(false), RELEASE_DELAY * 4 - 1);
      flush();
      expect(flow.disposed).toBe(true);
    });
  });

  it('recreates a flow that was disposed', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
      const first = registry.get('login', counterFlow);
      first.subscribe(() => undefined)();
      flush();
      expect(first.disposed).toBe(true);
      const second = registry.get('login', counterFlow);
      expect(second).not.toBe(first);
      second.subscribe(() => undefined);
      expect(second.getSnapshot()).toBe(1);
    });
  });

  it('disposes everything with the core', () => {
    const scheduler = virtualTime();
    const registry = createFlowRegistry({ scheduler, logger: { error: () => undefined } });
    const flow = registry.get('a', counterFlow);
    flow.subscribe(() => undefined);
    registry.disposeAll();
    expect(flow.disposed).toBe(true);
  });
});
