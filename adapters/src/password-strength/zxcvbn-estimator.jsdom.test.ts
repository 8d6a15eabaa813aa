// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createZxcvbnEstimator } from './zxcvbn-estimator.adapter';

// The ui and app tests run in jsdom, which has no Worker: the estimator they get by default
// scores on the calling thread with the real zxcvbn.
describe('createZxcvbnEstimator in jsdom', () => {
  it('falls back to zxcvbn on the calling thread', async () => {
    expect(typeof window).toBe('object');
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    const estimator = createZxcvbnEstimator();
    estimator.preload();
    await expect(estimator.estimate('password1', ['someone@example.com'])).resolves.toMatchObject({ score: 0 });
    await expect(estimator.estimate('correct horse battery staple', ['someone@example.com'])).resolves.toEqual({ score: 4, warning: '', suggestions: [] });
  });
});
