import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import { ALL_PRODUCTS } from '../../all-products';
import type { ProductContext } from '../../widget.types';
import { enterWallets, resumeWallets, walletsSnapshot, walletsTransition } from './wallets.machine';
import type { WalletsState } from './wallets.types';

// The machine's own rules, apart from any port: what it takes from a view, a wallet or storage
// (all untrusted), and what it ignores. The visitor's journeys are in wallets.flow.test.ts.

const context: ProductContext = {
  now: 0,
  input: { config: { products: ['oauth', 'crypto'], oauthOptions: { providers: [{ type: 'google' }] } }, returnContext: { redirect: null, source: null }, origin: 'http://localhost', products: ALL_PRODUCTS },
  senderDomain: null,
  passwordRule: null,
};
const enter = (detail: unknown) => enterWallets({ type: 'slotAction', product: 'wallets', email: '', detail }, context);

describe('entering the wallets product', () => {
  it('asks the chosen wallet at once', () => {
    expect(enter({ option: 'phantom' })).toEqual({
      state: { screen: 'connecting', option: 'phantom', address: null },
      effects: [{ type: 'connectWallet', key: 'wallets:wallet', option: 'phantom' }],
    });
  });

  it("lists the wallets that did not fit on Main for 'Continue with other wallet'", () => {
    expect(enter({ other: ['vessel', 'otherEthereum', 'otherSolana'] }).state).toEqual({ screen: 'other', options: ['vessel', 'otherEthereum', 'otherSolana'] });
  });

  it.each([
    ['an unknown wallet', { option: 'evilwallet' }],
    ['markup for a wallet', { option: '<img src=x onerror=alert(1)>' }],
    ['no detail', null],
    ['a string', 'metamask'],
    ['a list of unknown options', { other: ['evil', 42] }],
  ])('takes %s as the other-wallet list of this configuration, asking no wallet', (_name, detail) => {
    expect(enter(detail)).toEqual({ state: { screen: 'other', options: ['vessel', 'otherEthereum', 'otherSolana'] }, effects: [] });
  });
});

describe('what the machine ignores', () => {
  const connecting: WalletsState = { screen: 'connecting', option: 'metamask', address: null };

  it('a wallet chosen on the other-wallet screen that the list does not hold', () => {
    const other: WalletsState = { screen: 'other', options: ['vessel'] };
    expect(walletsTransition(other, { type: 'chosen', option: 'metamask' }, context)).toEqual({ state: other, effects: [] });
  });

  it('answers that arrive for a screen already left (a signature while connecting, a challenge twice)', () => {
    expect(walletsTransition(connecting, { type: 'signed', signature: `0x${'ab'.repeat(65)}` }, context)).toEqual({ state: connecting, effects: [] });
    expect(walletsTransition(connecting, { type: 'challenged', challenge: 'x' }, context)).toEqual({ state: connecting, effects: [] });
    expect(walletsTransition(connecting, { type: 'authenticated' }, context)).toEqual({ state: connecting, effects: [] });
  });

  it('a download page the set-up screen did not list', () => {
    const setup: WalletsState = { screen: 'setup', option: 'metamask', pages: [] };
    expect(walletsTransition(setup, { type: 'downloadChosen', url: 'https://evil.example/' as never }, context)).toEqual({ state: setup, effects: [] });
  });

  it("'Try again' while a 429's wait is not over", () => {
    const error: WalletsState = { screen: 'error', option: 'metamask', phase: 'connect', reason: { key: 'error.too_many_requests' }, retry: { until: 3_000, now: 0 } };
    expect(walletsTransition(error, { type: 'retryClicked' }, context)).toEqual({ state: error, effects: [] });
    expect(walletsTransition(error, { type: 'retryClicked' }, { ...context, now: 3_000 }).state).toEqual({ screen: 'connecting', option: 'metamask', address: null });
  });

  it('a failure that is not the wallet missing, before the account came, is the error screen (not set-up)', () => {
    expect(walletsTransition(connecting, { type: 'failed', error: authError('wallet_rejected') }, context).state).toMatchObject({ screen: 'error', phase: 'connect', reason: { key: 'error.wallet_rejected' } });
  });
});

describe('a reload (screen records are untrusted)', () => {
  it('brings back the other-wallet list and the set-up screen', () => {
    expect(resumeWallets(walletsSnapshot({ screen: 'other', options: ['vessel'] }), context)?.state).toEqual({ screen: 'other', options: ['vessel', 'otherEthereum', 'otherSolana'] });
    expect(resumeWallets(walletsSnapshot({ screen: 'setup', option: 'phantom', pages: [] }), context)).toEqual({
      state: { screen: 'setup', option: 'phantom', pages: null },
      effects: [{ type: 'loadDownloadPages', key: 'wallets:pages' }],
    });
  });

  it('brings an interrupted attempt back to Main, asking no wallet unasked', () => {
    const attempts: WalletsState[] = [
      { screen: 'connecting', option: 'metamask', address: null },
      { screen: 'signing', option: 'metamask', address: '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b', chain: 'ethereum', signed: false },
      { screen: 'error', option: 'metamask', phase: 'sign', reason: { key: 'error.wallet_rejected' }, retry: null },
    ];
    for (const attempt of attempts) {
      const record = walletsSnapshot(attempt);
      expect(JSON.stringify(record)).not.toContain('0x6a5e');
      expect(resumeWallets(record, context)).toBeNull();
    }
  });

  it.each([
    ['another screen name', { screen: 'connecting', option: 'metamask' }],
    ['a set-up screen for an unknown wallet', { screen: 'setup', option: '<script>' }],
    ['a set-up screen with no wallet', { screen: 'setup' }],
    ['a number for the screen', { screen: 7 }],
  ])('opens Main for %s', (_name, record) => {
    expect(resumeWallets(record, context)).toBeNull();
  });
});
