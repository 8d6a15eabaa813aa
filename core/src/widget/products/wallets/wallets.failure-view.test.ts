import { describe, expect, it } from 'vitest';
import { byName, expectFailureView, until, untilCalled, type FailureView } from '../../../testing/failure-view';
import { drivenLoginWidget } from '../../../testing/login-widget-driver';
import { PROVIDER_FAULTS, type ProviderFault } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { WalletsView } from './wallets.types';
import { scriptedWallets } from './wallets.testing';

// The wallet sign-in's two provider calls (SPEC §7 cryptoWallets authenticateStart and
// authenticate) under every fault, on virtual time, read from the crypto error screen as a
// visitor reads it: the fault's message, what was typed on Main kept, no spinner, 'Try again'
// (after a 429's countdown) that asks again. The browser's fault matrix keeps one row per kind.

const TYPED = 'ada@exa';

async function failedAt(call: 'start' | 'authenticate', fault: ProviderFault) {
  const wallets = scriptedWallets();
  const test = virtualTimeHost(wallets.ports);
  const widget = drivenLoginWidget(test, { products: ['emailMagicLinks', 'crypto'] });
  await until(test, () => expect(widget.view()).toMatchObject({ screen: 'main', main: { slots: [{ id: 'wallets', view: expect.anything() }] } }));
  widget.typeEmail(TYPED);
  wallets[call].failNext(fault);
  widget.flow.send({ type: 'slotEvent', slot: 'wallets', event: { type: 'pressed', option: 'metamask' } });
  await untilCalled(test, () => wallets[call].calls.length, 1);
  const read = (): FailureView => {
    const view = widget.screenOf<WalletsView>('wallets');
    return {
      message: view.screen === 'error' ? view.reason : null,
      kept: widget.flow.getSnapshot().email,
      busy: view.screen === 'connecting' || view.screen === 'signing',
      retryEnabled: view.screen === 'error' && view.retryInSeconds === null,
      retryInSeconds: view.screen === 'error' ? view.retryInSeconds : null,
    };
  };
  return { test, row: { read, retry: () => widget.press('wallets', { type: 'retryClicked' }), calls: () => wallets[call].calls.length } };
}

describe.each([
  ['authenticateStart (the challenge)', 'start'],
  ['authenticate (the signature checked)', 'authenticate'],
] as const)('cryptoWallets %s under each fault', (_name, call) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the error screen with its message, the address typed on Main kept, no spinner, Try again asks again', async (_fault, fault) => {
    const { test, row } = await failedAt(call, fault);
    await expectFailureView(test, fault, row, { kept: TYPED });
  });
});
