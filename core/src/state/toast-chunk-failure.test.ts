import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';

// The toasts' chunk cannot be loaded (a network drop while fetching it).
vi.mock('./toast-queue', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('toast center whose chunk fails to load', () => {
  it('drops the toast quietly: no unhandled rejection, ids still given, the store stays empty', async () => {
    const { createToastCenter } = await import('./toast.store');
    const center = createToastCenter(new VirtualTimeScheduler());
    expect(center.show('success', { key: 'toast.emailResent' })).toBe(1);
    center.dismiss(1);
    expect(center.show('error', { key: 'toast.emailResent' })).toBe(2);
    await vi.dynamicImportSettled();
    expect(center.store.getSnapshot()).toEqual([]);
  });
});
