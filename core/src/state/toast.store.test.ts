import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createToastCenter } from './toast.store';

/** Runs virtual time up to `frame` (inclusive). */
const runUntil = (scheduler: VirtualTimeScheduler, frame: number) => {
  scheduler.maxFrames = frame;
  scheduler.flush();
};

// Showing and dismissing run in a lazily loaded chunk: each test first waits for the calls made
// before it arrived to be applied (virtual time stands still meanwhile).
describe('toasts (SPEC §9)', () => {
  it('dismisses a success toast after 2000 ms and an error toast after 4000 ms', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    toasts.show('success', { key: 'toast.emailResent' });
    toasts.show('error', { text: 'Nope' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(2));
    runUntil(scheduler, 1999);
    expect(toasts.store.getSnapshot()).toHaveLength(2);
    runUntil(scheduler, 2000);
    expect(toasts.store.getSnapshot().map((toast) => toast.kind)).toEqual(['error']);
    runUntil(scheduler, 4000);
    expect(toasts.store.getSnapshot()).toEqual([]);
  });

  it('keeps a loading toast until it is dismissed', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    const id = toasts.show('loading', { text: 'Working' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(1));
    scheduler.flush();
    expect(toasts.store.getSnapshot()).toHaveLength(1);
    toasts.dismiss(id);
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(0));
  });

  it('applies a dismissal made before the toast code arrived after the toast it dismisses', async () => {
    const toasts = createToastCenter(new VirtualTimeScheduler());
    const id = toasts.show('loading', { text: 'Working' });
    toasts.dismiss(id);
    toasts.show('blank', { text: 'Next' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot().map((toast) => toast.message)).toEqual([{ text: 'Next' }]));
  });

  it('shows at most 20 toasts, dropping the oldest', async () => {
    const toasts = createToastCenter(new VirtualTimeScheduler());
    for (let i = 0; i < 25; i++) toasts.show('blank', { text: `toast ${i}` });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()[0]?.message).toEqual({ text: 'toast 5' }));
    expect(toasts.store.getSnapshot()).toHaveLength(20);
  });
});
