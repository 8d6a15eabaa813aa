import { describe, expect, it } from 'vitest';
import { createPageLifecycle, type PageLifecycleWindow } from './page-lifecycle.adapter';

/** A window and document that dispatch real events, with a visibility state the test sets. */
function fakeWindow() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const target = Object.assign(new EventTarget(), { document }) as unknown as PageLifecycleWindow & EventTarget;
  const setVisibility = (state: DocumentVisibilityState) => {
    document.visibilityState = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { target, setVisibility };
}

describe('page lifecycle (flush on leave)', () => {
  it('calls back when the page is hidden or left, not when it is shown again', () => {
    const { target, setVisibility } = fakeWindow();
    let calls = 0;
    createPageLifecycle(target).onHidden(() => calls++);
    setVisibility('hidden');
    expect(calls).toBe(1);
    setVisibility('visible');
    expect(calls).toBe(1);
    target.dispatchEvent(new Event('pagehide'));
    expect(calls).toBe(2);
  });

  it('stops calling back once unsubscribed', () => {
    const { target, setVisibility } = fakeWindow();
    let calls = 0;
    const stop = createPageLifecycle(target).onHidden(() => calls++);
    stop();
    setVisibility('hidden');
    target.dispatchEvent(new Event('pagehide'));
    expect(calls).toBe(0);
  });
});
