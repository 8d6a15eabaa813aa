import { oauthStartRequest, oneTapView, openOneTapFlow, type OAuthProviderOption } from '@vestibule/core';
import { useEffect, useMemo, useState } from 'react';
import { Message } from '../components/message';
import { useFlow } from '../hooks/use-flow';
import { useAuthCore } from '../provider';
import type { OneTapSlotProps } from './main-screen';

/** SPEC §9: One Tap's embedded height before the prompt reports its own, and the resize debounce. */
export const ONE_TAP_EMBEDDED_HEIGHT_PX = 47;
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;
/** The element Google's prompt is embedded in (one One Tap per page). */
export const ONE_TAP_PARENT_ID = 'vb-one-tap-prompt';

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
 * (embedded: a box following the prompt's height, which the stylesheet hides the Google button
 * beside); cancelled or failed give it back.
 */
export default function OneTapSlot({ config, returnContext }: OneTapSlotProps) {
  const google = config.products.includes('oauth') ? config.oauthOptions?.providers.find((provider) => provider.type === 'google') : undefined;
  return google?.one_tap === true ? <OneTapPrompt google={google} config={config} returnContext={returnContext} /> : null;
}

/** One Tap for the configuration's Google entry (`one_tap`, `position`, `cancel_on_tap_outside`). */
function OneTapPrompt({ google, config, returnContext }: OneTapSlotProps & { readonly google: OAuthProviderOption }) {
  const core = useAuthCore();
  // `floating` leaves the prompt to Google; every other position embeds it here.
  const embedded = google.position !== 'floating';
  // The flow's input once per configuration, not on every render (the flow is looked up each time).
  const input = useMemo(() => {
    const request = oauthStartRequest({ config, returnContext, origin: core.host.origin }, 'google');
    return {
      origin: core.host.origin,
      loginRedirectUrl: request.loginRedirectUrl,
      signupRedirectUrl: request.signupRedirectUrl,
      parentId: embedded ? ONE_TAP_PARENT_ID : null,
      cancelOnTapOutside: google.cancel_on_tap_outside ?? true,
    };
  }, [core, config, returnContext, embedded, google]);
  const { state } = useFlow(() => openOneTapFlow(core, 'one-tap', input));
  const view = oneTapView(state);
  const [parent, setParent] = useState<HTMLDivElement | null>(null);
  const height = useFollowedHeight(parent, ONE_TAP_EMBEDDED_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS);

  if (view.message !== null) {
    return (
      <p className="vb-field-error" role="alert">
        <Message message={view.message} />
      </p>
    );
  }
  if (!view.holdsPlace || !embedded) return null;
  return (
    <div className="vb-one-tap" style={{ height }} aria-busy={view.status === 'pending' || undefined}>
      <div id={ONE_TAP_PARENT_ID} ref={setParent} />
    </div>
  );
}
