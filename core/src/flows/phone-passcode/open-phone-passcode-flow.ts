import { Observable } from 'rxjs';
import type { AuthCore, AuthCoreHost } from '../../create-auth-core';
import { authError, fail, ok } from '../../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { runFlow, type Flow } from '../flow-runner';
import { providerCall } from '../provider-call';
import {
  FORMAT_TIMEOUT_MS,
  PARSE_TIMEOUT_MS,
  initialPhonePasscodeState,
  phonePasscodeTransition,
  type PhonePasscodeEffect,
  type PhonePasscodeEvent,
  type PhonePasscodeInput,
  type PhonePasscodeSent,
  type PhonePasscodeState,
} from './phone-passcode.machine';

const unavailable = () => Promise.resolve(fail(authError('unexpected')));
const none = () => new Observable<PhonePasscodeEvent>((subscriber) => subscriber.complete());

function interpret(host: AuthCoreHost, effect: PhonePasscodeEffect, handOver: (sent: PhonePasscodeSent) => void): Observable<PhonePasscodeEvent> {
  if (isCommonEffect<PhonePasscodeEvent>(effect)) return interpretCommonEffect(host, effect);
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
        (result): PhonePasscodeEvent => ({ type: 'parsed', result: result.ok ? result.value : 'unavailable' }),
        PARSE_TIMEOUT_MS,
      );
    case 'sendPasscode':
      return providerCall(
        host,
        (options) => (passcodes ? passcodes.send(effect.request, options) : unavailable()),
        (result): PhonePasscodeEvent => (result.ok ? { type: 'sent', methodId: result.value.methodId } : { type: 'sendFailed', error: result.error }),
      );
    case 'handOver':
      handOver(effect.sent);
      return none();
  }
}

/**
 * A phone-library call whose answer is a courtesy (the country list, formatting): its event, or
 * none when it fails or misses the 10 s deadline.
 */
function courtesy<T>(host: AuthCoreHost, call: (() => Promise<T>) | undefined, toEvent: (value: T) => PhonePasscodeEvent): Observable<PhonePasscodeEvent> {
  return providerCall(
    host,
    () => (call ? call().then(ok) : unavailable()),
    (result) => (result.ok ? toEvent(result.value) : null),
    FORMAT_TIMEOUT_MS,
  ).pipe(dropNull);
}

/**
 * Passes events on, leaving out the answers that change nothing. Not rxjs's `filter`: importing
 * it from this lazy chunk pulls rxjs's operator plumbing into /login's first load (78 B gzip).
 */
function dropNull(source: Observable<PhonePasscodeEvent | null>): Observable<PhonePasscodeEvent> {
  return new Observable<PhonePasscodeEvent>((subscriber) =>
    source.subscribe({
      next: (event) => event !== null && subscriber.next(event),
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    }),
  );
}

/** What opening Main's passcode group needs besides the configuration. */
export interface OpenPhonePasscodeOptions extends PhonePasscodeInput {
  /** Called when a code went out: the widget shows Passcode entry (its `passcodeSent` event). */
  readonly onSent: (sent: PhonePasscodeSent) => void;
}

/**
 * Main's passcode tabs and phone form (SPEC §2, §5), opened by the widget's Main when the
 * configuration has a phone passcode method. Keyed like the widget; shared while it lives.
 */
export function openPhonePasscodeFlow(core: Pick<AuthCore, 'host'>, key: string, options: OpenPhonePasscodeOptions): Flow<PhonePasscodeState, PhonePasscodeEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: phonePasscodeTransition,
        initial: initialPhonePasscodeState({ config: options.config }),
        interpret: (effect) => interpret(host, effect, options.onSent),
        start: { type: 'started' },
        onEffectFailure: (effect, error) => (effect.type === 'sendPasscode' ? { type: 'sendFailed', error } : effect.type === 'parseNumber' ? { type: 'parsed', result: 'unavailable' } : null),
      },
      runtime,
    ),
  );
}
