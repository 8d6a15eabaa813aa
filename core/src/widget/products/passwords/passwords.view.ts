import { mailShortcuts } from '../../../domain/mail/mail-shortcuts';
import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import { passwordFieldView } from '../../../flows/password-field/password-field.view';
import type { ProductContext } from '../../widget.types';
import { passwordlessMethod } from './passwords.machine';
import type { PasswordsState, PasswordsView } from './passwords.types';

/** Maps password state to what its screens render. */
export function passwordsView(state: PasswordsState, context: ProductContext): PasswordsView {
  switch (state.screen) {
    case 'searching':
    case 'startingReset':
      return { screen: null };
    case 'create':
    case 'login': {
      const password = passwordFieldView(state.field, context.passwordRule);
      const retryInSeconds = retrySecondsLeft(state.retry);
      return {
        screen: state.screen,
        email: state.email,
        password,
        submitting: state.busy === 'submit' || state.busy === 'recover',
        resetting: state.busy === 'reset',
        canSubmit: state.busy === null && retryInSeconds === null && password.acceptable,
        error: state.error,
        retryInSeconds,
        passwordless: passwordlessMethod(context),
      };
    }
    case 'resetSent':
      return {
        screen: 'resetSent',
        reason: state.reason,
        email: state.email,
        mailShortcuts: mailShortcuts(context.senderDomain),
        resending: state.resending,
        error: state.error,
        retryInSeconds: retrySecondsLeft(state.retry),
        passwordless: state.reason === 'forgot' ? passwordlessMethod(context) : null,
      };
  }
}
