import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createToastCenter } from './toast.store';

/**
 * Runs virtual time up to `frame` (inclusive) and leaves the clock there: a no-op due then moves
 * it, as `flush` alone stops at the last action it ran.
 */
const runUntil = (scheduler: VirtualTimeScheduler, frame: number) => {
  scheduler.schedule(() => undefined, frame - scheduler.now());
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

  it('dismisses blank and custom toasts after 4000 ms', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    toasts.show('blank', { text: 'Plain' });
    toasts.show('custom', { text: 'Drawn by the front end' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(2));
    runUntil(scheduler, 3999);
    expect(toasts.store.getSnapshot()).toHaveLength(2);
    runUntil(scheduler, 4000);
    expect(toasts.store.getSnapshot()).toEqual([]);
  });

  it('shows at most 20 toasts, the oldest making way for the newest in one change (never 19 in between)', async () => {
    const toasts = createToastCenter(new VirtualTimeScheduler());
    const seen: number[][] = [];
    toasts.store.subscribe(() => seen.push(toasts.store.getSnapshot().map((toast) => toast.id)));
    for (let i = 0; i < 25; i++) toasts.show('blank', { text: `toast ${i}` });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()[0]?.message).toEqual({ text: 'toast 5' }));
    expect(toasts.store.getSnapshot()).toHaveLength(20);
    expect(seen.map((snapshot) => snapshot.length)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 20, 20, 20, 20, 20]);
    // Each change past 20 drops exactly the oldest and adds exactly the newest.
    expect(seen[20]).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });

  it('stops the clock of a paused toast and resumes it with the time it had left', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    const id = toasts.show('success', { key: 'toast.emailResent' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(1));
    runUntil(scheduler, 500);
    toasts.pause(id);
    await vi.dynamicImportSettled();
    // Paused at 500 ms with 1500 ms left: well past its 2000 ms, it is still there.
    runUntil(scheduler, 10_000);
    expect(toasts.store.getSnapshot()).toHaveLength(1);
    toasts.resume(id);
    await vi.dynamicImportSettled();
    runUntil(scheduler, 11_499);
    expect(toasts.store.getSnapshot()).toHaveLength(1);
    runUntil(scheduler, 11_500);
    expect(toasts.store.getSnapshot()).toEqual([]);
  });

  it('pauses and resumes again, and ignores a resume without a pause or a loading toast', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    const error = toasts.show('error', { text: 'Nope' });
    const loading = toasts.show('loading', { text: 'Working' });
    toasts.resume(error);
    toasts.pause(loading);
    toasts.resume(loading);
    await vi.waitFor(() => expect(toasts.store.getSnapshot()).toHaveLength(2));
    runUntil(scheduler, 1000);
    toasts.pause(error);
    toasts.pause(error);
    await vi.dynamicImportSettled();
    runUntil(scheduler, 2000);
    toasts.resume(error);
    await vi.dynamicImportSettled();
    runUntil(scheduler, 3000);
    toasts.pause(error);
    await vi.dynamicImportSettled();
    runUntil(scheduler, 9000);
    toasts.resume(error);
    await vi.dynamicImportSettled();
    // 1000 ms before the first pause, 1000 ms between them: 2000 ms of its 4000 ms left.
    runUntil(scheduler, 10_999);
    expect(toasts.store.getSnapshot().map((toast) => toast.kind)).toEqual(['error', 'loading']);
    runUntil(scheduler, 11_000);
    expect(toasts.store.getSnapshot().map((toast) => toast.kind)).toEqual(['loading']);
  });

  it('forgets a paused toast that is dismissed: resuming it brings nothing back', async () => {
    const scheduler = new VirtualTimeScheduler();
    const toasts = createToastCenter(scheduler);
    const id = toasts.show('success', { text: 'Done' });
    toasts.pause(id);
    toasts.dismiss(id);
    toasts.resume(id);
    toasts.show('blank', { text: 'Next' });
    await vi.waitFor(() => expect(toasts.store.getSnapshot().map((toast) => toast.message)).toEqual([{ text: 'Next' }]));
    runUntil(scheduler, 4000);
    expect(toasts.store.getSnapshot()).toEqual([]);
  });
});
