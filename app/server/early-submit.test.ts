// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_SCRIPT } from './early-submit';

// The page's inline guard, run as the browser runs it (in the page's global scope).
new Function(EARLY_SUBMIT_SCRIPT)();

function submit(form: HTMLFormElement): boolean {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the early-submit guard (a form submitted before the page is interactive)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-interactive');
    document.documentElement.removeAttribute('data-early-submit');
  });

  it('holds the submit (no post that would reload an empty page) and notes which form it was', () => {
    document.body.innerHTML = '<form id="a"></form><form id="b"><input name="email" value="early@example.com"></form>';
    const second = document.getElementById('b') as HTMLFormElement;
    expect(submit(second)).toBe(true);
    expect(document.documentElement.getAttribute('data-early-submit')).toBe('1');
    expect(second.querySelector('input')?.value).toBe('early@example.com');
  });

  it('leaves submits alone once the page is interactive', () => {
    document.body.innerHTML = '<form></form>';
    document.documentElement.setAttribute('data-interactive', '');
    expect(submit(document.forms[0]!)).toBe(false);
    expect(document.documentElement.hasAttribute('data-early-submit')).toBe(false);
  });
});
