import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import { drivenLoginWidget } from '../../../testing/login-widget-driver';
import { until, untilCalled } from '../../../testing/failure-view';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { WalletsSlotView } from './wallets.slot';
import type { WalletsView } from './wallets.types';
import { WALLET_ANSWER_TIMEOUT_MS } from './wallets.machine';
import { CHALLENGE, ETHEREUM_ADDRESS, SOLANA_ADDRESS, scriptedWallets } from './wallets.testing';

// A visitor signing in with a wallet from Main, on virtual time, through the widget's view
// model: the buttons Main shows, each crypto screen (SPEC §2), what the integrator's onError
// hears (SPEC §8), and the failures' way back. The wallet and the provider are scripted.

const CONFIG = { products: ['oauth', 'crypto', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } } as const;

async function setUp(options: { readonly installed?: boolean } = {}) {
  const wallets = scriptedWallets(options);
  const test = virtualTimeHost(wallets.ports);
  const widget = drivenLoginWidget(test, { ...CONFIG, oauthOptions: { providers: [...CONFIG.oauthOptions.providers] }, products: [...CONFIG.products] });
  const buttons = (): WalletsSlotView => {
    const view = widget.view();
    const slot = view.screen === 'main' ? view.main.slots.find((candidate) => candidate.id === 'wallets') : undefined;
    if (slot?.view === null || slot?.view === undefined) throw new Error('the wallet buttons are not on Main');
    return slot.view as WalletsSlotView;
  };
  await until(test, () => buttons());
  const screen = () => widget.screenOf<WalletsView>('wallets');
  const press = (option: string) => widget.flow.send({ type: 'slotEvent', slot: 'wallets', event: { type: 'pressed', option } });
  const send = (event: { readonly type: string } & Record<string, unknown>) => widget.press('wallets', event);
  return { wallets, test, widget, buttons, screen, press, send };
}

describe('wallet sign-in from Main (virtual time)', () => {
  it('shows as many wallet buttons as fit beside the Google button, then "Continue with other wallet"', async () => {
    const { buttons } = await setUp();
    expect(buttons()).toEqual({
      buttons: ['metamask', 'phantom', 'coinbase', 'binance'].map((option) => ({ option, busy: false })),
      other: { busy: false },
      disabled: false,
    });
  });

  it('connects, asks for the provider challenge, has the wallet sign it verbatim, and signs in with the success screen', async () => {
    const { wallets, test, widget, press } = await setUp();
    widget.typeEmail('kept@example.com');
    press('metamask');
    await until(test, () => expect(wallets.log).toContain(`start ethereum ${ETHEREUM_ADDRESS}`));
    expect(wallets.log).toEqual([
      'connect ethereum MetaMask',
      `start ethereum ${ETHEREUM_ADDRESS}`,
      `sign ${ETHEREUM_ADDRESS} ${CHALLENGE}`,
      `authenticate ethereum ${ETHEREUM_ADDRESS} 0xabab 60`,
    ]);
    expect(widget.view()).toMatchObject({ screen: 'success', title: 'success.title', text: 'wallets.connected' });
    expect(test.core.i18n.t('wallets.connected')).toBe('You have successfully connected your wallet.');
    await test.advance(2_000);
    expect(test.navigations).toEqual([{ path: '/orders', replace: true }]);
    expect(test.reportedErrors).toEqual([]);
  });

  it("shows 'Connecting to your wallet...' while the wallet is asked, then 'Completing signature request...'", async () => {
    const { wallets, test, screen, press } = await setUp();
    wallets.nextConnect({ hangs: true });
    press('metamask');
    await until(test, () => expect(screen()).toEqual({ screen: 'connecting', option: 'metamask' }));
    expect(test.core.i18n.t('wallets.connecting')).toBe('Connecting to your wallet...');

    const second = await setUp();
    second.wallets.nextSign({ hangs: true });
    second.press('phantom');
    await until(second.test, () => expect(second.screen()).toEqual({ screen: 'signing', option: 'phantom', address: SOLANA_ADDRESS }));
    expect(second.test.core.i18n.t('wallets.signing')).toBe('Completing signature request...');
  });

  it('a rejected signature shows the error screen, reports it to onError, and Try again signs in without a reload', async () => {
    const { wallets, test, widget, screen, press, send } = await setUp();
    wallets.nextSign({ fails: authError('wallet_rejected') });
    press('metamask');
    await until(test, () => expect(screen()).toMatchObject({ screen: 'error', reason: { key: 'error.wallet_rejected' }, retryInSeconds: null }));
    expect(test.core.i18n.t('wallets.errorTitle')).toBe('Looks like there was an error!');
    expect(test.reportedErrors).toEqual([expect.objectContaining({ code: 'wallet_rejected', message: '[Error] Could not sign message' })]);
    expect(wallets.authenticate.calls).toHaveLength(0);
    send({ type: 'retryClicked' });
    await until(test, () => expect(widget.view()).toMatchObject({ screen: 'success' }));
    expect(wallets.start.calls).toHaveLength(2);
  });

  it("a wallet that declines the account request is reported as '[Error] Could not connect to wallet'", async () => {
    const { wallets, test, screen, press } = await setUp();
    wallets.nextConnect({ fails: authError('wallet_rejected') });
    press('coinbase');
    await until(test, () => expect(screen()).toMatchObject({ screen: 'error', option: 'coinbase' }));
    expect(test.reportedErrors.map((error) => error.message)).toEqual(['[Error] Could not connect to wallet']);
    expect(wallets.start.calls).toHaveLength(0);
  });

  it('a wallet that never answers ends after its deadline in the error screen, the request abandoned', async () => {
    const { wallets, test, screen, press } = await setUp();
    wallets.nextConnect({ hangs: true });
    press('metamask');
    await until(test, () => expect(screen().screen).toBe('connecting'));
    await test.advance(WALLET_ANSWER_TIMEOUT_MS - 1);
    expect(screen().screen, 'still waiting just before the deadline').toBe('connecting');
    await test.advance(1);
    expect(screen()).toMatchObject({ screen: 'error', reason: { key: 'wallets.noAnswer' } });
    expect(wallets.aborted).toEqual(['connect']);
    expect(test.core.i18n.t('wallets.noAnswer')).toBe('Your wallet did not answer. Open it, then try again.');
  });

  it.each([
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a 10,000-character address', `0x${'a'.repeat(9_998)}`],
    ['a number', 42],
    ['an object', { address: ETHEREUM_ADDRESS }],
    ['nothing', undefined],
  ])('a wallet answering %s for its account is an error, and nothing reaches the provider or the screen', async (_name, address) => {
    const { wallets, test, screen, press } = await setUp();
    wallets.nextConnect({ value: address });
    press('metamask');
    await until(test, () => expect(screen()).toEqual({ screen: 'error', option: 'metamask', reason: { key: 'error.wallet_failed' }, retryInSeconds: null }));
    expect(wallets.start.calls).toHaveLength(0);
    expect(test.reportedErrors.map((error) => error.message)).toEqual(['[Error] Could not connect to wallet']);
  });

  it('a signature of the wrong shape never reaches the provider', async () => {
    const { wallets, test, screen, press } = await setUp();
    wallets.nextSign({ value: '<b>signed</b>' });
    press('metamask');
    await until(test, () => expect(screen()).toMatchObject({ screen: 'error', reason: { key: 'error.wallet_failed' } }));
    expect(wallets.authenticate.calls).toHaveLength(0);
    expect(test.reportedErrors.map((error) => error.message)).toEqual(['[Error] Could not sign message']);
  });

  it('a signature the provider refuses is the error screen with its words, and nobody is signed in', async () => {
    const { wallets, test, widget, screen, press } = await setUp();
    wallets.authenticate.failNext({ name: 'refused', error: authError('provider_error', { providerType: 'unable_to_authenticate_crypto_wallet', serverMessage: 'The signature could not be verified.', status: 401 }), message: 'error.unexpected', words: '' });
    press('metamask');
    await until(test, () => expect(screen()).toMatchObject({ screen: 'error', reason: { text: 'The signature could not be verified.' } }));
    await test.advance(5_000);
    expect(widget.view().screen).toBe('product');
    expect(test.navigations).toEqual([]);
  });

  it('with no wallet installed, the set-up screen lists four download pages, left through navigation', async () => {
    const { wallets, test, screen, press, send } = await setUp({ installed: false });
    press('metamask');
    await until(test, () => expect(screen()).toEqual({ screen: 'setup', pages: wallets.DOWNLOAD_PAGES }));
    expect(wallets.DOWNLOAD_PAGES.map((page) => page.kind)).toEqual(['ethereum', 'ethereum', 'ethereum', 'multichain']);
    expect(test.reportedErrors).toEqual([]);
    send({ type: 'downloadChosen', url: wallets.DOWNLOAD_PAGES[3]?.url });
    await test.advance(0);
    expect(test.departures).toEqual(['https://phantom.com/download']);
  });

  it("'Continue with other wallet' lists the wallets Main had no room for, and one of them signs in", async () => {
    const { wallets, test, widget, screen, press, send } = await setUp();
    press('other');
    await until(test, () => expect(screen()).toEqual({ screen: 'other', options: ['vessel', 'otherEthereum', 'otherSolana'] }));
    send({ type: 'chosen', option: 'otherSolana' });
    await until(test, () => expect(widget.view()).toMatchObject({ screen: 'success' }));
    expect(wallets.log[0]).toBe('connect solana any');
  });

  it('the back arrow leaves a pending wallet request for Main, the address typed there kept', async () => {
    const { wallets, test, widget, screen, press } = await setUp();
    widget.typeEmail('kept@example.com');
    wallets.nextConnect({ hangs: true });
    press('metamask');
    await until(test, () => expect(screen().screen).toBe('connecting'));
    widget.flow.send({ type: 'backClicked' });
    await test.advance(0);
    expect(widget.emailForm().value).toBe('kept@example.com');
    expect(wallets.aborted).toEqual(['connect']);
    await test.advance(WALLET_ANSWER_TIMEOUT_MS);
    expect(widget.view().screen).toBe('main');
    expect(test.reportedErrors).toEqual([]);
  });

  it('a button Main does not show is refused, as is any press while a wallet is being asked', async () => {
    const { wallets, test, widget, press } = await setUp();
    press('vessel');
    press('<script>');
    await test.advance(0);
    expect(wallets.log).toEqual([]);
    wallets.nextConnect({ hangs: true });
    press('metamask');
    await untilCalled(test, () => wallets.log.length, 1);
    press('phantom');
    widget.flow.send({ type: 'emailSubmitted' });
    await test.advance(0);
    expect(wallets.log).toEqual(['connect ethereum MetaMask']);
  });
});
