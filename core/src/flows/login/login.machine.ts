import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from '../../domain/config/widget-config';
import { errorMessage } from '../../domain/errors/error-catalogue';
import { buildReturnUrl } from '../../domain/redirects/safe-redirect';
import { validateEmail } from '../../domain/validation/email';
import type { SendMagicLinkRequest } from '../../ports/auth-provider.port';
import type { LoginEffect, LoginEvent, LoginInput, LoginState } from './login.types';

/** Path of the magic link's return page; it finishes the sign-in. */
export const LOGIN_CALLBACK_PATH = '/login/callback';

/** The widget's first state: the Main screen with an empty form. */
export function initialLoginState(input: LoginInput): LoginState {
  return {
    input,
    screen: 'main',
    email: input.prefilledEmail ?? '',
    emailError: null,
    sending: false,
    magicLinkEmail: '',
    resending: false,
    confirmationError: null,
    senderDomain: null,
  };
}

function magicLinkRequest(input: LoginInput, email: string): SendMagicLinkRequest {
  const options = input.config.emailMagicLinksOptions ?? {};
  const defaultUrl = buildReturnUrl(input.origin, LOGIN_CALLBACK_PATH, input.returnContext);
  return {
    email,
    loginRedirectUrl: options.loginRedirectURL ?? defaultUrl,
    signupRedirectUrl: options.signupRedirectURL ?? options.loginRedirectURL ?? defaultUrl,
    loginExpirationMinutes: options.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signupExpirationMinutes: options.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  };
}

type Step = readonly [LoginState, readonly LoginEffect[]];
const stay = (state: LoginState): Step => [state, []];

/** The login widget as a pure machine (SPEC §2 Main and E-mail confirmation, §4 transitions). */
export function loginTransition(state: LoginState, event: LoginEvent): Step {
  switch (event.type) {
    case 'started':
      return [state, [{ type: 'loadProjectSettings' }, { type: 'logEvent', event: { name: 'render_login_screen', details: {} } }]];

    case 'projectSettingsLoaded':
      return stay({ ...state, senderDomain: event.emailDomains[0] ?? null });

    case 'emailChanged':
      // Keep what was typed; a stale error would describe a different value.
      return stay({ ...state, email: event.value, emailError: null });

    case 'emailSubmitted': {
      if (state.screen !== 'main' || state.sending) return stay(state);
      const email = state.email.trim();
      const invalid = validateEmail(email, 'magicLink');
      if (invalid !== null) return stay({ ...state, emailError: { key: invalid } });
      return [
        { ...state, sending: true, emailError: null },
        [{ type: 'sendMagicLink', key: 'sendMagicLink', request: magicLinkRequest(state.input, email), purpose: 'send' }],
      ];
    }

    case 'magicLinkSent':
      if (!state.sending) return stay(state);
      return [
        { ...state, sending: false, screen: 'emailConfirmation', magicLinkEmail: event.email, confirmationError: null },
        [{ type: 'logEvent', event: { name: 'email_sent', details: { email: event.email, type: 'login_or_create_eml' } } }],
      ];

    case 'magicLinkFailed':
      if (!state.sending) return stay(state);
      return [{ ...state, sending: false, emailError: errorMessage(event.error) }, [{ type: 'reportError', error: event.error }]];

    case 'resendClicked':
      if (state.screen !== 'emailConfirmation' || state.resending) return stay(state);
      return [
        { ...state, resending: true, confirmationError: null },
        [{ type: 'sendMagicLink', key: 'sendMagicLink', request: magicLinkRequest(state.input, state.magicLinkEmail), purpose: 'resend' }],
      ];

    case 'resendSucceeded':
      if (!state.resending) return stay(state);
      return [
        { ...state, resending: false },
        [
          { type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } },
          { type: 'logEvent', event: { name: 'email_sent', details: { email: state.magicLinkEmail, type: 'login_or_create_eml' } } },
        ],
      ];

    case 'resendFailed':
      if (!state.resending) return stay(state);
      return [
        { ...state, resending: false, confirmationError: errorMessage(event.error) },
        [{ type: 'reportError', error: event.error }],
      ];

    case 'backClicked':
      if (state.screen === 'main') return stay(state);
      // The back arrow returns to Main with the address still in the field, ready to correct.
      return [
        { ...state, screen: 'main', email: state.magicLinkEmail || state.email, resending: false, confirmationError: null },
        [{ type: 'cancel', key: 'sendMagicLink' }],
      ];

    case 'tryAgainClicked': {
      if (state.screen !== 'emailConfirmation') return stay(state);
      const email = state.magicLinkEmail;
      return [
        // SPEC §2: 'Try again' clears the stored magic-link e-mail and returns to Main.
        { ...state, screen: 'main', magicLinkEmail: '', email: '', emailError: null, resending: false, confirmationError: null },
        [
          // A resend still in flight belongs to the address being abandoned.
          { type: 'cancel', key: 'sendMagicLink' },
          { type: 'logEvent', event: { name: 'email_try_again_clicked', details: { email, type: 'login_or_create_eml' } } },
        ],
      ];
    }
  }
}
