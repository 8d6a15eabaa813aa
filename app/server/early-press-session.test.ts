// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:5173/login" }
import { describe, expect, it, vi } from 'vitest';
import { EARLY_PRESS_SCRIPT, EARLY_SUBMIT_HOLD_MS } from './early-press';

// Issue 16 §15: on /login, a visitor with a session cookie is not offered the pre-rendered form.
const run = () => new Function(EARLY_PRESS_SCRIPT)();
const marked = () => document.documentElement.hasAttribute('data-session-cookie');

describe('the early guard and a session cookie', () => {
  it('marks /login for a visitor with a session cookie, and no one without', () => {
    run();
    expect(marked()).toBe(false);
    document.cookie = 'stytch_session=session-token-1; path=/';
    run();
    expect(marked()).toBe(true);
  });

  it('shows the form after all when the page never becomes interactive (its script failed)', () => {
    vi.useFakeTimers();
    document.cookie = 'stytch_session=session-token-1; path=/';
    run();
    expect(marked()).toBe(true);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(EARLY_SUBMIT_HOLD_MS + 1);
    expect(marked()).toBe(false);
    vi.useRealTimers();
  });

  it('leaves other pages alone (the playground shows its widget whoever visits)', () => {
    document.documentElement.removeAttribute('data-session-cookie');
    window.history.replaceState(null, '', '/playground');
    document.cookie = 'stytch_session=session-token-1; path=/';
    run();
    expect(marked()).toBe(false);
  });
});
