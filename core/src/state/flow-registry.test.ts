import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { runFlow } from '../flows/flow-runner';
import { FLOW_GC_DELAY_MS, createFlowRegistry } from './flow-registry';

const virtualTime = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const counterFlow = () => runFlow<number, 'inc', never>((state) => [state + 1, []], 0, () => {
  throw new Error('no effects');
});

describe('flow registry', () => {
  it('hands out the same flow for a key, so a remount reuses it', () => {
    const scheduler = virtualTime();
    scheduler.run(() => {
      const registry = createFlowRegistry(scheduler);
      let created = 0;
      const open = () =>
        registry.get('login', () => {
          created++;
          return counterFlow();
        });
      const first = open();
      registry.retain('login')(); // StrictMode: mount, unmount …
      const release = registry.retain('login'); // … and mount again at once
      expect(open()).toBe(first);
      expect(created).toBe(1);
      release();
    });
  });

  it('disposes a flow nobody retains after the delay', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry(scheduler);
      const flow = registry.get('login', counterFlow);
      registry.retain('login')();
      scheduler.maxFrames = FLOW_GC_DELAY_MS - 1;
      flush();
      flow.send('inc');
      expect(flow.getSnapshot()).toBe(1);
      scheduler.maxFrames = FLOW_GC_DELAY_MS;
      flush();
      flow.send('inc');
      expect(flow.getSnapshot()).toBe(1); // disposed: events are ignored
      expect(registry.get('login', counterFlow)).not.toBe(flow);
    });
  });

  it('keeps a retained flow alive however long it is used', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const registry = createFlowRegistry(scheduler);
      const flow = registry.get('login', counterFlow);
      const release = registry.retain('login');
      scheduler.maxFrames = 10 * FLOW_GC_DELAY_MS;
      flush();
      expect(registry.get('login', counterFlow)).toBe(flow);
      release();
    });
  });
});
