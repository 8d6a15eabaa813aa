import type { WalletsSlotView, WalletsView } from '@vestibule/core';
import type { ReactElement } from 'react';
import { headingShown, main, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The wallets product's screens and its button on Main, checked with axe-core and in the
// pseudo-locale (ui/src/a11y finds this file by its name).

const start = (view: Partial<WalletsView> = {}): ReactElement => product('wallets', { screen: 'start', error: null, busy: false, ...view } satisfies WalletsView);
const withButton = (view: Partial<WalletsSlotView> = {}): ReactElement =>
  main({ slots: [{ id: 'wallets', place: 'wallets', view: { busy: false, disabled: false, ...view } satisfies WalletsSlotView, message: null }] });

/** Main has settled once the button's chunk and its strings are on screen. */
const buttonShown = () => {
  headingShown();
  if (document.querySelector('.vb-slots--wallets button') === null) throw new Error('The wallets button has not arrived yet');
};

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main with the wallets button', element: () => withButton(), settled: buttonShown },
  { name: 'Main with the wallets button busy', element: () => withButton({ busy: true, disabled: true }), settled: buttonShown },
  { name: 'Wallets, its first screen', element: () => start() },
  { name: 'Wallets, its first screen while its call runs', element: () => start({ busy: true }) },
  { name: 'Wallets, its first screen with a failure', element: () => start({ error: { key: 'error.network_unreachable' } }) },
];
