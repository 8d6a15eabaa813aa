import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';

// The loading code is a chunk of its own; here it never arrives.
vi.mock('./catalogue-sources', () => new Promise(() => undefined));

describe('translator whose loading code never arrives', () => {
  it('gives up on the namespace at the load deadline, so nothing waits forever', async () => {
    const { createTranslator } = await import('./translator');
    const scheduler = new VirtualTimeScheduler();
    const errors: string[] = [];
    const i18n = createTranslator({ locale: 'fr', scheduler, messageLoadTimeoutMs: 8_000, onLoadError: (locale, namespace) => errors.push(`${locale}/${namespace}`) });
    let settled = false;
    void i18n.load(['main']).then(() => (settled = true));
    await Promise.resolve();
    scheduler.flush();
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(errors).toContain('fr/main');
    // English is always there: the strings fall back to it.
    expect(i18n.t('login.title')).toBe('Sign up or log in');
  });
});
