// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHistory } from './browser-history.adapter';

// jsdom's own History: entries, `history.state` and `popstate` on Back, as a browser has them.

const waitForPopState = () => new Promise<void>((resolve) => addEventListener('popstate', () => resolve(), { once: true }));

afterEach(() => history.replaceState(null, ''));

describe('browser history for the widget’s screens (issue 16 §13)', () => {
  it('adds an entry of the same address that carries the marker, and reads it back', () => {
    const widgetHistory = createBrowserHistory();
    const address = location.href;
    const length = history.length;
    expect(widgetHistory.current()).toBeNull();
    widgetHistory.push('w1');
    expect(history.length).toBe(length + 1);
    expect(location.href).toBe(address);
    expect(widgetHistory.current()).toBe('w1');
  });

  it('tells the widget which entry Back moved to', async () => {
    const widgetHistory = createBrowserHistory();
    const moves: (string | null)[] = [];
    const stop = widgetHistory.watch((marker) => moves.push(marker));
    widgetHistory.push('w2');
    const popped = waitForPopState();
    history.back();
    await popped;
    stop();
    expect(moves).toEqual([null]);
  });

  it('goes back only from the entry it was asked about, so a stale request never leaves the page', async () => {
    const widgetHistory = createBrowserHistory();
    widgetHistory.push('w3');
    const back = vi.spyOn(history, 'back');
    widgetHistory.back('w-other');
    expect(back).not.toHaveBeenCalled();
    const popped = waitForPopState();
    widgetHistory.back('w3');
    await popped;
    expect(widgetHistory.current()).toBeNull();
    back.mockRestore();
  });

  it('reads another script’s state as no marker of its own', () => {
    const widgetHistory = createBrowserHistory();
    for (const state of ['w1', 42, { vestibuleScreen: 7 }, ['w1'], { other: 'w1' }]) {
      history.replaceState(state, '');
      expect(widgetHistory.current()).toBeNull();
    }
  });

  it('never throws when the browser refuses a new entry', () => {
    const refusing = { history: { ...history, state: null, pushState: () => { throw new Error('SecurityError'); }, back: () => undefined }, addEventListener, removeEventListener } as unknown as Window;
    expect(() => createBrowserHistory(refusing).push('w4')).not.toThrow();
  });
});
