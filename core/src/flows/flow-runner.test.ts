import { EMPTY, Subject, map, of, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { runFlow, type Transition } from './flow-runner';

type Event = { type: 'go' } | { type: 'done'; n: number } | { type: 'tick' };
type Effect = { key?: string } & ({ type: 'work'; n: number } | { type: 'timer'; key: string; ms: number } | { type: 'cancel'; key: string });

describe('flow runner', () => {
  it('feeds effect results back into the machine', () => {
    const transition: Transition<number, Event, Effect> = (state, event) =>
      event.type === 'go' ? [state, [{ type: 'work', n: 41 }]] : event.type === 'done' ? [event.n + 1, []] : [state, []];
    const flow = runFlow(transition, 0, (effect) => (effect.type === 'work' ? of<Event>({ type: 'done', n: effect.n }) : EMPTY));
    flow.send({ type: 'go' });
    expect(flow.getSnapshot()).toBe(42);
  });

  it('cancels a keyed effect when one with the same key starts, on virtual time', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ flush }) => {
      const transition: Transition<number, Event, Effect> = (state, event) => {
        if (event.type === 'go') return [state, [{ type: 'timer', key: 't', ms: 100 }]];
        if (event.type === 'tick') return [state + 1, []];
        return [state, []];
      };
      const flow = runFlow(transition, 0, (effect) =>
        effect.type === 'timer' ? timer(effect.ms).pipe(map((): Event => ({ type: 'tick' }))) : EMPTY,
      );
      flow.send({ type: 'go' });
      flow.send({ type: 'go' }); // restarts the timer: only one tick
      flush();
      expect(flow.getSnapshot()).toBe(1);
    });
  });

  it('ignores results that arrive after dispose', () => {
    const results = new Subject<Event>();
    const transition: Transition<number, Event, Effect> = (state, event) =>
      event.type === 'go' ? [state, [{ type: 'work', n: 1 }]] : event.type === 'done' ? [event.n, []] : [state, []];
    const flow = runFlow(transition, 0, () => results);
    flow.send({ type: 'go' });
    flow.dispose();
    results.next({ type: 'done', n: 9 });
    expect(flow.getSnapshot()).toBe(0);
  });

  it('applies events sent synchronously by effects in order', () => {
    const seen: string[] = [];
    const transition: Transition<string, Event, Effect> = (state, event) => {
      seen.push(event.type);
      if (event.type === 'go') return ['working', [{ type: 'work', n: 1 }]];
      if (event.type === 'done') return ['done', []];
      return [state, []];
    };
    const flow = runFlow(transition, 'idle', () => of<Event>({ type: 'done', n: 1 }));
    flow.send({ type: 'go' });
    expect(seen).toEqual(['go', 'done']);
    expect(flow.getSnapshot()).toBe('done');
  });
});
