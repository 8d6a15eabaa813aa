import { stream, type Stream } from '../../../flows/stream';
import { authError, fail } from '../../../domain/errors/auth-error';
import { configuredOAuthProviders } from '../../../domain/oauth/oauth-buttons';
import { providerCall } from '../../../flows/provider-call';
import type { AuthCoreHost } from '../../../create-auth-core';
import type { MainSlot, SlotStep } from '../../main-slot.types';
import type { WidgetInput } from '../../widget.types';
import { oauthStartRequest } from './oauth.machine';
import { initialOneTapState, oneTapTransition, oneTapView, type OneTapEffect, type OneTapEvent, type OneTapInput, type OneTapState, type OneTapView } from './one-tap.machine';

/** The element Google's prompt is embedded in (one One Tap per page); the slot's component renders it. */
export const ONE_TAP_PARENT_ID = 'vb-one-tap-prompt';

/** What the One Tap slot renders: the machine's view, and whether the prompt is embedded here (else Google floats it). */
export interface OneTapSlotView extends OneTapView {
  readonly embedded: boolean;
}

/** One Tap's input from the widget's: the OAuth return URLs, and the Google entry's `position` and `cancel_on_tap_outside`. */
export function oneTapInput(input: WidgetInput): OneTapInput {
  const google = configuredOAuthProviders(input.config).find((option) => option.type === 'google');
  const request = oauthStartRequest(input, 'google');
  return {
    origin: input.origin,
    loginRedirectUrl: request.loginRedirectUrl,
    signupRedirectUrl: request.signupRedirectUrl,
    // `floating` leaves the prompt to Google; every other position embeds it in the slot.
    parentId: google?.position === 'floating' ? null : ONE_TAP_PARENT_ID,
    cancelOnTapOutside: google?.cancel_on_tap_outside ?? true,
    showDeveloperMessages: input.developerMessages === true,
  };
}

const unavailable = () => Promise.resolve(fail(authError('unexpected')));

function interpret(effect: Exclude<OneTapEffect, { readonly type: 'log' | 'toast' | 'reportError' | 'navigate' | 'telemetry' | 'event' | 'timer' | 'cancel' }>, host: AuthCoreHost): Stream<OneTapEvent> {
  const { oauth, googleIdentity } = host.ports;
  switch (effect.type) {
    case 'loadOneTapSettings':
      return providerCall(
        host,
        (options) => (oauth ? oauth.oneTapSettings(options) : unavailable()),
        (result): OneTapEvent => (result.ok ? { type: 'settingsLoaded', settings: result.value } : { type: 'settingsFailed', error: result.error }),
      );
    case 'loadGoogleScript':
      return providerCall(
        host,
        (options) => (googleIdentity ? googleIdentity.load(options) : unavailable()),
        (result): OneTapEvent => (result.ok ? { type: 'scriptLoaded' } : { type: 'scriptFailed', error: result.error }),
      );
    case 'showPrompt':
      // Lives as long as the prompt: unsubscribing (leaving the page, a cancel, an abort) closes it.
      return stream<OneTapEvent>((subscriber) => {
        if (!googleIdentity) {
          subscriber.next({ type: 'scriptFailed', error: authError('unexpected') });
          subscriber.complete();
          return undefined;
        }
        return googleIdentity.prompt(effect.request, (moment) => subscriber.next({ type: 'moment', moment }));
      });
    case 'submitCredential':
      return providerCall(
        host,
        (options) => (oauth ? oauth.oneTapSubmit(effect.request, options) : unavailable()),
        (result): OneTapEvent => (result.ok ? { type: 'submitted', redirectUrl: result.value.redirectUrl } : { type: 'submitFailed', error: result.error }),
      );
  }
}

type SlotEffect = Parameters<typeof interpret>[0];
type Step = SlotStep<OneTapState, OneTapEffect>;

/**
 * Google One Tap on Main (SPEC §2, §4), where the page is the production host and the Google
 * entry asks for it: it holds the Google button's place while pending or shown, and gives it back
 * when cancelled or failed. A credential is a sign-in of its own (Main is busy, the other slots are
 * aborted); another Main action closes the prompt.
 */
export const oneTapSlot: MainSlot<OneTapState, OneTapEvent, SlotEffect, OneTapSlotView> = {
  id: 'one-tap',
  place: 'social',
  init: (input) => initialOneTapState(oneTapInput(input)),
  start: { type: 'started' },
  transition(state, event, context): Step {
    const [next, effects] = oneTapTransition(state, event, context);
    // A credential went to the provider: this is the sign-in on its way now.
    const submitting = next.status === 'submitting' && state.status !== 'submitting';
    return { state: next, effects, ...(submitting ? { outputs: [{ type: 'started' }] } : {}) };
  },
  signal(state, signal): Step {
    // Another Main action started: close the prompt, the Google button takes its place back.
    if (signal.type === 'abort' && (state.status === 'pending' || state.status === 'shown')) {
      return { state: { status: 'cancelled', input: state.input }, effects: [{ type: 'cancel', key: 'prompt' }, { type: 'cancel', key: 'pending' }, { type: 'cancel', key: 'settings' }, { type: 'cancel', key: 'script' }] };
    }
    return { state, effects: [] };
  },
  interpret: (effect, host) => interpret(effect, host),
  onEffectFailure(effect, error) {
    switch (effect.type) {
      case 'loadOneTapSettings':
        return { type: 'settingsFailed', error };
      case 'loadGoogleScript':
      case 'showPrompt':
        return { type: 'scriptFailed', error };
      case 'submitCredential':
        return { type: 'submitFailed', error };
    }
  },
  busy: (state) => state.status === 'submitting' || state.status === 'redirecting',
  view: (state) => ({ ...oneTapView(state), embedded: state.input.parentId !== null }),
};
