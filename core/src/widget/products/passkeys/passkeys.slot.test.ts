import { describe, expect, it, vi } from 'vitest';
import { authError, fail, ok } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetInput } from '../../widget.types';
import { passkeysSlot } from './passkeys.slot';
import { PASSKEY_SESSION, scriptedPasskeys } from './passkeys.testing';

// Main's passkey slot on virtual time, without a browser: the button, and the e-mail field's
// autofill policy (SPEC §4, §9) against a passkeys port the test answers.

const input: WidgetInput = {
  config: { products: ['emailMagicLinks', 'passkeys'], sessionOptions: { sessionDurationMinutes: 45 } },
  returnContext: { redirect: '/orders' as SafePath, source: null },
  origin: 'https://shop.example',
  products: ALL_PRODUCTS,
};

function setUp(options: { readonly autofill?: boolean; readonly input?: WidgetInput; readonly withSupport?: boolean } = {}) {
  const passkeys = scriptedPasskeys({ autofill: options.autofill ?? true });
  const test = virtualTimeHost(options.withSupport === false ? { passkeys: passkeys.ports.passkeys } : passkeys.ports);
  const toasts = vi.spyOn(test.host.toasts, 'show');
  const slot = openSlotForTest(test.host, passkeysSlot, options.input ?? input);
  return { test, slot, passkeys, toasts };
}

describe('the passkey button on Main', () => {
  it('hands the passkeys product its action when pressed, and shows busy while that action is on its way', () => {
    const { slot } = setUp({ autofill: false });
    slot.send({ type: 'pressed' });
    expect(slot.outputs).toEqual([{ type: 'action', product: 'passkeys', detail: { via: 'button' } }]);
    slot.main.acting = true;
    expect(slot.view()).toEqual({ busy: true, disabled: false });
    slot.stop();
  });

  it('starts nothing while something else on Main is on its way, or Main waits out Retry-After', () => {
    const { slot } = setUp({ autofill: false });
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

describe('passkey autofill in the e-mail field (virtual time)', () => {
  it('starts a conditional request with the configured session length where the browser offers it', async () => {
    const { test, passkeys } = setUp();
    await test.advance(0);
    expect(passkeys.conditional).toHaveLength(1);
    expect(passkeys.lastConditional().sessionDurationMinutes).toBe(45);
    expect(passkeys.button.calls).toEqual([]);
  });

  it.each([
    { name: 'the browser offers no passkeys in autofill', options: { autofill: false } },
    { name: 'the page has no browser port to ask', options: { withSupport: false } },
    { name: 'Main has no e-mail field (passkeys beside OAuth only)', options: { input: { ...input, config: { products: ['oauth', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } } } as WidgetInput } },
  ])('makes no request when $name', async ({ options }) => {
    const { test, passkeys } = setUp(options);
    await test.advance(60_000);
    expect(passkeys.conditional).toEqual([]);
  });

  it('waits in the field as long as the visitor takes: no call timeout ends it', async () => {
    const { test, passkeys } = setUp();
    await test.advance(60 * 60_000);
    expect(passkeys.conditional).toHaveLength(1);
    expect(passkeys.lastConditional().aborted()).toBe(false);
  });

  it('tries 5 times in all when each try fails, waiting longer each time, then stops', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    const waits = [1_000, 2_000, 4_000, 8_000];
    for (const wait of waits) {
      passkeys.lastConditional().answer(fail(authError('network_unreachable')));
      await test.advance(wait - 1);
      const before = passkeys.conditional.length;
      await test.advance(1);
      expect(passkeys.conditional).toHaveLength(before + 1);
    }
    passkeys.lastConditional().answer(fail(authError('network_unreachable')));
    await test.advance(10 * 60_000);
    expect(passkeys.conditional).toHaveLength(5);
    // Network faults before any pick say nothing: the button is there.
    expect(slot.outputs).toEqual([]);
  });

  it('stops at once, silently, when the visitor declines (NotAllowedError)', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(fail(authError('passkey_cancelled')));
    await test.advance(10 * 60_000);
    expect(passkeys.conditional).toHaveLength(1);
    expect(slot.outputs).toEqual([]);
  });

  it('stops for good when aborted: its signal is aborted, and no later try starts', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    slot.signal({ type: 'abort' });
    expect(passkeys.lastConditional().aborted()).toBe(true);
    await test.advance(10 * 60_000);
    expect(passkeys.conditional).toHaveLength(1);
    expect(slot.outputs).toEqual([]);
  });

  it('an abort during the wait between tries cancels the next try', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(fail(authError('server_error')));
    await test.advance(500);
    slot.signal({ type: 'abort' });
    await test.advance(10 * 60_000);
    expect(passkeys.conditional).toHaveLength(1);
  });

  it('hands a passkey picked there to the passkeys product as a sign-in of its own', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(ok(PASSKEY_SESSION));
    await test.advance(0);
    expect(slot.outputs).toEqual([{ type: 'action', product: 'passkeys', detail: { via: 'autofill' } }]);
    // It was not the button's: the button is not shown busy for it.
    slot.main.acting = true;
    expect(slot.view().busy).toBe(false);
  });

  it('an empty answer is an error, not a sign-in (it counts a try)', async () => {
    const { test, passkeys, slot } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(ok(null));
    await test.advance(1_000);
    expect(slot.outputs).toEqual([]);
    expect(passkeys.conditional).toHaveLength(2);
  });

  it("ends a picked unknown passkey as the button does: SPEC §8's message by the button, then it offers autofill again", async () => {
    const { test, passkeys, slot, toasts } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(fail(providerError('webauthn_registration_not_found', { status: 404, serverMessage: 'not found' })));
    await test.advance(0);
    expect(slot.outputs).toEqual([{ type: 'message', message: { key: 'error.webauthn_registration_not_found' } }]);
    expect(toasts).not.toHaveBeenCalled();
    expect(test.reportedErrors.map((error) => error.code)).toEqual(['webauthn_registration_not_found']);
    await test.advance(1_000);
    expect(passkeys.conditional).toHaveLength(2);
  });

  it("ends a refused pick as the button does: SPEC §8's passkey message, the provider's own as a toast", async () => {
    const { test, passkeys, slot, toasts } = setUp();
    await test.advance(0);
    passkeys.lastConditional().answer(fail(providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'The assertion could not be verified.' })));
    await test.advance(0);
    expect(slot.outputs).toEqual([{ type: 'message', message: { key: 'passkeys.authenticateFailed' } }]);
    expect(toasts).toHaveBeenCalledWith('error', { text: 'The assertion could not be verified.' });
  });
});
