import type { WalletOptionId, WalletsSlotView, WalletsView } from '@vestibule/core';
import { FAKE_WALLET_DOWNLOAD_PAGES } from '@vestibule/test/fakes';
import type { ReactElement } from 'react';
import { headingShown, main, product, type ScreenFixture } from '../../../a11y/screen-fixtures';

// Main's wallet buttons and the crypto screens (SPEC §2), checked with axe-core and in the
// pseudo-locale (ui/src/a11y finds this file by its name). Wallet names are their makers'.

const WALLET_NAMES = ['MetaMask', 'Phantom', 'Coinbase Wallet', 'Binance Wallet', 'Vessel'];
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const withButtons = (onMain: readonly WalletOptionId[], view: Partial<WalletsSlotView> = {}, oauthProviders: readonly 'google'[] = []): ReactElement =>
  main({
    oauthProviders,
    slots: [{ id: 'wallets', place: 'wallets', view: { buttons: onMain.map((option) => ({ option, busy: false })), other: { busy: false }, disabled: false, ...view } satisfies WalletsSlotView, message: null }],
  });
const wallets = (view: WalletsView): ReactElement => product('wallets', view);

/** Main has settled once the buttons' chunk and their strings are on screen. */
const buttonsShown = () => {
  headingShown();
  if (document.querySelector('.vb-slots--wallets button') === null) throw new Error('The wallet buttons have not arrived yet');
};

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main with Google and four wallet buttons, then "Continue with other wallet"', element: () => withButtons(['metamask', 'phantom', 'coinbase', 'binance'], {}, ['google']), settled: buttonsShown, untranslated: ['Google', ...WALLET_NAMES] },
  {
    name: 'Main with a wallet sign-in on its way (its button busy, the rest disabled)',
    element: () => withButtons([], { buttons: (['metamask', 'phantom', 'coinbase', 'binance', 'vessel'] as const).map((option) => ({ option, busy: option === 'metamask' })), disabled: true }),
    settled: buttonsShown,
    untranslated: WALLET_NAMES,
  },
  { name: 'Crypto other wallets', element: () => wallets({ screen: 'other', options: ['vessel', 'otherEthereum', 'otherSolana'] }), untranslated: WALLET_NAMES },
  { name: 'Crypto connect', element: () => wallets({ screen: 'connecting', option: 'metamask' }) },
  { name: 'Crypto sign message', element: () => wallets({ screen: 'signing', option: 'metamask', address: ADDRESS }), untranslated: [ADDRESS] },
  { name: 'Crypto set up a new wallet', element: () => wallets({ screen: 'setup', pages: FAKE_WALLET_DOWNLOAD_PAGES }), untranslated: FAKE_WALLET_DOWNLOAD_PAGES.map((page) => page.name) },
  { name: 'Crypto set up a new wallet, its links loading', element: () => wallets({ screen: 'setup', pages: null }) },
  { name: 'Crypto error: the wallet declined', element: () => wallets({ screen: 'error', option: 'metamask', reason: { key: 'error.wallet_rejected' }, retryInSeconds: null }) },
  { name: 'Crypto error: a 429, Try again counting down', element: () => wallets({ screen: 'error', option: 'metamask', reason: { key: 'error.too_many_requests' }, retryInSeconds: 3 }) },
];
