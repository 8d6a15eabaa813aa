import type { OtpMethod, WidgetConfig } from '../../domain/config/widget-config';
import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import { passcodeRequest } from '../../domain/passcodes/passcode-request';
import type { SendPasscodeRequest } from '../../ports/passcodes.port';
import type { ParsedPhoneNumber, PhoneCountry } from '../../ports/phone-numbers.port';
import type { CommonEffect } from '../common-effects';
import type { TransitionContext } from '../flow-runner';

/** SPEC §5: the phone field starts on the United States. */
export const DEFAULT_COUNTRY: PhoneCountry = { code: 'US', callingCode: '1' };
/** SPEC §9: as-you-type formatting may take up to 10 s (the phone library loads on first use). */
export const FORMAT_TIMEOUT_MS = 10_000;
/** SPEC §5: on submit, parsing gets 2 s; after that the number is sent as entered. */
export const PARSE_TIMEOUT_MS = 2_000;
const TICK_MS = 1_000;

/** The phone channels (the passcode methods Main's phone form sends by). */
export type PhoneChannel = Exclude<OtpMethod, 'email'>;

/** What Main's passcode form is opened with. */
export interface PhonePasscodeInput {
  readonly config: WidgetConfig;
}

/** A code that went out: what the widget's Passcode entry needs (SPEC §3 OTP state). */
export interface PhonePasscodeSent {
  readonly channel: PhoneChannel;
  readonly destination: string;
  readonly methodId: string;
}

/**
 * Main's passcode group (SPEC §2, §5): the method tabs, and the phone form that sends a code by
 * text or WhatsApp. The e-mail tab shows Main's own e-mail form.
 */
export interface PhonePasscodeState {
  readonly input: PhonePasscodeInput;
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
  /** Epoch ms until which Continue stays disabled (429 with `Retry-After`). */
  readonly retryAt: number | null;
  readonly now: number;
  /** Where the code on its way goes (while `busy` is `sending`). */
  readonly sending: Omit<PhonePasscodeSent, 'methodId'> | null;
}

/** What Main's passcode group hears: the visitor's actions and the phone library's and provider's answers. */
export type PhonePasscodeEvent =
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
  /** The code went out but the widget could not open Passcode entry: its message shows under the number (until an edit). */
  | { readonly type: 'handOverFailed'; readonly error: MessageRef }
  | { readonly type: 'tick' };

/** What Main's passcode group asks for: the phone library, the provider, the hand-over to the widget. */
export type PhonePasscodeEffect =
  | { readonly type: 'loadCountries'; readonly key: string }
  | { readonly type: 'formatNumber'; readonly key: string; readonly country: string; readonly input: string }
  | { readonly type: 'parseNumber'; readonly key: string; readonly country: string; readonly input: string }
  | { readonly type: 'sendPasscode'; readonly key: string; readonly request: SendPasscodeRequest }
  /** Tells the widget a code went out (it shows Passcode entry). */
  | { readonly type: 'handOver'; readonly key: string; readonly sent: PhonePasscodeSent }
  | CommonEffect<PhonePasscodeEvent>;

type Step = readonly [PhonePasscodeState, readonly PhonePasscodeEffect[]];
const stay = (state: PhonePasscodeState): Step => [state, []];
const tick = (): PhonePasscodeEffect => ({ type: 'timer', key: 'phone:tick', delayMs: TICK_MS, event: { type: 'tick' } });
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
export function initialPhonePasscodeState(input: PhonePasscodeInput): PhonePasscodeState {
  const tabs = passcodeTabs(input.config);
  return { input, tabs, tab: tabs[0] ?? 'sms', countries: null, country: DEFAULT_COUNTRY, number: '', error: null, busy: null, retryAt: null, now: 0, sending: null };
}

const waiting = (state: PhonePasscodeState, now: number) => state.retryAt !== null && now < state.retryAt;

/** The number as entered, in E.164 shape: used when the phone library cannot say (SPEC §5). */
export function asEntered(country: PhoneCountry, number: string): string {
  const digits = number.replace(/\D/g, '');
  return number.trim().startsWith('+') ? `+${digits}` : `+${country.callingCode}${digits}`;
}

function send(state: PhonePasscodeState, destination: string): Step {
  const channel = isPhone(state.tab) ? state.tab : 'sms';
  return [
    { ...state, busy: 'sending', sending: { channel, destination } },
    [{ type: 'sendPasscode', key: 'phone:send', request: passcodeRequest(state.input.config, channel, destination) }],
  ];
}

function failed(state: PhonePasscodeState, error: AuthError, now: number): Step {
  const retryAt = error.retryAfterMs === undefined ? null : now + error.retryAfterMs;
  return [{ ...state, busy: null, sending: null, error: errorMessage(error), retryAt, now }, [{ type: 'reportError', error }, ...(retryAt === null ? [] : [tick()])]];
}

/** Main's passcode tabs and phone form as a pure machine (SPEC §2, §4, §5). */
export function phonePasscodeTransition(state: PhonePasscodeState, event: PhonePasscodeEvent, context: TransitionContext): Step {
  switch (event.type) {
    case 'started':
      return [{ ...state, now: context.now }, [{ type: 'loadCountries', key: 'phone:countries' }]];

    case 'countriesLoaded':
      return stay({ ...state, countries: event.countries });

    case 'tabSelected':
      if (!state.tabs.includes(event.tab) || state.busy !== null) return stay(state);
      return stay({ ...state, tab: event.tab, error: waiting(state, context.now) ? state.error : null });

    case 'countryChanged': {
      const country = state.countries?.find((candidate) => candidate.code === event.code);
      if (country === undefined || state.busy !== null) return stay(state);
      const next = { ...state, country, error: waiting(state, context.now) ? state.error : null };
      // The digits stay; their grouping follows the new country.
      return [next, state.number === '' ? [] : [{ type: 'formatNumber', key: 'phone:format', country: country.code, input: state.number.replace(/[^\d+]/g, '') }]];
    }

    case 'numberChanged': {
      if (state.busy !== null) return stay(state);
      const next = { ...state, number: event.value, error: waiting(state, context.now) ? state.error : null };
      // Format while typing forward only: reformatting a deletion would put back what was just deleted.
      const grew = event.value.length > state.number.length;
      return [next, grew ? [{ type: 'formatNumber', key: 'phone:format', country: state.country.code, input: event.value }] : [{ type: 'cancel', key: 'phone:format' }]];
    }

    case 'numberFormatted':
      // A late answer for what is no longer in the field changes nothing.
      if (event.input !== state.number && event.input !== state.number.replace(/[^\d+]/g, '')) return stay(state);
      return stay({ ...state, number: event.formatted });

    case 'submitted': {
      if (state.busy !== null || waiting(state, context.now) || !isPhone(state.tab)) return stay(state);
      if (state.number.trim() === '') return stay({ ...state, error: { key: 'passcodes.phoneRequired' } });
      return [
        { ...state, busy: 'checking', error: null, retryAt: null },
        [{ type: 'cancel', key: 'phone:format' }, { type: 'parseNumber', key: 'phone:parse', country: state.country.code, input: state.number }],
      ];
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
      const sent: PhonePasscodeSent = { ...state.sending, methodId: event.methodId };
      // The number stays in the field: Back from Passcode entry finds it as typed.
      return [{ ...state, busy: null, sending: null }, [{ type: 'handOver', key: 'phone:handOver', sent }]];
    }

    case 'sendFailed':
      if (state.busy !== 'sending') return stay(state);
      return failed(state, event.error, context.now);

    case 'handOverFailed':
      return stay({ ...state, error: event.error });

    case 'tick':
      if (state.retryAt === null) return stay(state);
      if (context.now >= state.retryAt) return stay({ ...state, retryAt: null, now: context.now, error: null });
      return [{ ...state, now: context.now }, [tick()]];
  }
}
