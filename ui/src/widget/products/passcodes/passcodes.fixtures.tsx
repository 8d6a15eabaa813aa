import type { PasscodesView } from '@vestibule/core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FIXTURE_EMAIL, FIXTURE_PHONE, main, phoneFormSettled, product, tabsSettled, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The passcodes product's screens and its phone form slot on Main, checked with axe-core and in
// the pseudo-locale (ui/src/a11y). Country names come from the browser (Intl.DisplayNames); the
// closed select's compact 'US +1' is an ISO code, the same in every language.

const COUNTRY_NAMES: readonly string[] = ['United States', 'France', 'US +1'];

type EntryView = Extract<PasscodesView, { readonly screen: 'entry' }>;
const passcodeEntry = (view: Partial<EntryView> = {}): ReactElement =>
  product('passcodes', {
    screen: 'entry',
    channel: 'sms',
    destination: FIXTURE_PHONE,
    code: '',
    verifying: false,
    inputDisabled: false,
    error: null,
    expiry: { status: 'counting', timeLeft: '2:00' },
    resend: 'initial',
    canResend: false,
    retryInSeconds: null,
    backArrow: true,
    returnLabel: null,
    ...view,
  } satisfies EntryView);

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: "Passcode entry handed over by passwords, with 'Create a password instead'", element: () => passcodeEntry({ channel: 'email', destination: FIXTURE_EMAIL, returnLabel: 'password.createInstead' }) },
  {
    name: 'Main with the passcode tabs and the phone form',
    element: () => main({ emailForm: 'passcodes', otpMethods: ['sms', 'whatsapp', 'email'] }),
    settled: phoneFormSettled,
    untranslated: COUNTRY_NAMES,
  },
  { name: "Main with the passcode tabs on 'Email'", element: () => main({ emailForm: 'passcodes', otpMethods: ['email', 'sms'] }), settled: tabsSettled },
  {
    name: 'Main with the passcode tabs while the e-mail form sends (the other tabs disabled)',
    element: () => main({ emailForm: 'passcodes', otpMethods: ['email', 'sms'], email: FIXTURE_EMAIL, sending: true }),
    settled: tabsSettled,
  },
  { name: 'Main with one phone method (no tabs)', element: () => main({ emailForm: null, otpMethods: ['whatsapp'] }), settled: phoneFormSettled, untranslated: COUNTRY_NAMES },
  {
    name: 'Main with an error under the phone number',
    element: () => main({ emailForm: 'passcodes', otpMethods: ['sms', 'email'], phoneError: { key: 'error.invalid_phone_number' } }),
    settled: () => {
      phoneFormSettled();
      screen.getByRole('alert');
    },
    untranslated: COUNTRY_NAMES,
  },
  { name: 'Passcode entry by text, counting down', element: () => passcodeEntry() },
  { name: 'Passcode entry by WhatsApp, verifying', element: () => passcodeEntry({ channel: 'whatsapp', code: '123456', verifying: true, inputDisabled: true }) },
  { name: 'Passcode entry by e-mail, a wrong code', element: () => passcodeEntry({ channel: 'email', destination: FIXTURE_EMAIL, code: '123457', error: { key: 'error.otp_code_not_found' }, canResend: true }) },
  { name: 'Passcode entry, expired, waiting out Retry-After', element: () => passcodeEntry({ expiry: { status: 'expired' }, error: { key: 'error.too_many_requests' }, retryInSeconds: 4, inputDisabled: true, resend: 'waiting' }) },
  { name: "Passcode entry with the provider's expiry (no countdown)", element: () => passcodeEntry({ channel: 'email', destination: FIXTURE_EMAIL, expiry: { status: 'unknown' }, canResend: true }) },
  { name: "Passcode entry with the provider's expiry, expired", element: () => passcodeEntry({ channel: 'email', destination: FIXTURE_EMAIL, code: '123456', expiry: { status: 'expired' }, canResend: true }) },
  { name: 'Passcode entry, resending', element: () => passcodeEntry({ resend: 'sending' }) },
  { name: "Passcode entry, 'Code sent'", element: () => passcodeEntry({ resend: 'sent' }) },
  { name: 'Passcode entry without the back arrow', element: () => passcodeEntry({ backArrow: false, canResend: true }) },
];
