import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createToastCenter } from './toast.store';

const virtualTime = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('toasts (SPEC §9)', () => {
  it('dismisses a success toast after 2000 ms and an error toast after 4000 ms', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const toasts = createToastCenter(scheduler);
      toasts.show('success', { key: 'toast.emailResent' });
      toasts.show('error', { text: 'Nope' });
      scheduler.maxFrames = 1999;
      flush();
      expect(toasts.store.getSnapshot()).toHaveLength(2);
      scheduler.maxFrames = 2000;
      flush();
      expect(toasts.store.getSnapshot().map((toast) => toast.kind)).toEqual(['error']);
      scheduler.maxFrames = 4000;
      flush();
      expect(toasts.store.getSnapshot()).toEqual([]);
    });
  });

  it('keeps a loading toast until it is dismissed', () => {
    const scheduler = virtualTime();
    scheduler.run(({ flush }) => {
      const toasts = createToastCenter(scheduler);
      const id = toasts.show('loading', { text: 'Working' });
      flush();
      expect(toasts.store.getSnapshot()).toHaveLength(1);
      toasts.dismiss(id);
      expect(toasts.store.getSnapshot()).toHaveLength(0);
    });
  });

  it('shows at most 20 toasts, dropping the oldest', () => {
    const scheduler = virtualTime();
    scheduler.run(() => {
      const toasts = createToastCenter(scheduler);
      for (let i = 0; i < 25; i++) toasts.show('blank', { text: `toast ${i}` });
      const shown = toasts.store.getSnapshot();
      expect(shown).toHaveLength(20);
      expect(shown[0]?.message).toEqual({ text: 'toast 5' });
    });
  });
});
