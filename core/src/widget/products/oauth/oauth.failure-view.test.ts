import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError, fail } from '../../../domain/errors/auth-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { OAuthStartRequest } from '../../../ports/oauth.port';
import { byName } from '../../../testing/failure-view';
import { memoryStorage } from '../../../testing/memory-storage';
import { playProduct } from '../../../testing/product-player';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { ProductOutput, SlotAction, WidgetInput } from '../../widget.types';
import type { OAuthSelection } from './oauth.slot';
import { OAUTH_LEAVE_TIMEOUT_MS } from './oauth.machine';
import { oauthModule } from './oauth.module';

// The OAuth start under every fault, on virtual time, at the product's level: what it hands
// Main when the start fails (the message for the slot that acted (its buttons), the address left as typed, the
// button given back, a Retry-After to wait out) and that pressing again starts again. Main's
// rendering of it is the router's (slot-host.test.ts: an error goes to the slot that acted); the browser's fault matrix keeps
// one row per fault kind.

const TYPED = 'typed@example.com';
const PRESSED: SlotAction<OAuthSelection> = { type: 'slotAction', product: 'oauth', email: TYPED, detail: { provider: 'google' } };
const input: WidgetInput = {
  config: { products: ['oauth', 'emailMagicLinks', 'passwords'], oauthOptions: { providers: [{ type: 'google' }] } },
  returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS,
  origin: 'https://shop.example',
};

function setUp() {
  const start = scriptedCall((_request: OAuthStartRequest) => undefined);
  let stops = 0;
  const test = virtualTimeHost({
    oauth: {
      start,
      authenticate: () => Promise.resolve(fail(authError('unexpected'))),
      abandon: () => undefined,
      oneTapSettings: () => Promise.resolve(fail(authError('unexpected'))),
      oneTapSubmit: () => Promise.resolve(fail(authError('unexpected'))),
    },
    storage: memoryStorage(),
    navigation: { navigate: () => undefined, replace: () => undefined, leave: () => undefined, stop: () => void (stops += 1) },
  });
  const played = playProduct(oauthModule, test.host, input);
  const outputs = () => played.flow.getSnapshot().outputs;
  return { test, played, start, outputs, stops: () => stops };
}

/** The one output that gives Main back: the product is done with the press. */
function mainShown(outputs: readonly ProductOutput[]): Extract<ProductOutput, { readonly type: 'showMain' }> {
  expect(outputs).toHaveLength(1);
  const [output] = outputs;
  if (output?.type !== 'showMain') throw new Error(`expected Main back, got ${String(output?.type)}`);
  return output;
}

describe('OAuth start (Continue with Google) under each fault', () => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message under the buttons, the address untouched, the button back, pressed again it starts again', async (_fault, fault) => {
    const { test, played, start, outputs } = setUp();
    start.failNext(fault);
    const pressedAt = test.scheduler.now();
    played.enter(PRESSED);
    await test.advance(0);
    expect(start.calls).toHaveLength(1);
    if (fault.error === null) {
      // The button stays busy while the start is on its way, to the last millisecond of the call timeout.
      await test.advance(CALL_TIMEOUT_MS - 1);
      expect(outputs()).toEqual([]);
      await test.advance(1);
    }

    const back = mainShown(outputs());
    expect(back.error).toEqual({ key: fault.message });
    expect(back.error && test.core.i18n.text(back.error)).toBe(fault.words);
    // No `email`: Main's field keeps what was typed. No message for the e-mail form either.
    expect(back).not.toHaveProperty('email');
    expect(back).not.toHaveProperty('emailError');
    // Main holds its buttons for exactly the provider's Retry-After, and for nothing else.
    if (fault.waitSeconds === undefined) expect(back).not.toHaveProperty('retryAt');
    else expect(back.retryAt).toBe(pressedAt + fault.waitSeconds * 1_000);

    played.enter(PRESSED);
    await test.advance(0);
    expect(start.calls).toHaveLength(2);
  });

  // What the browser's hang row sees: the start answered (the page was asked to leave) but the
  // provider's page never comes.
  it("the provider's page never loading: after 15 s, 'did not open' under the buttons, the load stopped, the address untouched", async () => {
    const { test, played, start, outputs, stops } = setUp();
    played.enter(PRESSED);
    await test.advance(OAUTH_LEAVE_TIMEOUT_MS - 1);
    expect(outputs()).toEqual([]);
    await test.advance(1);
    const back = mainShown(outputs());
    expect(back.error && test.core.i18n.text(back.error)).toBe('The Google sign-in page did not open. Check your connection and try again.');
    expect(back).not.toHaveProperty('email');
    expect(back).not.toHaveProperty('retryAt');
    expect(stops()).toBe(1);

    played.enter(PRESSED);
    await test.advance(0);
    expect(start.calls).toHaveLength(2);
  });
});
