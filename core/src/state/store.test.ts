import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('store', () => {
  it('keeps the same snapshot reference until the state changes', () => {
    const initial = { count: 0 };
    const store = createStore(initial);
    expect(store.getSnapshot()).toBe(initial);
    store.set(initial);
    expect(store.getSnapshot()).toBe(initial);
  });

  it('never calls a new subscriber back synchronously, only on later changes', () => {
    const store = createStore(1);
    let calls = 0;
    store.subscribe(() => calls++);
    expect(calls).toBe(0);
    store.set(2);
    expect(calls).toBe(1);
    store.set(2);
    expect(calls).toBe(1);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createStore('a');
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    unsubscribe();
    store.set('b');
    expect(calls).toBe(0);
  });

  it('replays the current value on state$ for RxJS consumers', () => {
    const store = createStore('first');
    const seen: string[] = [];
    const subscription = store.state$.subscribe((value) => seen.push(value));
    store.update((value) => `${value}!`);
    subscription.unsubscribe();
    expect(seen).toEqual(['first', 'first!']);
  });
});

describe('a store for rxjs consumers', () => {
  it("is adopted by rxjs's from(): the current state, then each change, with any operator", async () => {
    const { firstValueFrom, from, map, skip, take, toArray } = await import('rxjs');
    const { observe } = await import('./observe');
    const store = createStore(1);
    const values = firstValueFrom(from(store.state$).pipe(map((value) => value * 10), take(3), toArray()));
    store.set(2);
    store.set(3);
    expect(await values).toEqual([10, 20, 30]);
    const next = firstValueFrom(observe(store).pipe(skip(1)));
    store.set(4);
    expect(await next).toBe(4);
  });
});
