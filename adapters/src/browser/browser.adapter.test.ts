import { appPath, toProviderUrl } from '@vestibule/core';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserNavigation } from './browser-navigation.adapter';
import { createConsoleLogger } from './console-logger.adapter';
import { createSessionStorage } from './session-storage.adapter';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const throwing = (error: Error) => ({
  getItem: () => {
    throw error;
  },
  setItem: () => {
    throw error;
  },
  removeItem: () => {
    throw error;
  },
});

describe('browser navigation', () => {
  it('navigates by assigning the location, adding a history entry', () => {
    const target = { assign: vi.fn(), replace: vi.fn() };
    createBrowserNavigation(target).navigate(appPath('/orders'));
    expect(target.assign).toHaveBeenCalledWith('/orders');
    expect(target.replace).not.toHaveBeenCalled();
  });

  it('replaces the current entry when the page must not be returned to', () => {
    const target = { assign: vi.fn(), replace: vi.fn() };
    createBrowserNavigation(target).replace(appPath('/login'));
    expect(target.replace).toHaveBeenCalledWith('/login');
    expect(target.assign).not.toHaveBeenCalled();
  });

  it("leaves the site for a provider's URL by assigning the location (Back returns to this page)", () => {
    const target = { assign: vi.fn(), replace: vi.fn() };
    const url = toProviderUrl('https://client.example/callback?code=abc&state=xyz');
    if (url === null) throw new Error('expected an https URL to be accepted');
    createBrowserNavigation(target).leave(url);
    expect(target.assign).toHaveBeenCalledWith('https://client.example/callback?code=abc&state=xyz');
    expect(target.replace).not.toHaveBeenCalled();
  });

  it('stops a page load that has not arrived (the browser Stop)', () => {
    const stop = vi.fn();
    createBrowserNavigation({ assign: vi.fn(), replace: vi.fn() }, stop).stop?.();
    expect(stop).toHaveBeenCalledOnce();
  });
});

describe('console logger', () => {
  it('logs errors with a recognisable prefix', () => {
    const error = vi.fn();
    createConsoleLogger({ error }).error('The onError callback threw', 'boom');
    expect(error).toHaveBeenCalledWith('[vestibule] The onError callback threw', 'boom');
  });

  it('logs a message without a detail on its own (no trailing "undefined")', () => {
    const error = vi.fn();
    createConsoleLogger({ error }).error('One Tap is not shown (timeout); the Google button is shown instead.');
    expect(error).toHaveBeenCalledWith('[vestibule] One Tap is not shown (timeout); the Google button is shown instead.');
    expect(error.mock.calls[0]).toHaveLength(1);
  });
});

describe('session storage', () => {
  it('stores, reads and removes strings', () => {
    const backing = memoryStorage();
    const storage = createSessionStorage(backing);
    expect(storage.get('k')).toBeNull();
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(backing.values.size).toBe(0);
  });

  it('reads as empty and drops writes when storage is disabled', () => {
    const storage = createSessionStorage(throwing(new DOMException('The operation is insecure.', 'SecurityError')));
    expect(storage.get('k')).toBeNull();
    expect(() => storage.set('k', 'v')).not.toThrow();
    expect(() => storage.remove('k')).not.toThrow();
  });

  it('drops a write that exceeds the quota and keeps working', () => {
    const backing = memoryStorage();
    const storage = createSessionStorage({
      ...backing,
      setItem: (key, value) => {
        if (value.length > 3) throw new DOMException('full', 'QuotaExceededError');
        backing.setItem(key, value);
      },
    });
    expect(() => storage.set('big', 'too long')).not.toThrow();
    expect(storage.get('big')).toBeNull();
    storage.set('small', 'ok');
    expect(storage.get('small')).toBe('ok');
  });

  it('works without any storage at all (build-time rendering)', () => {
    const storage = createSessionStorage(null);
    storage.set('k', 'v');
    expect(storage.get('k')).toBeNull();
  });

  it('treats a non-string value from a patched storage as absent', () => {
    const storage = createSessionStorage({ ...memoryStorage(), getItem: () => 42 as unknown as string });
    expect(storage.get('k')).toBeNull();
  });
});
