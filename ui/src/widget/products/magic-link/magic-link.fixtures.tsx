import type { MagicLinkView } from '@vestibule/core';
import type { ReactElement } from 'react';
import { FIXTURE_EMAIL, FIXTURE_MAIL_SHORTCUTS, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The magic-link product's screens, checked with axe-core and in the pseudo-locale (ui/src/a11y).

const magicLink = (view: Partial<MagicLinkView> = {}): ReactElement =>
  product('magicLink', { screen: 'confirmation', email: FIXTURE_EMAIL, mailShortcuts: FIXTURE_MAIL_SHORTCUTS, resending: false, error: null, retryInSeconds: null, resendInSeconds: null, returnLabel: null, ...view } satisfies MagicLinkView);

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'E-mail confirmation with webmail shortcuts', element: () => magicLink() },
  { name: 'E-mail confirmation, resending', element: () => magicLink({ resending: true, mailShortcuts: [] }) },
  { name: 'E-mail confirmation cooling down after a resend', element: () => magicLink({ resendInSeconds: 30 }) },
  { name: 'E-mail confirmation with an error and the Retry-After countdown', element: () => magicLink({ error: { key: 'error.too_many_requests' }, retryInSeconds: 4 }) },
  { name: "Passwordless choice: the link went out, with 'Create a password instead'", element: () => magicLink({ returnLabel: 'password.createInstead' }) },
  {
    name: 'Passwordless choice with an error and the countdown',
    element: () => magicLink({ returnLabel: 'password.createInstead', mailShortcuts: [], error: { key: 'error.too_many_requests' }, retryInSeconds: 3 }),
  },
];
