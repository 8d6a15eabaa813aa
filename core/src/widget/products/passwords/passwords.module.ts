import type { EmailSubmittedAction, ProductModule } from '../../widget.types';
import { interpretPasswordsEffect, passwordsEffectFailure } from './passwords.effects';
import { enterPasswords, passwordsSnapshot, passwordsTransition, resumePasswords } from './passwords.machine';
import type { PasswordsEffect, PasswordsEvent, PasswordsState, PasswordsView } from './passwords.types';
import { passwordsView } from './passwords.view';

/** The passwords product, loaded when Main's e-mail form is first submitted. */
export const passwordsModule: ProductModule<PasswordsState, PasswordsEvent, PasswordsEffect, PasswordsView, EmailSubmittedAction> = {
  id: 'passwords',
  ports: ['passwords'],
  enter: enterPasswords,
  transition: passwordsTransition,
  interpret: interpretPasswordsEffect,
  onEffectFailure: passwordsEffectFailure,
  view: passwordsView,
  snapshot: passwordsSnapshot,
  resume: resumePasswords,
};
