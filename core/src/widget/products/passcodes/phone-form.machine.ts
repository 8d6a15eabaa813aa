import type { OtpMethod, WidgetConfig } from '../../../domain/config/widget-config';
import type { AuthError } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import { passcodeRequest } from '../../../domain/passcodes/passcode-request';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../../domain/retry/retry-countdown';
import { isWaiting, type RetryWindow } from '../../../domain/retry/retry-window';
import type { SendPasscodeRequest } from '../../../ports/passcodes.port';
import type { ParsedPhoneNumber, PhoneCountry } from '../../../ports/phone-numbers.port';
import type { CommonEffect } from '../../../flows/common-effects';
import type { SlotContext, SlotOutput, SlotStep } from '../../main-slot.types';

/** SPEC §5: the phone field starts on the United States. */
export const DEFAULT_COUNTRY: PhoneCountry = { code: 'US', callingCode: '1' };
/** SPEC §9: as-you-type formatting may take up to 10 s (the phone library loads on first use). */
export const FORMAT_TIMEOUT_MS = 10_000;
/** SPEC §5: on submit, parsing gets 2 s; after that the number is sent as entered. */
export const PARSE_TIMEOUT_MS = 2_000;

/** The phone channels (the passcode methods Main's phone form sends by). */
export type PhoneChannel = Exclude<OtpMethod, 'email'>;

/** What Main's passcode form is opened with. */
export interface PhoneFormInput {
  readonly config: WidgetConfig;
}

/** A code that went out: what Passcode entry needs (SPEC §3 OTP state), the `detail` of the slot's action. */
export interface PhoneCodeSent {
  readonly channel: PhoneChannel;
  readonly destination: string;
  readonly methodId: string;
}

/**
 * Main's passcode group (SPEC §2, §5): the method tabs, and the phone form that sends a code by
 * text or WhatsApp. The e-mail tab shows Main's own e-mail form.
 */
export interface PhoneFormState {
  readonly input: PhoneFormInput;
  /** The tabs, in configured order (SPEC §2: shown when there is more than one). */
  readonly tabs: readonly OtpMethod[];
  readonly tab: OtpMethod;
  /** Every country with its calling code, once the phone library is loaded. */
  readonly countries: readonly PhoneCountry[] | null;
  readonly country: PhoneCountry;
  /** The number as typed (reformatted in national format while typing). */
  readonly number: string;
  readonly error: MessageRef | null;
  /** `checking`: the number is being parsed (at most 2 s); `sending`: the code is on its way. */
  readonly busy: 'checking' | 'sending' | null;
  /** A `Retry-After` the provider imposed on sending (Continue stays disabled until it is over). */
  readonly retry: RetryWindow | null;
  /** Where the code on its way goes (while `busy` is `sending`). */
  readonly sending: Omit<PhoneCodeSent, 'methodId'> | null;
}

/** What Main's passcode group hears: the visitor's actions and the phone library's and provider's answers. */
export type PhoneFormEvent =
  | { readonly type: 'started' }
  | { readonly type: 'countriesLoaded'; readonly countries: readonly PhoneCountry[] }
  | { readonly type: 'tabSelected'; readonly tab: OtpMethod }
  | { readonly type: 'countryChanged'; readonly code: string }
  | { readonly type: 'numberChanged'; readonly value: string }
  | { readonly type: 'numberFormatted'; readonly input: string; readonly formatted: string }
  | { readonly type: 'submitted' }
  /** The parse on submit: a verdict, `null` for no number at all, `'unavailable'` when it failed or took over 2 s. */
  | { readonly type: 'parsed'; readonly result: ParsedPhoneNumber | null | 'unavailable' }
  | { readonly type: 'sent'; readonly methodId: string }
  | { readonly type: 'sendFailed'; readonly error: AuthError }
  | { readonly type: 'tick' };

/** What Main's passcode group asks for: the phone library and the provider. */
export type PhoneFormEffect =
  | { readonly type: 'loadCountries'; readonly key: string }
  | { readonly type: 'formatNumber'; readonly key: string; readonly country: string; readonly input: string }
  | { readonly type: 'parseNumber'; readonly key: string; readonly country: string; readonly input: string }
  | { readonly type: 'sendPasscode'; readonly key: string; readonly request: SendPasscodeRequest }
  | CommonEffect<PhoneFormEvent>;

type Step = SlotStep<PhoneFormState, PhoneFormEffect>;
const stay = (state: PhoneFormState): Step => ({ state, effects: [] });
const tick = (): PhoneFormEffect => retryTick<PhoneFormEvent>('phone', { type: 'tick' });
/** An edit: the router's message for this form (a code whose Passcode entry could not open) goes too. */
const CLEAR_MESSAGE: readonly SlotOutput[] = [{ type: 'message', message: null }];
const isPhone = (method: OtpMethod): method is PhoneChannel => method !== 'email';

/**
 * SPEC §2 tabs: the configured passcode methods in order. When another product takes Main's
 * e-mail form (passwords, magic links) and e-mail codes are not configured, an 'Email' tab leads
 * to that form, so every configured way stays reachable.
 */
export function passcodeTabs(config: WidgetConfig): OtpMethod[] {
  const methods = config.products.includes('otp') ? [...(config.otpOptions?.methods ?? [])] : [];
  const otherEmailProduct = config.products.includes('passwords') || config.products.includes('emailMagicLinks');
  if (methods.some(isPhone) && otherEmailProduct && !methods.includes('email')) methods.push('email');
  return methods;
}

/** The form before anything was typed. */
export function initialPhoneFormState(input: PhoneFormInput): PhoneFormState {
  const tabs = passcodeTabs(input.config);
  return { input, tabs, tab: tabs[0] ?? 'sms', countries: null, country: DEFAULT_COUNTRY, number: '', error: null, busy: null, retry: null, sending: null };
}

const waiting = (state: PhoneFormState, now: number) => isWaiting(state.retry, now);

/** The number as entered, in E.164 shape: used when the phone library cannot say (SPEC §5). */
function asEntered(country: PhoneCountry, number: string): string {
  const digits = number.replace(/\D/g, '');
  return number.trim().startsWith('+') ? `+${digits}` : `+${country.callingCode}${digits}`;
}

function send(state: PhoneFormState, destination: string): Step {
  const channel = isPhone(state.tab) ? state.tab : 'sms';
  return {
    state: { ...state, busy: 'sending', sending: { channel, destination } },
    effects: [{ type: 'sendPasscode', key: 'phone:send', request: passcodeRequest(state.input.config, channel, destination) }],
  };
}

function failed(state: PhoneFormState, error: AuthError, now: number): Step {
  const retry = retryWindowAfter(error, now);
  return { state: { ...state, busy: null, sending: null, error: errorMessage(error), retry }, effects: [{ type: 'reportError', error }, ...(retry === null ? [] : [tick()])] };
}

/**
 * Main's passcode tabs and phone form as a pure machine (SPEC §2, §4, §5), hosted by the widget
 * as a slot: a code that went out is handed to the passcodes product as the slot's action.
 */
export function phoneFormTransition(state: PhoneFormState, event: PhoneFormEvent, context: SlotContext): Step {
  switch (event.type) {
    case 'started':
      return { state, effects: [{ type: 'loadCountries', key: 'phone:countries' }] };

    case 'countriesLoaded':
      return stay({ ...state, countries: event.countries });

    case 'tabSelected':
      if (!state.tabs.includes(event.tab) || state.busy !== null || context.mainBusy) return stay(state);
      return { state: { ...state, tab: event.tab, error: waiting(state, context.now) ? state.error : null }, effects: [], outputs: CLEAR_MESSAGE };

    case 'countryChanged': {
      const country = state.countries?.find((candidate) => candidate.code === event.code);
      if (country === undefined || state.busy !== null) return stay(state);
      const next = { ...state, country, error: waiting(state, context.now) ? state.error : null };
      // The digits stay; their grouping follows the new country.
      const effects: PhoneFormEffect[] = state.number === '' ? [] : [{ type: 'formatNumber', key: 'phone:format', country: country.code, input: state.number.replace(/[^\d+]/g, '') }];
      return { state: next, effects, outputs: CLEAR_MESSAGE };
    }

    case 'numberChanged': {
      if (state.busy !== null) return stay(state);
      const next = { ...state, number: event.value, error: waiting(state, context.now) ? state.error : null };
      // Format while typing forward only: reformatting a deletion would put back what was just deleted.
      const grew = event.value.length > state.number.length;
      const effects: PhoneFormEffect[] = grew ? [{ type: 'formatNumber', key: 'phone:format', country: state.country.code, input: event.value }] : [{ type: 'cancel', key: 'phone:format' }];
      return { state: next, effects, outputs: CLEAR_MESSAGE };
    }

    case 'numberFormatted':
      // A late answer for what is no longer in the field changes nothing.
      if (event.input !== state.number && event.input !== state.number.replace(/[^\d+]/g, '')) return stay(state);
      return stay({ ...state, number: event.formatted });

    case 'submitted': {
      // A code sent while something else started on Main is on its way would find Main busy, and be lost.
      if (state.busy !== null || context.mainBusy || waiting(state, context.now) || !isPhone(state.tab)) return stay(state);
      if (state.number.trim() === '') return { state: { ...state, error: { key: 'passcodes.phoneRequired' } }, effects: [], outputs: CLEAR_MESSAGE };
      return {
        state: { ...state, busy: 'checking', error: null, retry: null },
        effects: [{ type: 'cancel', key: 'phone:format' }, { type: 'parseNumber', key: 'phone:parse', country: state.country.code, input: state.number }],
        // This form's sign-in is on its way: Main starts nothing else, and the other slots stop.
        outputs: [{ type: 'message', message: null }, { type: 'started' }],
      };
    }

    case 'parsed': {
      if (state.busy !== 'checking') return stay(state);
      const { result } = event;
      // SPEC §5: a failed or slow parse sends the number as entered; a parse that says invalid stops here.
      if (result === 'unavailable') return send(state, asEntered(state.country, state.number));
      if (result === null || !result.valid) return stay({ ...state, busy: null, error: { key: 'error.invalid_phone_number' } });
      return send(state, result.e164);
    }

    case 'sent': {
      if (state.busy !== 'sending' || state.sending === null) return stay(state);
      const sent: PhoneCodeSent = { ...state.sending, methodId: event.methodId };
      // The number stays in the field: Back from Passcode entry finds it as typed. Passcode entry
      // is the passcodes product's: the code goes to it as this slot's action.
      return { state: { ...state, busy: null, sending: null }, effects: [], outputs: [{ type: 'action', product: 'passcodes', detail: sent }] };
    }

    case 'sendFailed':
      if (state.busy !== 'sending') return stay(state);
      return failed(state, event.error, context.now);

    case 'tick': {
      if (state.retry === null) return stay(state);
      const retry = tickRetryWindow(state.retry, context.now);
      if (retry === null) return stay({ ...state, retry: null, error: null });
      return { state: { ...state, retry }, effects: [tick()] };
    }
  }
}
