import type { PasswordsView, ResetReason } from '@vestibule/core';
import type { ReactElement } from 'react';
import { BREACHED, EMPTY_PASSWORD, FIXTURE_EMAIL, FIXTURE_MAIL_SHORTCUTS, LUDS, ZXCVBN, ZXCVBN_FEEDBACK, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The passwords product's screens, checked with axe-core and in the pseudo-locale (ui/src/a11y).

type PasswordFormView = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;
const passwordForm = (screenName: 'create' | 'login', view: Partial<Omit<PasswordFormView, 'screen'>> = {}): ReactElement =>
  product('passwords', { screen: screenName, email: FIXTURE_EMAIL, password: EMPTY_PASSWORD, submitting: false, resetting: false, canSubmit: false, error: null, retryInSeconds: null, passwordless: 'link', ...view } as PasswordFormView);

type ResetSentView = Extract<PasswordsView, { readonly screen: 'resetSent' }>;
const resetSent = (reason: ResetReason, view: Partial<ResetSentView> = {}): ReactElement =>
  product('passwords', { screen: 'resetSent', reason, email: FIXTURE_EMAIL, mailShortcuts: FIXTURE_MAIL_SHORTCUTS, resending: false, error: null, retryInSeconds: null, passwordless: 'link', ...view } satisfies ResetSentView);

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Password creation with the chooser and the zxcvbn meter', element: () => passwordForm('create', { password: ZXCVBN }), untranslated: ZXCVBN_FEEDBACK },
  { name: 'Password creation without a passwordless choice, the LUDS checks, checking', element: () => passwordForm('create', { passwordless: null, password: { ...LUDS, checking: true } }) },
  { name: 'Password creation, a breached password', element: () => passwordForm('create', { password: BREACHED, error: { key: 'error.breached_password' } }), untranslated: ZXCVBN_FEEDBACK },
  {
    name: 'Password creation, the strength check failed',
    element: () => passwordForm('create', { password: { ...ZXCVBN, checkError: { key: 'error.network_unreachable' }, canRetryCheck: true } }),
    untranslated: ZXCVBN_FEEDBACK,
  },
  {
    name: 'Password creation, the strength check waiting out Retry-After',
    element: () => passwordForm('create', { password: { ...ZXCVBN, checkError: { key: 'error.too_many_requests' }, checkRetryInSeconds: 3 } }),
    untranslated: ZXCVBN_FEEDBACK,
  },
  { name: 'Password login', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, canSubmit: true }) },
  { name: 'Password login, submitting', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, submitting: true }) },
  { name: 'Password login with wrong credentials', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, error: { key: 'error.unauthorized_credentials' } }) },
  { name: 'Password login waiting out Retry-After, sending the reset e-mail', element: () => passwordForm('login', { passwordless: 'code', resetting: true, error: { key: 'error.too_many_requests' }, retryInSeconds: 3 }) },
  ...(['forgot', 'breached', 'setNew', 'dedupe'] as const).map((reason): ScreenFixture => ({ name: `Reset e-mail sent (${reason})`, element: () => resetSent(reason) })),
  { name: 'Reset e-mail sent (forgot) without a passwordless way, resending', element: () => resetSent('forgot', { passwordless: null, resending: true }) },
  { name: 'Reset e-mail sent (breached) with an error and the countdown', element: () => resetSent('breached', { error: { key: 'error.too_many_requests' }, retryInSeconds: 2 }) },
];
