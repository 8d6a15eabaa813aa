import { describe, expect, it } from 'vitest';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetInput } from '../../widget.types';
import { walletsSlot } from './wallets.slot';

const input: WidgetInput = {
  config: { products: ['emailMagicLinks', 'crypto'] },
  returnContext: { redirect: '/orders' as SafePath, source: null },
  origin: 'https://shop.example',
  products: ALL_PRODUCTS,
};

describe('the wallets button on Main', () => {
  it('hands the wallets product its action when pressed, and shows busy while that action is on its way', () => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input);
    slot.send({ type: 'pressed' });
    expect(slot.outputs).toEqual([{ type: 'action', product: 'wallets', detail: null }]);
    slot.main.acting = true;
    expect(slot.view()).toEqual({ busy: true, disabled: false });
    slot.stop();
  });

  it('starts nothing while something else on Main is on its way, or Main waits out Retry-After', () => {
    const slot = openSlotForTest(virtualTimeHost().host, walletsSlot, input);
    slot.main.mainBusy = true;
    slot.send({ type: 'pressed' });
    slot.main.mainBusy = false;
    slot.main.mainWaiting = true;
    slot.send({ type: 'pressed' });
    expect(slot.outputs).toEqual([]);
    expect(slot.view()).toEqual({ busy: false, disabled: true });
    slot.stop();
  });
});
