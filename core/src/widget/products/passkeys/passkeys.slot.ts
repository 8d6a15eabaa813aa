import type { AuthCoreHost } from '../../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../../domain/config/widget-config';
import { authError, fail, type AuthError, type Result } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { CommonEffect } from '../../../flows/common-effects';
import { stream, type Stream } from '../../../flows/stream';
import type { ProviderSession } from '../../../ports/session.port';
import type { MainSlot, SlotContext, SlotOutput, SlotStep } from '../../main-slot.types';
import { emailFormProduct } from '../../product-catalogue';
import {
  abortAutofill,
  autofillTransition,
  initialAutofill,
  startAutofill,
  type AutofillContext,
  type AutofillEffect,
  type AutofillEvent,
  type AutofillState,
  type AutofillStep,
} from './passkeys.autofill';
import type { PasskeysActionDetail } from './passkeys.types';

/** The passkey button and the e-mail field's passkey autofill. */
interface PasskeysSlotState {
  /** The button was pressed: its action is the one on its way (shown busy while the router says so). */
  readonly pressed: boolean;
  readonly autofill: AutofillState;
}

export type PasskeysSlotEvent = { readonly type: 'started' } | { readonly type: 'pressed' } | AutofillEvent;

/** What the passkey button renders. */
export interface PasskeysSlotView {
  readonly busy: boolean;
  /** Pressing is not possible now (something else is on its way, or `Retry-After`). */
  readonly disabled: boolean;
}

/** What Main shows for a failed passkey sign-in: a message by the passkey button, and maybe a toast. */
export interface PasskeyFailureNotice {
  readonly message: MessageRef;
  /** SPEC §8: the provider's own message, as a toast beside the general one. */
  readonly toast: MessageRef | null;
}

/**
 * SPEC §8's passkey sign-in messages for a failure that is neither the visitor's decline nor one
 * of the faults every product meets (network, timeout, 429, 5xx, an unreadable or empty answer):
 * an unknown credential has its own message; anything else is 'Unknown error occurred during
 * passkey authentication…' with the provider's message, when it gave one, as a toast. Shared by
 * the button's sign-in (the product) and the autofill's (this slot), so both end alike; it lives
 * here because the slot is always loaded before the product (whose chunk imports it from here).
 */
export function passkeyFailureNotice(error: AuthError): PasskeyFailureNotice {
  if (error.code === 'webauthn_registration_not_found') return { message: errorMessage(error), toast: null };
  const fromProvider = error.providerType !== undefined || error.serverMessage !== undefined;
  return { message: { key: 'passkeys.authenticateFailed' }, toast: fromProvider ? errorMessage(error) : null };
}

type Step = SlotStep<PasskeysSlotState, AutofillEffect | CommonEffect<PasskeysSlotEvent>>;

function autofillContext(context: SlotContext): AutofillContext {
  const { input } = context;
  return {
    mainBusy: context.mainBusy,
    hasEmailField: emailFormProduct(input.config, input.products) !== null,
    sessionDurationMinutes: input.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
  };
}

/** The policy's step as the slot's: a sign-in goes to the passkeys product, a failed pick's message by the button. */
function withAutofill(state: PasskeysSlotState, step: AutofillStep): Step {
  const outputs: SlotOutput[] = [];
  const effects: Array<AutofillEffect | CommonEffect<PasskeysSlotEvent>> = [...step.effects];
  // Already signed in: the product ends it as it ends the button's (the success screen). Its
  // action makes Main busy and aborts the other slots, as a sign-in of a slot's own does.
  if (step.signedIn === true) outputs.push({ type: 'action', product: 'passkeys', detail: { via: 'autofill' } satisfies PasskeysActionDetail });
  if (step.tell !== undefined) {
    const notice = passkeyFailureNotice(step.tell);
    outputs.push({ type: 'message', message: notice.message });
    if (notice.toast !== null) effects.push({ type: 'toast', kind: 'error', message: notice.toast });
  }
  // An autofill sign-in is not the button's: the button is not shown busy for it.
  return { state: { pressed: step.signedIn === true ? false : state.pressed, autofill: step.state }, effects, ...(outputs.length === 0 ? {} : { outputs }) };
}

/** Whether the browser offers passkeys in autofill; no port (or a failing one) means it does not. */
function checkAutofill(host: AuthCoreHost): Stream<PasskeysSlotEvent> {
  const { passkeys, passkeySupport } = host.ports;
  return stream<PasskeysSlotEvent>((subscriber) => {
    const answer = (supported: boolean) => {
      subscriber.next({ type: 'autofillChecked', supported });
      subscriber.complete();
    };
    if (passkeys === undefined || passkeySupport === undefined) answer(false);
    else
      passkeySupport.browserSupportsAutofill().then(
        (supported) => answer(supported === true),
        (cause: unknown) => {
          host.logger.error('Asking the browser about passkey autofill failed; the passkey button stays', cause);
          answer(false);
        },
      );
    return undefined;
  });
}

/**
 * The conditional request: it waits in the e-mail field's autofill for as long as the visitor
 * takes (no call timeout: nothing is on screen waiting for it), and unsubscribing — an abort —
 * aborts its signal. Like every provider call it answers once, with the error messages loaded
 * before a failure.
 */
function conditionalSignIn(host: AuthCoreHost, sessionDurationMinutes: number): Stream<PasskeysSlotEvent> {
  const { passkeys } = host.ports;
  return stream<PasskeysSlotEvent>((subscriber) => {
    const controller = new AbortController();
    const settle = (result: Result<ProviderSession>) => {
      if (subscriber.closed) return;
      const emit = () => {
        subscriber.next(result.ok ? { type: 'autofillSignedIn' } : { type: 'autofillFailed', error: result.error });
        subscriber.complete();
      };
      if (result.ok) emit();
      else host.prepareErrorDisplay().then(emit, emit);
    };
    const pending: Promise<Result<ProviderSession>> =
      passkeys === undefined ? Promise.resolve(fail(authError('unexpected'))) : passkeys.authenticate({ sessionDurationMinutes, conditionalMediation: true }, { signal: controller.signal });
    pending.then(
      // SPEC §8: an empty passkey response is an error.
      (result) => settle(result.ok && result.value === null ? fail(authError('invalid_response')) : result),
      (cause: unknown) => {
        host.logger.error('A provider call rejected instead of resolving to a Result', cause);
        settle(fail(authError('unexpected', { cause })));
      },
    );
    return () => controller.abort();
  });
}

function interpret(effect: AutofillEffect, host: AuthCoreHost): Stream<PasskeysSlotEvent> {
  switch (effect.type) {
    case 'checkAutofill':
      return checkAutofill(host);
    case 'conditionalSignIn':
      return conditionalSignIn(host, effect.sessionDurationMinutes);
  }
}

/**
 * The passkeys product's slot on Main (SPEC §2: the passkey button comes first; §4: passkey
 * autofill). Pressing the button hands the passkeys product its action (the browser's sheet);
 * where the browser offers passkeys in the e-mail field's autofill, a conditional request waits
 * there (tried up to 5 times; stopped by any other Main action — the slot host aborts it before
 * that action's own request — or when the visitor declines). A passkey picked there is a sign-in
 * of its own, handed to the product, which ends it as it ends the button's.
 */
export const passkeysSlot: MainSlot<PasskeysSlotState, PasskeysSlotEvent, AutofillEffect, PasskeysSlotView> = {
  id: 'passkeys',
  place: 'passkey',
  init: () => ({ pressed: false, autofill: initialAutofill() }),
  start: { type: 'started' },
  transition(state, event, context): Step {
    switch (event.type) {
      case 'started':
        return withAutofill(state, startAutofill(state.autofill, autofillContext(context)));
      case 'pressed':
        // Another action on its way, or a Retry-After wait, refuses it.
        if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
        return { state: { ...state, pressed: true }, effects: [], outputs: [{ type: 'action', product: 'passkeys', detail: { via: 'button' } satisfies PasskeysActionDetail }] };
      default:
        return withAutofill(state, autofillTransition(state.autofill, event, autofillContext(context)));
    }
  },
  signal(state, signal): Step {
    // Any Main action, this button's included (the slot host aborts the acting slot too): the
    // pending conditional request stops before that action's request can start.
    if (signal.type !== 'abort') return { state, effects: [] };
    const step = abortAutofill(state.autofill);
    return step.state === state.autofill ? { state, effects: [] } : withAutofill(state, step);
  },
  interpret,
  onEffectFailure(effect, error: AuthError) {
    // A failed support check leaves the button alone; a request that failed outside its own handling counts a try.
    return effect.type === 'checkAutofill' ? { type: 'autofillChecked', supported: false } : { type: 'autofillFailed', error };
  },
  // Nothing of its own keeps Main busy: the button's sign-in is the product's, and a picked
  // passkey is handed to the product at once.
  busy: () => false,
  view: (state, context): PasskeysSlotView => ({ busy: context.acting && state.pressed, disabled: context.mainBusy || context.mainWaiting }),
};
