import { describe, expect, it } from 'vitest';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetInput } from '../../widget.types';
import { walletsSlot } from './wallets.slot';

const input = (providers: number): WidgetInput => ({
  config: {
    products: providers === 0 ? ['emailMagicLinks', 'crypto'] : ['oauth', 'emailMagicLinks', 'crypto'],
    oauthOptions: { providers: (['google', 'github', 'apple', 'microsoft', 'discord', 'slack'] as const).slice(0, providers).map((type) => ({ type })) },
  },
  returnContext: { redirect: '/orders' as SafePath, source: null },
  origin: 'https://shop.example',
  products: ALL_PRODUCTS,
});

describe("Main's wallet buttons", () => {
  it.each([
    [0, 5],
    [1, 4],
    [3, 2],
    [5, 0],
    [6, 0],
  ])('beside %i OAuth buttons, shows %i wallet buttons and "Continue with other wallet"', (providers, count) => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input(providers));
    expect(slot.view().buttons).toHaveLength(count);
    expect(slot.view().other).toEqual({ busy: false });
    slot.stop();
  });

  it('hands the product the wallet pressed, or the rest for "Continue with other wallet", and shows that button busy', () => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input(1));
    slot.send({ type: 'pressed', option: 'phantom' });
    slot.send({ type: 'pressed', option: 'other' });
    expect(slot.outputs).toEqual([
      { type: 'action', product: 'wallets', detail: { option: 'phantom' } },
      { type: 'action', product: 'wallets', detail: { other: ['vessel', 'otherEthereum', 'otherSolana'] } },
    ]);
    slot.main.acting = true;
    expect(slot.view().other).toEqual({ busy: true });
    expect(slot.view().buttons.filter((button) => button.busy)).toEqual([]);
    slot.stop();
  });

  it('ignores a press for a wallet it does not show (a view is not trusted)', () => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input(1));
    slot.send({ type: 'pressed', option: 'vessel' });
    slot.send({ type: 'pressed', option: '<img>' as never });
    expect(slot.outputs).toEqual([]);
    slot.stop();
  });

  it('starts nothing while something else on Main is on its way, or Main waits out Retry-After', () => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input(0));
    slot.main.mainBusy = true;
    slot.send({ type: 'pressed', option: 'metamask' });
    slot.main.mainBusy = false;
    slot.main.mainWaiting = true;
    slot.send({ type: 'pressed', option: 'metamask' });
    expect(slot.outputs).toEqual([]);
    expect(slot.view().disabled).toBe(true);
    slot.stop();
  });
});
