import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError, fail } from '../../../domain/errors/auth-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { GooglePromptMoment } from '../../../ports/google-identity.port';
import type { OneTapSettings } from '../../../ports/oauth.port';
import { byName } from '../../../testing/failure-view';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall } from '../../../testing/provider-faults';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { WidgetInput } from '../../widget.types';
import { ONE_TAP_PENDING_TIMEOUT_MS, oneTapView } from './one-tap.machine';
import { oneTapSlot } from './one-tap.slot';

// Google One Tap's two provider calls under every fault, on virtual time, at the slot's level:
// One Tap gives the Google button its place back (nothing left busy on Main, the prompt closed),
// with the provider's refusal said next to it for a credential, and only the developer told for
// the settings. The Google button itself is the OAuth slot's (its own table and flow tests).

const SETTINGS: OneTapSettings = { googleClientId: 'client-1.apps.googleusercontent.com', callbackId: 'callback-1' };
const input: WidgetInput = {
  config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true }] } },
  returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS,
  origin: 'https://shop.example',
  productionHost: true,
};

function setUp(settingsFault?: (typeof PROVIDER_FAULTS)[number]) {
  const oneTapSettings = scriptedCall(() => SETTINGS);
  // The settings are asked for as soon as One Tap starts.
  if (settingsFault !== undefined) oneTapSettings.failNext(settingsFault);
  const oneTapSubmit = scriptedCall(() => ({ redirectUrl: 'https://shop.example/login/callback?redirect=%2Forders&stytch_token_type=oauth&token=t' }));
  let emit: (moment: GooglePromptMoment) => void = () => undefined;
  let closed = 0;
  const test = virtualTimeHost({
    oauth: {
      start: () => Promise.resolve(fail(authError('unexpected'))),
      authenticate: () => Promise.resolve(fail(authError('unexpected'))),
      abandon: () => undefined,
      oneTapSettings,
      oneTapSubmit,
    },
    googleIdentity: {
      load: () => Promise.resolve({ ok: true, value: undefined }),
      prompt: (_request, onMoment) => {
        emit = onMoment;
        return () => void (closed += 1);
      },
    },
  });
  const slot = openSlotForTest(test.host, oneTapSlot, input);
  slot.send({ type: 'parentMounted' });
  return { test, slot, oneTapSettings, oneTapSubmit, emit: (moment: GooglePromptMoment) => emit(moment), closed: () => closed };
}

describe.each(byName(PROVIDER_FAULTS))('Google One Tap under %s', (_name, fault) => {
  it("settings: the Google button takes the place back, no message for the visitor, nothing busy", async () => {
    const { test, slot, oneTapSettings } = setUp(fault);
    await test.advance(0);
    if (fault.error === null) {
      // Pending holds the place at most 10 s (before the call's own 15 s deadline).
      await test.advance(ONE_TAP_PENDING_TIMEOUT_MS - 1);
      expect(slot.view()).toMatchObject({ status: 'pending', holdsPlace: true });
      await test.advance(1);
    }
    expect(slot.view()).toMatchObject({ status: 'failed', holdsPlace: false, fallback: true, message: null });
    expect(oneTapSlot.busy(slot.flow.getSnapshot())).toBe(false);
    await test.advance(CALL_TIMEOUT_MS);
    expect(oneTapSettings.calls).toHaveLength(1);
  });

  it('credential submit: the message by the Google button, which takes the place back; the prompt closed; nothing busy', async () => {
    const { test, slot, oneTapSubmit, emit, closed } = setUp();
    await test.advance(0);
    emit({ type: 'displayed' });
    oneTapSubmit.failNext(fault);
    emit({ type: 'credential', credential: 'google-id-token' });
    expect(oneTapSlot.busy(slot.flow.getSnapshot())).toBe(true);
    await test.advance(0);
    if (fault.error === null) {
      await test.advance(CALL_TIMEOUT_MS - 1);
      expect(oneTapSlot.busy(slot.flow.getSnapshot())).toBe(true);
      await test.advance(1);
    }
    expect(oneTapView(slot.flow.getSnapshot())).toMatchObject({ status: 'failed', fallback: true, message: { key: fault.message } });
    expect(slot.view().message && test.core.i18n.text(slot.view().message!)).toBe(fault.words);
    expect(oneTapSlot.busy(slot.flow.getSnapshot())).toBe(false);
    expect(closed()).toBe(1);
    expect(test.navigations).toEqual([]);
  });
});
