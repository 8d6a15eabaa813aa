import { Observable } from 'rxjs';
import type { AuthCore, AuthCoreHost } from '../../create-auth-core';
import { authError, fail } from '../../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { runFlow, type Flow } from '../flow-runner';
import { providerCall } from '../provider-call';
import { type OneTapEffect, type OneTapEvent, type OneTapInput, type OneTapState, initialOneTapState, oneTapTransition } from './one-tap.machine';

const unavailable = () => Promise.resolve(fail(authError('unexpected')));

function interpret(host: AuthCoreHost, effect: OneTapEffect): Observable<OneTapEvent> {
  if (isCommonEffect<OneTapEvent>(effect)) return interpretCommonEffect(host, effect);
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
      // Lives as long as the prompt: unsubscribing (leaving the page, a cancel) closes it.
      return new Observable<OneTapEvent>((subscriber) => {
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

/**
 * Google One Tap for a page (SPEC §2, §4): opened only where One Tap applies (the production host),
 * after the page is interactive. Keyed by the page; shared while it lives.
 */
export function openOneTapFlow(core: Pick<AuthCore, 'host'>, key: string, input: OneTapInput): Flow<OneTapState, OneTapEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: oneTapTransition,
        initial: initialOneTapState(input),
        interpret: (effect) => interpret(host, effect),
        start: { type: 'started' },
        onEffectFailure: (effect, error) => {
          switch (effect.type) {
            case 'loadOneTapSettings':
              return { type: 'settingsFailed', error };
            case 'loadGoogleScript':
            case 'showPrompt':
              return { type: 'scriptFailed', error };
            case 'submitCredential':
              return { type: 'submitFailed', error };
            default:
              return null;
          }
        },
      },
      runtime,
    ),
  );
}
