import type { MessageRef, PasskeysSlotView } from '@vestibule/core';
import type { ReactElement } from 'react';
import { headingShown, main, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The passkey button on Main, checked with axe-core and in the pseudo-locale (ui/src/a11y finds
// this file by its name). Passkey sign-in has no screen of its own: Main is all there is.

const withButton = (view: Partial<PasskeysSlotView> = {}, message: MessageRef | null = null, setup: Parameters<typeof main>[0] = {}): ReactElement =>
  main({ ...setup, slots: [{ id: 'passkeys', place: 'passkey', view: { busy: false, disabled: false, ...view } satisfies PasskeysSlotView, message }] });

/** Main has settled once the button's chunk and its strings are on screen. */
const buttonShown = () => {
  headingShown();
  if (document.querySelector('.vb-slots--passkey button') === null) throw new Error('The passkey button has not arrived yet');
};

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main with the passkey button first, then Google', element: () => withButton({}, null, { oauthProviders: ['google'] }), settled: buttonShown, untranslated: ['Google'] },
  { name: 'Main with a passkey sign-in on its way (the button busy, the rest disabled)', element: () => withButton({ busy: true, disabled: true }), settled: buttonShown },
  {
    name: 'Main with an unknown passkey (registration not found)',
    element: () => withButton({}, { key: 'error.webauthn_registration_not_found' }),
    settled: buttonShown,
  },
  { name: 'Main after a passkey sign-in the provider refused', element: () => withButton({}, { key: 'passkeys.authenticateFailed' }), settled: buttonShown },
  { name: 'Main after a passkey sign-in that could not reach the server', element: () => withButton({}, { key: 'error.network_unreachable' }), settled: buttonShown },
];
