import { EMPTY, Subject, map, of, throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AuthError } from '../domain/errors/auth-error';
import { runFlow, type FlowDefinition, type FlowRuntime, type Transition } from './flow-runner';

type Event = { type: 'start' } | { type: 'go' } | { type: 'done'; n: number } | { type: 'tick' } | { type: 'failed'; error: AuthError };
type Effect = { key?: string } & (
  | { type: 'work'; n: number }
  | { type: 'timer'; key: string; ms: number }
  | { type: 'cancel'; key: string }
  | { type: 'explode' }
);

const virtualTime = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

function runtimeOn(scheduler: TestScheduler, logged: unknown[] = []): FlowRuntime {
  return { scheduler, logger: { error: (message) => logged.push(message) }, releaseDelayMs: 1000 };
}

function definition<S>(transition: Transition<S, Event, Effect>, initial: S, interpret: FlowDefinition<S, Event, Effect>['interpret']): FlowDefinition<S, Event, Effect> {
  return { transition, initial, interpret, start: { type: 'start' }, onEffectFailure: (_effect, error) => ({ type: 'failed', error }) };
}

describe('flow runner', () => {
  it('feeds effect results back into the machine', () => {
    const scheduler = virtualTime();
    const transition: Transition<number, Event, Effect> = (state, event) =>
      event.type === 'go' ? [state, [{ type: 'work', n: 41 }]] : event.type === 'done' ? [event.n + 1, []] : [state, []];
    const flow = runFlow(definition(transition, 0, (effect) => (effect.type === 'work' ? of<Event>({ type: 'done', n: effect.n }) : EMPTY)), runtimeOn(scheduler));
    flow.send({ type: 'go' });
    expect(flow.getSnapshot()).toBe(42);
  });

  it('gives transitions the current time of the injected scheduler', () => {
    const scheduler = virtualTime();
    const seen: number[] = [];
    scheduler.run(({ flush }) => {
      const flow = runFlow(
        definition<number>((state, _event, { now }) => (seen.push(now), [state, []]), 0, () => EMPTY),
        runtimeOn(scheduler),
      );
      scheduler.schedule(() => flow.send({ type: 'go' }), 250);
      flush();
    });
    expect(seen).toEqual([250]);
  });

  it('does not start until the first subscriber arrives', () => {
    const scheduler = virtualTime();
    const events: string[] = [];
    const flow = runFlow(definition<number>((state, event) => (events.push(event.type), [state, []]), 0, () => EMPTY), runtimeOn(scheduler));
    expect(events).toEqual([]);
    const unsubscribe = flow.subscribe(() => undefined);
    expect(events).toEqual(['start']);
    unsubscribe();
    flow.subscribe(() => undefined);
    expect(events).toEqual(['start']);
  });

  it('cancels a keyed effect when one with the same key starts, on virtual time', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const transition: Transition<number, Event, Effect> = (state, event) => {
        if (event.type === 'go') return [state, [{ type: 'timer', key: 't', ms: 100 }]];
        if (event.type === 'tick') return [state + 1, []];
        return [state, []];
      };
      const flow = runFlow(definition(transition, 0, (effect) => (effect.type === 'timer' ? timer(effect.ms, scheduler).pipe(map((): Event => ({ type: 'tick' }))) : EMPTY)), runtimeOn(scheduler));
      flow.send({ type: 'go' });
      flow.send({ type: 'go' }); // restarts the timer: only one tick
      flush();
      expect(flow.getSnapshot()).toBe(1);
    });
  });

  it('cancels a running effect by key with a cancel effect', () => {
    const scheduler = virtualTime();
    const results = new Subject<Event>();
    const transition: Transition<number, Event, Effect> = (state, event) => {
      if (event.type === 'go') return [state, [{ type: 'work', key: 'w', n: 1 }]];
      if (event.type === 'tick') return [state, [{ type: 'cancel', key: 'w' }]];
      if (event.type === 'done') return [event.n, []];
      return [state, []];
    };
    const flow = runFlow(definition(transition, 0, () => results), runtimeOn(scheduler));
    flow.send({ type: 'go' });
    flow.send({ type: 'tick' });
    results.next({ type: 'done', n: 9 });
    expect(flow.getSnapshot()).toBe(0);
  });

  it('turns an interpreter that throws, or an effect that errors, into an event and a log line', () => {
    const scheduler = virtualTime();
    const logged: unknown[] = [];
    const transition: Transition<string, Event, Effect> = (state, event) => {
      if (event.type === 'go') return ['busy', [{ type: 'explode' }]];
      if (event.type === 'tick') return ['busy', [{ type: 'work', n: 1 }]];
      if (event.type === 'failed') return [`failed:${event.error.code}`, []];
      return [state, []];
    };
    const flow = runFlow(
      definition(transition, 'idle', (effect) => {
        if (effect.type === 'explode') throw new Error('bug');
        return throwError(() => new Error('stream bug'));
      }),
      runtimeOn(scheduler, logged),
    );
    flow.send({ type: 'go' });
    expect(flow.getSnapshot()).toBe('failed:unexpected');
    flow.send({ type: 'tick' });
    expect(flow.getSnapshot()).toBe('failed:unexpected');
    expect(logged).toHaveLength(2);
  });

  it('survives a transition that throws: the event is dropped and logged', () => {
    const scheduler = virtualTime();
    const logged: unknown[] = [];
    const flow = runFlow(
      definition<number>((state, event) => {
        if (event.type === 'go') throw new Error('bug');
        return [state + 1, []];
      }, 0, () => EMPTY),
      runtimeOn(scheduler, logged),
    );
    flow.send({ type: 'go' });
    flow.send({ type: 'tick' });
    expect(flow.getSnapshot()).toBe(1);
    expect(logged).toHaveLength(1);
  });

  it('ignores results that arrive after dispose', () => {
    const scheduler = virtualTime();
    const results = new Subject<Event>();
    const transition: Transition<number, Event, Effect> = (state, event) =>
      event.type === 'go' ? [state, [{ type: 'work', n: 1 }]] : event.type === 'done' ? [event.n, []] : [state, []];
    const flow = runFlow(definition(transition, 0, () => results), runtimeOn(scheduler));
    flow.send({ type: 'go' });
    flow.dispose();
    results.next({ type: 'done', n: 9 });
    expect(flow.getSnapshot()).toBe(0);
    expect(flow.disposed).toBe(true);
  });

  it('applies events sent synchronously by effects in order', () => {
    const scheduler = virtualTime();
    const seen: string[] = [];
    const transition: Transition<string, Event, Effect> = (state, event) => {
      seen.push(event.type);
      if (event.type === 'go') return ['working', [{ type: 'work', n: 1 }]];
      if (event.type === 'done') return ['done', []];
      return [state, []];
    };
    const flow = runFlow(definition(transition, 'idle', () => of<Event>({ type: 'done', n: 1 })), runtimeOn(scheduler));
    flow.send({ type: 'go' });
    expect(seen).toEqual(['go', 'done']);
    expect(flow.getSnapshot()).toBe('done');
  });

  it('starts for RxJS subscribers of state$ too', () => {
    const scheduler = virtualTime();
    const events: string[] = [];
    const flow = runFlow(definition<number>((state, event) => (events.push(event.type), [state, []]), 0, () => EMPTY), runtimeOn(scheduler));
    const values: number[] = [];
    const subscription = flow.state$.subscribe((value) => values.push(value));
    expect(events).toEqual(['start']);
    expect(values).toEqual([0]);
    subscription.unsubscribe();
  });
});
