// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStorage } from './session-storage.adapter';

// The real thing where possible: jsdom's sessionStorage (with its 5 MB quota), written to the way
// another tab or another version of the page could write it.

const KEY = 'vestibule.pendingMagicLink';

afterEach(() => sessionStorage.clear());

describe('session storage over the browser sessionStorage (issue 6 §6)', () => {
  it('hands back whatever string another tab wrote, untouched: judging it is the reader’s job', () => {
    const storage = createSessionStorage();
    for (const value of ['{not json', '{"token":42}', '[]', 'null', '\u202Eevil', '']) {
      sessionStorage.setItem(KEY, value);
      expect(storage.get(KEY)).toBe(value);
    }
  });

  it('reads a huge value without throwing', () => {
    const huge = 'A'.repeat(2_000_000);
    sessionStorage.setItem(KEY, huge);
    expect(createSessionStorage().get(KEY)?.length).toBe(huge.length);
  });

  it('drops a write past the quota (QuotaExceededError) and keeps what was there', () => {
    const storage = createSessionStorage();
    storage.set(KEY, 'DOYoip3rvIMMW5lgItikFK');
    expect(() => storage.set(KEY, 'x'.repeat(6_000_000))).not.toThrow();
    expect(storage.get(KEY)).toBe('DOYoip3rvIMMW5lgItikFK');
    expect(() => storage.set('another', 'y'.repeat(6_000_000))).not.toThrow();
    expect(storage.get('another')).toBeNull();
  });

  it('reads as empty when sessionStorage itself throws on access (sandboxed iframe, blocked storage)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      },
    });
    try {
      const storage = createSessionStorage();
      expect(storage.get(KEY)).toBeNull();
      expect(() => storage.set(KEY, 'v')).not.toThrow();
      expect(() => storage.remove(KEY)).not.toThrow();
      expect(storage.get(KEY)).toBeNull();
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'sessionStorage', descriptor);
    }
  });

  it('reads as empty when each call throws, e.g. storage disabled after the page loaded', () => {
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const storage = createSessionStorage({ getItem: denied, setItem: denied, removeItem: denied });
    expect(storage.get(KEY)).toBeNull();
    expect(() => storage.set(KEY, 'v')).not.toThrow();
    expect(() => storage.remove(KEY)).not.toThrow();
  });

  it('treats undefined or an object from a patched getItem as nothing stored', () => {
    for (const value of [undefined, { token: 'x' }, 42]) {
      const storage = createSessionStorage({ getItem: () => value as unknown as string, setItem: () => undefined, removeItem: () => undefined });
      expect(storage.get(KEY)).toBeNull();
    }
  });
});
