import { authError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import { retrySecondsLeft } from '../../domain/retry/retry-window';
import { passwordFieldView } from '../password-field/password-field.view';
import type { PasswordResetState, PasswordResetView } from './password-reset.types';

/** Maps the reset page's state to what it renders (never the token). */
export function passwordResetView(state: PasswordResetState): PasswordResetView {
  switch (state.screen) {
    case 'missingToken':
      return { screen: 'missingToken', message: errorMessage(authError('missing_token')) };
    case 'succeeded':
      return { screen: 'succeeded' };
    case 'form': {
      const password = passwordFieldView(state.field, state.rule);
      const retryInSeconds = retrySecondsLeft(state.retry);
      return { screen: 'form', password, submitting: state.submitting, canSubmit: !state.submitting && retryInSeconds === null && password.acceptable, error: state.error, retryInSeconds };
    }
  }
}
