import { ONE_TAP_PARENT_ID, type OneTapEvent, type OneTapSlotView } from '@vestibule/core';
import { useEffect, useState } from 'react';
import { Message } from '../../../components/message';
import { useHydrated } from '../../use-hydrated';
import type { SlotViewProps } from '../../slot-views';

/** SPEC §9: One Tap's embedded height before the prompt reports its own, and the resize debounce. */
export const ONE_TAP_EMBEDDED_HEIGHT_PX = 47;
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;

/**
 * The height of `element`'s content, following it as it changes: starts at `initial`, and settles
 * `debounceMs` after the last resize (Google's prompt resizes several times as it renders). A
 * zero height (the prompt going away) keeps the last one.
 */
export function useFollowedHeight(element: HTMLElement | null, initial: number, debounceMs: number): number {
  const [height, setHeight] = useState(initial);
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[entries.length - 1]?.contentRect.height ?? 0;
      clearTimeout(timer);
      timer = setTimeout(() => setHeight((current) => (measured > 0 ? measured : current)), debounceMs);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element, debounceMs]);
  return height;
}

/**
 * Google One Tap in the Google button's place (SPEC §2, §4): pending and shown hold the place
 * (embedded: a box following the prompt's height, beside which the stylesheet hides the Google
 * button); cancelled or failed give it back. Never pre-rendered: it appears after hydration.
 */
export default function OneTapBox({ view, send }: SlotViewProps<OneTapSlotView>) {
  const hydrated = useHydrated();
  const [parent, setParent] = useState<HTMLDivElement | null>(null);
  const height = useFollowedHeight(parent, ONE_TAP_EMBEDDED_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS);
  // Google embeds its prompt in this element: it may prompt once the element is on the page.
  useEffect(() => {
    if (parent !== null) send({ type: 'parentMounted' } satisfies OneTapEvent);
  }, [parent, send]);
  if (!hydrated) return null;
  if (view.developerMessage !== null) {
    // SPEC §8: a configuration error, shown in development beside the Google button that took One
    // Tap's place (the page decides; visitors of a real deployment never see it).
    return (
      <p className="vb-dev-note" role="note">
        <strong>For the developer:</strong> {view.developerMessage}
      </p>
    );
  }
  if (view.message !== null) {
    return (
      <p className="vb-field-error" role="alert">
        <Message message={view.message} />
      </p>
    );
  }
  if (!view.holdsPlace || !view.embedded) return null;
  return (
    <div className="vb-one-tap" style={{ height }} aria-busy={view.status === 'pending' || undefined}>
      <div id={ONE_TAP_PARENT_ID} ref={setParent} />
    </div>
  );
}
