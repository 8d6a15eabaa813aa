// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SUBMIT_HOLD_MS, EARLY_SUBMIT_SCRIPT } from './early-submit';

// The page's inline guard, run as the browser runs it (in the page's global scope).
new Function(EARLY_SUBMIT_SCRIPT)();

/** Submits `form` as the browser does; what got through: prevented, and whether the page's own handlers saw it. */
function submit(form: HTMLFormElement): { readonly prevented: boolean; readonly handled: boolean } {
  let handled = false;
  const pageHandler = () => void (handled = true);
  document.addEventListener('submit', pageHandler);
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  document.removeEventListener('submit', pageHandler);
  return { prevented: event.defaultPrevented, handled };
}

describe('the early-submit guard (a form submitted before the page is interactive)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-interactive');
    document.documentElement.removeAttribute('data-early-submit');
  });

  it('holds the submit (no post that would reload an empty page), unseen by the page, and notes which form it was', () => {
    document.body.innerHTML = '<form id="a"></form><form id="b"><input name="email" value="early@example.com"></form>';
    const second = document.getElementById('b') as HTMLFormElement;
    expect(submit(second)).toEqual({ prevented: true, handled: false });
    expect(document.documentElement.getAttribute('data-early-submit')).toBe('1');
    expect(second.querySelector('input')?.value).toBe('early@example.com');
  });

  it('leaves submits alone once the page is interactive', () => {
    document.body.innerHTML = '<form></form>';
    document.documentElement.setAttribute('data-interactive', '');
    expect(submit(document.forms[0]!)).toEqual({ prevented: false, handled: true });
    expect(document.documentElement.hasAttribute('data-early-submit')).toBe(false);
  });

  it('lets the form post when the page never became interactive (its script failed) some seconds after it loaded', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    document.body.innerHTML = '<form></form>';
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(EARLY_SUBMIT_HOLD_MS);
    expect(submit(document.forms[0]!)).toEqual({ prevented: true, handled: false });
    vi.advanceTimersByTime(1);
    expect(submit(document.forms[0]!)).toEqual({ prevented: false, handled: true });
  });
});
