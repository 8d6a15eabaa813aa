import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OneTapBox, { ONE_TAP_EMBEDDED_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS, useFollowedHeight } from './one-tap.slot-view';
import type { OneTapSlotView } from '@vestibule/core';

/** A ResizeObserver the test drives: `resize(height)` reports a new content height. */
class FakeResizeObserver {
  static current: FakeResizeObserver | null = null;
  constructor(private readonly callback: (entries: Array<{ contentRect: { height: number } }>) => void) {
    FakeResizeObserver.current = this;
  }
  observe() {}
  disconnect() {
    FakeResizeObserver.current = null;
  }
  resize(height: number) {
    this.callback([{ contentRect: { height } }]);
  }
}

function Box() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const height = useFollowedHeight(element, ONE_TAP_EMBEDDED_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS);
  return (
    <div data-testid="box" data-height={height}>
      <div ref={setElement} />
    </div>
  );
}

describe("One Tap's embedded box follows the prompt's height (SPEC §9: 47 px, debounce 100 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts at 47 px and settles 100 ms after the last of a burst of resizes', () => {
    const { getByTestId } = render(<Box />);
    const height = () => getByTestId('box').dataset.height;
    expect(height()).toBe('47');
    act(() => {
      FakeResizeObserver.current?.resize(80);
      vi.advanceTimersByTime(50);
      FakeResizeObserver.current?.resize(160);
      vi.advanceTimersByTime(99);
    });
    expect(height()).toBe('47');
    act(() => void vi.advanceTimersByTime(1));
    expect(height()).toBe('160');
  });

  it('keeps the last height when the prompt reports zero (going away)', () => {
    const { getByTestId } = render(<Box />);
    act(() => {
      FakeResizeObserver.current?.resize(120);
      vi.advanceTimersByTime(ONE_TAP_RESIZE_DEBOUNCE_MS);
      FakeResizeObserver.current?.resize(0);
      vi.advanceTimersByTime(ONE_TAP_RESIZE_DEBOUNCE_MS);
    });
    expect(getByTestId('box').dataset.height).toBe('120');
  });
});

describe("One Tap's developer message (SPEC §8, issue 16 §10)", () => {
  const failedView = (developerMessage: string | null): OneTapSlotView => ({ status: 'failed', holdsPlace: false, fallback: true, message: null, developerMessage, embedded: true });

  it('is shown in the widget, marked for the developer, when the page asks for developer messages', () => {
    const { getByRole } = render(<OneTapBox view={failedView('One Tap cannot render: the project has no login redirect URLs.')} message={null} send={() => undefined} />);
    expect(getByRole('note')).toHaveTextContent('For the developer: One Tap cannot render: the project has no login redirect URLs.');
  });

  it('is not shown otherwise', () => {
    const { container } = render(<OneTapBox view={failedView(null)} message={null} send={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
