import { stream, type Stream } from '../../../flows/stream';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, ok } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { MainSlot } from '../../main-slot.types';
import { FORMAT_TIMEOUT_MS, PARSE_TIMEOUT_MS, initialPhoneFormState, phoneFormTransition, type PhoneFormEffect, type PhoneFormEvent, type PhoneFormState } from './phone-form.machine';
import { phoneFormView, type PhoneFormView } from './phone-form.view';

const unavailable = () => Promise.resolve(fail(authError('unexpected')));

type PortEffect = Extract<PhoneFormEffect, { readonly type: 'loadCountries' | 'formatNumber' | 'parseNumber' | 'sendPasscode' }>;

function interpret(effect: PortEffect, host: AuthCoreHost): Stream<PhoneFormEvent> {
  const { passcodes, phoneNumbers } = host.ports;
  switch (effect.type) {
    case 'loadCountries':
      // Without the list the chosen country (United States) stays the only one.
      return courtesy(host, phoneNumbers && (() => phoneNumbers.countries()), (countries) => ({ type: 'countriesLoaded', countries }));
    case 'formatNumber':
      // When formatting fails or is too slow the number stays as typed.
      return courtesy(
        host,
        phoneNumbers && (() => phoneNumbers.formatAsYouType(effect.country, effect.input)),
        (formatted) => ({ type: 'numberFormatted', input: effect.input, formatted }),
      );
    case 'parseNumber':
      return providerCall(
        host,
        () => (phoneNumbers ? phoneNumbers.parse(effect.country, effect.input).then(ok) : unavailable()),
        (result): PhoneFormEvent => ({ type: 'parsed', result: result.ok ? result.value : 'unavailable' }),
        PARSE_TIMEOUT_MS,
      );
    case 'sendPasscode':
      return providerCall(
        host,
        (options) => (passcodes ? passcodes.send(effect.request, options) : unavailable()),
        (result): PhoneFormEvent => (result.ok ? { type: 'sent', methodId: result.value.methodId } : { type: 'sendFailed', error: result.error }),
      );
  }
}

/**
 * A phone-library call whose answer is a courtesy (the country list, formatting): its event, or
 * none when it fails or misses the 10 s deadline.
 */
function courtesy<T>(host: AuthCoreHost, call: (() => Promise<T>) | undefined, toEvent: (value: T) => PhoneFormEvent): Stream<PhoneFormEvent> {
  const answers = providerCall(
    host,
    () => (call ? call().then(ok) : unavailable()),
    (result) => (result.ok ? toEvent(result.value) : null),
    FORMAT_TIMEOUT_MS,
  );
  // Passes answers on, leaving out those that change nothing (one filter needs no operator machinery).
  return stream<PhoneFormEvent>((subscriber) =>
    answers.subscribe({
      next: (event) => event !== null && subscriber.next(event),
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    }),
  );
}

/**
 * Main's passcode tabs and phone form (SPEC §2, §5), where a phone method is configured: a slot
 * in the login form's place that hosts Main's e-mail form on its 'Email' tab. It sends the code
 * itself (its errors and `Retry-After` stay by its field) and hands Passcode entry the code sent.
 */
export const phoneFormSlot: MainSlot<PhoneFormState, PhoneFormEvent, PortEffect, PhoneFormView> = {
  id: 'phone-form',
  place: 'form',
  init: (input) => initialPhoneFormState({ config: input.config }),
  start: { type: 'started' },
  transition: phoneFormTransition,
  // Nothing of the form's collides with another action: a send makes Main busy, so none starts meanwhile.
  signal: (state) => ({ state, effects: [] }),
  interpret,
  onEffectFailure: (effect, error) => (effect.type === 'sendPasscode' ? { type: 'sendFailed', error } : effect.type === 'parseNumber' ? { type: 'parsed', result: 'unavailable' } : null),
  busy: (state) => state.busy !== null,
  view: phoneFormView,
};
