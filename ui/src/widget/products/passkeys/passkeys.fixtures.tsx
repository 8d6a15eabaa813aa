import type { PasskeysSlotView, PasskeysView } from '@vestibule/core';
import type { ReactElement } from 'react';
import { headingShown, main, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The passkeys product's screens and its button on Main, checked with axe-core and in the
// pseudo-locale (ui/src/a11y finds this file by its name).

const start = (view: Partial<PasskeysView> = {}): ReactElement => product('passkeys', { screen: 'start', error: null, busy: false, ...view } satisfies PasskeysView);
const withButton = (view: Partial<PasskeysSlotView> = {}): ReactElement =>
  main({ slots: [{ id: 'passkeys', place: 'passkey', view: { busy: false, disabled: false, ...view } satisfies PasskeysSlotView, message: null }] });

/** Main has settled once the button's chunk and its strings are on screen. */
const buttonShown = () => {
  headingShown();
  if (document.querySelector('.vb-slots--passkey button') === null) throw new Error('The passkeys button has not arrived yet');
};

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main with the passkeys button', element: () => withButton(), settled: buttonShown },
  { name: 'Main with the passkeys button busy', element: () => withButton({ busy: true, disabled: true }), settled: buttonShown },
  { name: 'Passkeys, its first screen', element: () => start() },
  { name: 'Passkeys, its first screen while its call runs', element: () => start({ busy: true }) },
  { name: 'Passkeys, its first screen with a failure', element: () => start({ error: { key: 'error.network_unreachable' } }) },
];
