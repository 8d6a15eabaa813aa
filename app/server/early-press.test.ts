// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PRESS_SCRIPT, EARLY_SUBMIT_HOLD_MS } from './early-press';

// The page's inline guard, run as the browser runs it (in the page's global scope).
new Function(EARLY_PRESS_SCRIPT)();

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

describe('the early-press guard: a form submitted before the page is interactive', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-interactive');
    document.documentElement.removeAttribute('data-early-submit');
    document.documentElement.removeAttribute('data-early-click');
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

/** Presses `target` as the browser does; whether it was held, and whether the page's own handlers saw it. */
function press(target: Element): { readonly prevented: boolean; readonly handled: boolean } {
  let handled = false;
  const pageHandler = () => void (handled = true);
  document.addEventListener('click', pageHandler);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  document.removeEventListener('click', pageHandler);
  return { prevented: event.defaultPrevented, handled };
}

describe('the early-press guard: a pre-rendered button pressed before the page is interactive', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-interactive');
    document.documentElement.removeAttribute('data-early-click');
  });

  it('holds the press, unseen by the page, and notes which button it was (the latest press wins)', () => {
    document.body.innerHTML = '<button type="button">Continue with Google</button><button type="button"><img alt="">Continue with GitHub</button><form><button type="submit">Continue</button></form>';
    expect(press(document.querySelectorAll('button')[0]!)).toEqual({ prevented: true, handled: false });
    expect(document.documentElement.getAttribute('data-early-click')).toBe('0');
    // A press on the icon inside a button is a press on that button.
    expect(press(document.querySelector('img')!)).toEqual({ prevented: true, handled: false });
    expect(document.documentElement.getAttribute('data-early-click')).toBe('1');
  });

  it('leaves other clicks (a submit button, a link) to the browser, and every click alone once the page is interactive', () => {
    document.body.innerHTML = '<button type="button">Continue with Google</button><form><button type="submit">Continue</button></form><a href="#x">Terms</a>';
    expect(press(document.querySelector('button[type=submit]')!).handled).toBe(true);
    expect(press(document.querySelector('a')!).handled).toBe(true);
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false);
    document.documentElement.setAttribute('data-interactive', '');
    expect(press(document.querySelector('button')!)).toEqual({ prevented: false, handled: true });
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false);
  });
});
