// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { ALL_PRODUCTS, createAuthCore, openLoginWidget, widgetView, type PasscodesView, type SafePath, type WidgetConfig } from '@vestibule/core';
import { asyncScheduler } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ORIGIN, sandboxControl as control, sandboxedStytch } from './sandboxed-stytch.test-support';

// Issue 16 item 8 across the layers: the login widget's request, the real Stytch adapter and SDK,
// and the sandbox's project setting. SPEC §9: the OTP expiry is the configured value.

const MINUTE = 60_000;
/** The sandbox's clock runs ahead of real time by this much (how long the visitor took). */
let offset = 0;
const { stytch } = sandboxedStytch('public-token-test-passcodes-widget-expiry', { now: () => Date.now() + offset });

afterEach(async () => {
  offset = 0;
  await control('PUT', '/project', { otp_expiration_minutes: 2 });
});

/** The login widget on the real Stytch adapters (real time: the sandbox's clock is what moves). */
function widget(config: WidgetConfig) {
  const core = createAuthCore(
    {
      session: stytch.session,
      projectSettings: stytch.projectSettings,
      passcodes: stytch.passcodes,
      telemetry: { send: () => undefined },
      navigation: { navigate: () => undefined, replace: () => undefined, leave: () => undefined },
      logger: { error: () => undefined },
      storage: { get: () => null, set: () => undefined, remove: () => undefined },
      scheduler: asyncScheduler,
    },
    { origin: SANDBOX_ORIGIN, locale: 'en' },
  );
  const flow = openLoginWidget(core, `expiry-${Math.random()}`, { config, returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS });
  const unsubscribe = flow.subscribe(() => undefined);
  const entry = () => {
    const view = widgetView(flow.getSnapshot());
    if (view.screen !== 'product' || view.product !== 'passcodes') throw new Error(`expected Passcode entry, got ${view.screen}`);
    return view.view as Extract<PasscodesView, { screen: 'entry' }>;
  };
  const dispose = () => {
    unsubscribe();
    core.dispose();
  };
  return { flow, entry, dispose };
}

async function codeFor(to: string): Promise<string> {
  const response = await fetch(`${SANDBOX_ORIGIN}/__sandbox/api/messages?to=${encodeURIComponent(to)}`);
  const code = ((await response.json()) as { code?: string }[])[0]?.code;
  if (code === undefined) throw new Error(`no passcode to ${to}`);
  return code;
}

describe("the widget's e-mail code against the sandbox's project expiry", () => {
  it("lasts the project's 5 minutes when the configuration names no expiry: still good after 3", async () => {
    await control('PUT', '/project', { otp_expiration_minutes: 5 });
    const page = widget({ products: ['otp'], otpOptions: { methods: ['email'] } });
    try {
      page.flow.send({ type: 'emailChanged', value: 'later@example.com' });
      page.flow.send({ type: 'emailSubmitted' });
      await vi.waitFor(() => expect(page.entry().expiry).toEqual({ status: 'unknown' }), { timeout: 5_000 });
      const code = await codeFor('later@example.com');
      offset = 3 * MINUTE;
      page.flow.send({ type: 'productEvent', product: 'passcodes', event: { type: 'codeChanged', value: code } });
      await vi.waitFor(() => expect(widgetView(page.flow.getSnapshot()).screen).toBe('success'), { timeout: 5_000 });
    } finally {
      page.dispose();
    }
  });

  it("says 'expired' once the project's minutes are over, and a resent code signs in", async () => {
    await control('PUT', '/project', { otp_expiration_minutes: 5 });
    const page = widget({ products: ['otp'], otpOptions: { methods: ['email'] } });
    try {
      page.flow.send({ type: 'emailChanged', value: 'late@example.com' });
      page.flow.send({ type: 'emailSubmitted' });
      await vi.waitFor(() => expect(page.entry().expiry).toEqual({ status: 'unknown' }), { timeout: 5_000 });
      offset = 5 * MINUTE + 1_000;
      page.flow.send({ type: 'productEvent', product: 'passcodes', event: { type: 'codeChanged', value: await codeFor('late@example.com') } });
      await vi.waitFor(() => expect(page.entry()).toMatchObject({ expiry: { status: 'expired' }, error: null, canResend: true }), { timeout: 5_000 });
      page.flow.send({ type: 'productEvent', product: 'passcodes', event: { type: 'resendClicked' } });
      await vi.waitFor(() => expect(page.entry()).toMatchObject({ resend: 'sent', expiry: { status: 'unknown' } }), { timeout: 5_000 });
      page.flow.send({ type: 'productEvent', product: 'passcodes', event: { type: 'codeChanged', value: await codeFor('late@example.com') } });
      await vi.waitFor(() => expect(widgetView(page.flow.getSnapshot()).screen).toBe('success'), { timeout: 5_000 });
    } finally {
      page.dispose();
    }
  });
});
