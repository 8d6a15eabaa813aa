import { describe, expect, it, vi } from 'vitest';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView } from '../../widget.view';
import { walletsSlot } from './wallets.slot';
import type { WalletsView } from './wallets.types';

/** The login widget with wallets (and e-mail magic links), its button already loaded, on virtual time. */
function setUp() {
  const test = virtualTimeHost();
  const flow = openLoginWidget(test, `login-${Math.random()}`, {
    config: { products: ['emailMagicLinks', 'crypto'] },
    returnContext: { redirect: null, source: null },
    products: ALL_PRODUCTS,
    slots: { 'wallets': walletsSlot },
  });
  flow.subscribe(() => undefined);
  // The product's chunk is a dynamic import: real module loading, not a timer.
  const settle = async () => {
    await vi.waitFor(() => expect(flow.getSnapshot().loading).toBeNull());
    await test.advance(0);
  };
  const screenView = (): WalletsView => {
    const view = widgetView(flow.getSnapshot());
    if (view.screen !== 'product' || view.product !== 'wallets') throw new Error(`expected the wallets product's screen, found ${view.screen}`);
    return view.view as WalletsView;
  };
  return { test, flow, settle, screenView };
}

describe('wallets from Main (virtual time)', () => {
  it("shows its button on Main, in the wallets place, and opens its first screen when it is pressed", async () => {
    const { test, flow, settle, screenView } = setUp();
    await test.advance(0);
    const main = widgetView(flow.getSnapshot());
    expect(main.screen === 'main' && main.main.slots.map((slot) => [slot.id, slot.place])).toEqual([['wallets', 'wallets']]);
    flow.send({ type: 'slotEvent', slot: 'wallets', event: { type: 'pressed' } });
    await settle();
    expect(screenView()).toEqual({ screen: 'start', error: null, busy: false });
  });

  it('says on its screen that it is not wired yet when the visitor continues', async () => {
    const { test, flow, settle, screenView } = setUp();
    await test.advance(0);
    flow.send({ type: 'slotEvent', slot: 'wallets', event: { type: 'pressed' } });
    await settle();
    flow.send({ type: 'productEvent', product: 'wallets', event: { type: 'submitted' } });
    await test.advance(0);
    expect(screenView()).toMatchObject({ busy: false, error: { text: expect.stringMatching(/not wired yet/) } });
  });
});
