import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError, fail, ok, type Result } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { GoogleIdentityPort, GooglePromptMoment, GooglePromptRequest } from '../../../ports/google-identity.port';
import type { OAuthPort, OneTapSettings, OneTapSubmitRequest } from '../../../ports/oauth.port';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { WidgetInput } from '../../widget.types';
import { ONE_TAP_DEVELOPER_MESSAGES, ONE_TAP_PENDING_TIMEOUT_MS, initialOneTapState, oneTapView, type OneTapInput } from './one-tap.machine';
import { ONE_TAP_PARENT_ID, oneTapInput, oneTapSlot } from './one-tap.slot';

const RETURN_URL = 'https://shop.example/login/callback?redirect=%2Forders';
const input: OneTapInput = { origin: 'https://shop.example', loginRedirectUrl: RETURN_URL, signupRedirectUrl: RETURN_URL, parentId: 'one-tap-slot', cancelOnTapOutside: false, showDeveloperMessages: false };
const WIDGET_INPUT: WidgetInput = {
  config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true }] } },
  returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS,
  origin: 'https://shop.example',
  productionHost: true,
};
const SETTINGS: OneTapSettings = { googleClientId: 'client-1.apps.googleusercontent.com', callbackId: 'callback-1' };

/** One Tap on hand-written ports: the provider's settings and submit, and a Google whose moments the test emits. */
function setUp(options: { settings?: Result<OneTapSettings>; script?: Result<void> | 'hang'; submit?: Result<{ redirectUrl: string }>; noParent?: boolean } = {}) {
  const prompts: GooglePromptRequest[] = [];
  const submits: OneTapSubmitRequest[] = [];
  const logged: string[] = [];
  let cancels = 0;
  let listener: ((moment: GooglePromptMoment) => void) | null = null;
  const oauth: OAuthPort = {
    start: () => Promise.resolve(ok(undefined)),
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    abandon: () => undefined,
    oneTapSettings: () => Promise.resolve(options.settings ?? ok(SETTINGS)),
    oneTapSubmit: (request) => {
      submits.push(request);
      return Promise.resolve(options.submit ?? ok({ redirectUrl: `${RETURN_URL}&stytch_token_type=oauth&token=one-tap-token` }));
    },
  };
  const googleIdentity: GoogleIdentityPort = {
    load: () => (options.script === 'hang' ? new Promise(() => undefined) : Promise.resolve(options.script ?? ok(undefined))),
    prompt: (request, onMoment) => {
      prompts.push(request);
      listener = onMoment;
      return () => {
        cancels += 1;
        listener = null;
      };
    },
  };
  const test = virtualTimeHost({ oauth, googleIdentity, logger: { error: (message) => void logged.push(message) } });
  // The logger the effects use is the host's own.
  const host = { ...test.host, logger: { error: (message: string) => void logged.push(message) } };
  const slot = openSlotForTest(host, oneTapSlot, WIDGET_INPUT, { initial: initialOneTapState(input) });
  const { flow } = slot;
  // The page shows the element the prompt embeds in (tests of its absence send nothing).
  if (!options.noParent) slot.send({ type: 'parentMounted' });
  const seen: string[] = [];
  const unsubscribe = flow.subscribe(() => seen.push(flow.getSnapshot().status));
  const emit = (moment: GooglePromptMoment) => listener?.(moment);
  return {
    ...test,
    flow,
    slot,
    seen,
    prompts,
    submits,
    logged,
    emit,
    cancels: () => cancels,
    stop: () => {
      unsubscribe();
      slot.stop();
    },
  };
}

describe('Google One Tap (SPEC §2, §4, §8)', () => {
  it('is pending until Google shows the prompt, embedded in the given element, then shown', async () => {
    const one = setUp();
    await one.advance(0);
    expect(oneTapView(one.flow.getSnapshot()).status).toBe('pending');
    expect(one.prompts).toEqual([{ clientId: SETTINGS.googleClientId, parentId: 'one-tap-slot', cancelOnTapOutside: false }]);
    one.emit({ type: 'displayed' });
    expect(oneTapView(one.flow.getSnapshot())).toEqual({ status: 'shown', holdsPlace: true, fallback: false, message: null, developerMessage: null });
    await one.advance(ONE_TAP_PENDING_TIMEOUT_MS * 2);
    expect(one.flow.getSnapshot().status).toBe('shown');
  });

  it("submits Google's credential with the OAuth return URLs, then goes to the return page with the token", async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'displayed' });
    one.emit({ type: 'credential', credential: 'google-id-token' });
    one.emit({ type: 'dismissed', reason: 'credential_returned' });
    await one.advance(0);
    expect(one.submits).toEqual([{ credential: 'google-id-token', callbackId: 'callback-1', loginRedirectUrl: RETURN_URL, signupRedirectUrl: RETURN_URL }]);
    expect(one.flow.getSnapshot().status).toBe('redirecting');
    expect(one.navigations).toEqual([{ path: '/login/callback?redirect=%2Forders&stytch_token_type=oauth&token=one-tap-token', replace: false }]);
  });

  it("never follows a provider redirect that is not this page's OAuth return URL", async () => {
    for (const redirectUrl of ['https://evil.example/login/callback?token=x', 'https://shop.example/account?token=x', 'javascript:alert(1)']) {
      const one = setUp({ submit: ok({ redirectUrl }) });
      await one.advance(0);
      one.emit({ type: 'credential', credential: 'google-id-token' });
      await one.advance(0);
      expect(one.navigations).toEqual([]);
      expect(oneTapView(one.flow.getSnapshot())).toMatchObject({ status: 'failed', fallback: true, message: { key: 'error.unexpected' } });
    }
  });

  it('is cancelled when the visitor closes the prompt, and the Google button takes its place', async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'displayed' });
    one.emit({ type: 'skipped', reason: 'user_cancel' });
    expect(oneTapView(one.flow.getSnapshot())).toEqual({ status: 'cancelled', holdsPlace: false, fallback: true, message: null, developerMessage: null });
    expect(one.cancels()).toBe(1);
    expect(one.logged).toEqual([]);
  });

  it.each([
    ['oauth_config_not_found', 404],
    ['no_login_redirect_urls_set', 400],
    ['no_signup_redirect_urls_set', 400],
    ['default_provider_not_allowed', 400],
  ] as const)('falls back with a developer message in the console when the provider answers %s', async (type, status) => {
    const one = setUp({ settings: fail(providerError(type, { status, serverMessage: 'configuration' })) });
    await one.advance(0);
    expect(oneTapView(one.flow.getSnapshot())).toMatchObject({ status: 'failed', fallback: true, message: null });
    expect(one.prompts).toEqual([]);
    expect(one.logged).toEqual([ONE_TAP_DEVELOPER_MESSAGES[type]]);
  });

  it.each([
    ['unregistered_origin', 'origin_not_allowed'],
    ['invalid_client', 'invalid_client'],
  ] as const)("falls back with a developer message when Google does not display the prompt (%s)", async (reason, failure) => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'notDisplayed', reason });
    expect(one.flow.getSnapshot()).toMatchObject({ status: 'failed', reason: failure });
    expect(one.logged).toEqual([ONE_TAP_DEVELOPER_MESSAGES[failure]]);
  });

  it('shows the developer message in the widget, beside the Google button, only when the page asks for developer messages (issue 16 §10)', () => {
    const failed = (showDeveloperMessages: boolean) => {
      const step = oneTapSlot.transition(initialOneTapState({ ...input, showDeveloperMessages }), { type: 'settingsFailed', error: providerError('no_login_redirect_urls_set', { status: 400 }) }, { now: 0, input: WIDGET_INPUT, mainBusy: false, mainWaiting: false });
      return oneTapView(step.state);
    };
    expect(failed(true)).toMatchObject({ fallback: true, developerMessage: ONE_TAP_DEVELOPER_MESSAGES.no_login_redirect_urls_set });
    expect(failed(false)).toMatchObject({ fallback: true, developerMessage: null });
    expect(oneTapInput({ ...WIDGET_INPUT, developerMessages: true }).showDeveloperMessages).toBe(true);
    expect(oneTapInput(WIDGET_INPUT).showDeveloperMessages).toBe(false);
  });

  it('falls back quietly (a console note, no configuration message) when the visitor has no Google session', async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'notDisplayed', reason: 'opt_out_or_no_session' });
    expect(one.flow.getSnapshot()).toMatchObject({ status: 'failed', reason: 'unavailable' });
    expect(one.logged).toHaveLength(1);
    expect(one.logged[0]).toContain('opt_out_or_no_session');
  });

  it("falls back when Google's script never arrives, after the pending deadline (virtual time)", async () => {
    const one = setUp({ script: 'hang' });
    await one.advance(ONE_TAP_PENDING_TIMEOUT_MS - 1);
    expect(one.flow.getSnapshot().status).toBe('pending');
    await one.advance(1);
    expect(oneTapView(one.flow.getSnapshot())).toMatchObject({ status: 'failed', fallback: true });
  });

  it('falls back when the script fails to load', async () => {
    const one = setUp({ script: fail(authError('network_unreachable')) });
    await one.advance(0);
    expect(one.flow.getSnapshot()).toMatchObject({ status: 'failed', reason: 'unavailable' });
  });

  it('shows the provider refusing the credential next to the Google button', async () => {
    const one = setUp({ submit: fail(providerError('oauth_token_not_found', { status: 404, serverMessage: 'nope' })) });
    await one.advance(0);
    one.emit({ type: 'displayed' });
    one.emit({ type: 'credential', credential: 'google-id-token' });
    await one.advance(0);
    expect(oneTapView(one.flow.getSnapshot())).toMatchObject({ status: 'failed', fallback: true, message: { key: 'error.oauth_token_not_found' } });
    expect(one.navigations).toEqual([]);
  });

  it('closes the prompt when the page no longer shows One Tap', async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'displayed' });
    one.stop();
    await one.advance(60_000);
    expect(one.cancels()).toBe(1);
  });

  it("is a sign-in of its own once Google hands a credential: Main is busy and the other slots are aborted", async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'displayed' });
    expect(oneTapSlot.busy(one.flow.getSnapshot())).toBe(false);
    one.emit({ type: 'credential', credential: 'google-id-token' });
    expect(oneTapSlot.busy(one.flow.getSnapshot())).toBe(true);
    expect(one.slot.outputs).toEqual([{ type: 'started' }]);
  });

  it('closes the prompt and gives the Google button back when another Main action starts', async () => {
    const one = setUp();
    await one.advance(0);
    one.emit({ type: 'displayed' });
    one.slot.signal({ type: 'abort' });
    expect(oneTapView(one.flow.getSnapshot())).toMatchObject({ status: 'cancelled', fallback: true });
    expect(one.cancels()).toBe(1);
  });

  it("embeds the prompt in the slot's box unless the Google entry asks Google to float it", () => {
    expect(oneTapInput(WIDGET_INPUT)).toEqual({ origin: 'https://shop.example', loginRedirectUrl: 'https://shop.example/login/callback?redirect=%2Forders', signupRedirectUrl: 'https://shop.example/login/callback?redirect=%2Forders', parentId: ONE_TAP_PARENT_ID, cancelOnTapOutside: true, showDeveloperMessages: false });
    const floating: WidgetInput = { ...WIDGET_INPUT, config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'floating', cancel_on_tap_outside: false }] } } };
    expect(oneTapInput(floating)).toMatchObject({ parentId: null, cancelOnTapOutside: false });
  });

  it('prompts only once the element it embeds in is on the page', async () => {
    const one = setUp({ noParent: true });
    await one.advance(0);
    expect(one.prompts).toEqual([]);
    one.slot.send({ type: 'parentMounted' });
    expect(one.prompts).toHaveLength(1);
  });
});
