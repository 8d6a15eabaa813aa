import type { NamespaceId, Translator } from '@vestibule/core';
import { describe, expect, it, vi } from 'vitest';
import { loadProductViews } from './product-screens';
import { trackedLoad, type TrackedLoad } from './tracked-load';

// Issue 16 §14: the front end's part of a product, which the router waits for before entering it.

/** A translator whose loads answer `arrived`, recording what was asked for. */
function translatorAnswering(...arrived: boolean[]) {
  const asked: Array<readonly NamespaceId[]> = [];
  const translator = { load: (namespaces: readonly NamespaceId[]) => (asked.push(namespaces), Promise.resolve(arrived.shift() ?? true)) } as unknown as Translator;
  return { translator, asked };
}

describe('loadProductViews', () => {
  it("fetches a product's screens and then the strings they declare", async () => {
    const { translator, asked } = translatorAnswering(true);
    await expect(loadProductViews('passwords', translator)).resolves.toBeUndefined();
    expect(asked).toEqual([['main', 'passwords', 'magic-link']]);
  });

  it('rejects when the strings arrived for no language, so the action fails instead of showing keys; the next try loads them again', async () => {
    const { translator, asked } = translatorAnswering(false, true);
    await expect(loadProductViews('magicLink', translator)).rejects.toThrow(/did not arrive/);
    await expect(loadProductViews('magicLink', translator)).resolves.toBeUndefined();
    expect(asked).toHaveLength(2);
  });

  it('has nothing to fetch for a product without screens', async () => {
    const { translator, asked } = translatorAnswering();
    await expect(loadProductViews('oauth', translator)).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe('trackedLoad', () => {
  it('shares one load per key, marks it as React reads it, and forgets a failed one so the next ask fetches again', async () => {
    const cache = new Map<string, TrackedLoad<string>>();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('screens');
    const failed = trackedLoad(cache, 'passwords', load);
    expect(trackedLoad(cache, 'passwords', load)).toBe(failed);
    await expect(failed).rejects.toThrow(TypeError);
    expect(failed.status).toBe('rejected');
    const again = trackedLoad(cache, 'passwords', load);
    expect(again).not.toBe(failed);
    await expect(again).resolves.toBe('screens');
    expect(again).toMatchObject({ status: 'fulfilled', value: 'screens' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
