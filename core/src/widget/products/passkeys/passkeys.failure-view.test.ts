import { describe, expect, it } from 'vitest';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { byName, countdownSeconds, expectFailureView, untilCalled, until, type FailureRow, type FailureView } from '../../../testing/failure-view';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView } from '../../widget.view';
import { PASSKEY_SIGN_IN_TIMEOUT_MS } from './passkeys.machine';
import type { PasskeysSlotView } from './passkeys.slot';
import { scriptedPasskeys } from './passkeys.testing';

// The passkey button's sign-in under every fault, on virtual time, read from Main as a visitor
// reads it: the message by the button, the address typed kept, no spinner, the button back (after
// the countdown, for a 429) and a press that asks again. The browser's fault matrix keeps one row
// per fault kind; these are the rest of its facts.

const TYPED = 'ada@exa';

async function pressedAndFailed(fault: (typeof PROVIDER_FAULTS)[number]): Promise<{ readonly test: ReturnType<typeof virtualTimeHost>; readonly row: FailureRow }> {
  // No browser port: no autofill, so every request is the button's.
  const passkeys = scriptedPasskeys();
  const test = virtualTimeHost({ passkeys: passkeys.ports.passkeys });
  const flow = openLoginWidget(test, `login-${Math.random()}`, {
    config: { products: ['emailMagicLinks', 'passkeys'] },
    returnContext: { redirect: '/orders' as SafePath, source: null },
    products: ALL_PRODUCTS,
  });
  flow.subscribe(() => undefined);
  const main = () => {
    const view = widgetView(flow.getSnapshot());
    if (view.screen !== 'main' || view.main.emailForm === null) throw new Error(`expected Main with its e-mail form, found ${view.screen}`);
    return view.main;
  };
  const read = (): FailureView => {
    const current = main();
    const slot = current.slots.find((candidate) => candidate.id === 'passkeys');
    const button = slot?.view as PasskeysSlotView | null | undefined;
    if (slot === undefined || button === null || button === undefined) throw new Error('the passkey button is not on Main');
    return {
      message: slot.message,
      kept: current.emailForm?.value ?? null,
      busy: button.busy,
      retryEnabled: !button.disabled,
      // Main's countdown, on the e-mail form's button: the passkey button is disabled meanwhile.
      retryInSeconds: current.emailForm === null ? null : countdownSeconds(current.emailForm.submitLabel),
    };
  };
  const press = () => flow.send({ type: 'slotEvent', slot: 'passkeys', event: { type: 'pressed' } });
  await until(test, () => expect(main().slots[0]?.view).not.toBeNull());
  flow.send({ type: 'emailChanged', value: TYPED });
  passkeys.button.failNext(fault);
  press();
  await untilCalled(test, () => passkeys.button.calls.length, 1);
  if (fault.error === null) {
    // The sign-in includes the browser's sheet, so it may take longer than a provider call; past
    // its own deadline it ends like any hang (the shared check covers the last 15 s of it).
    await test.advance(PASSKEY_SIGN_IN_TIMEOUT_MS - CALL_TIMEOUT_MS);
    expect(read().busy, 'still busy while the sheet may be open').toBe(true);
  }
  return { test, row: { read, retry: press, calls: () => passkeys.button.calls.length } };
}

describe('the passkey button under each fault', () => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message by the button, the address kept, no spinner, a press that asks again', async (_name, fault) => {
    const { test, row } = await pressedAndFailed(fault);
    await expectFailureView(test, fault, row, { kept: TYPED });
  });
});
