import { authError, openLoginWidget, providerError, PROVIDER_LOG_FLUSH_MS, type AuthCore, type SafePath, ALL_PRODUCTS } from '@vestibule/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactModes, setup } from '../test-utils';
import { LoginWidget } from './login-widget';

const config = { products: ['emailMagicLinks'] } as const;
const returnContext = { redirect: '/orders' as SafePath, source: 'web' } as const;

describe.each(reactModes)('login widget (%s)', (_mode, strict) => {
  const start = (products: readonly string[] = config.products, extra = {}) => {
    const harness = setup(strict);
    harness.renderUi(<LoginWidget products={ALL_PRODUCTS} flowKey="login" config={{ products: products as never, ...extra }} returnContext={returnContext} />);
    return harness;
  };

  it("shows 'Sign up or log in' with an e-mail field and Continue", async () => {
    start();
    await settle();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('shows the format error under the field, keeps the text and focuses the field', async () => {
    const { ports } = start();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email format is invalid.')).toBeInTheDocument();
    expect(field).toHaveValue('ada@example');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email format is invalid.');
    expect(field).toHaveFocus();
    expect(ports.magicLinks.sent).toEqual([]);
  });

  it('refuses consecutive dots in the local part next to the field and sends nothing (issue 16)', async () => {
    const { ports } = start();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'a..b@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email format is invalid.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Email format is invalid.');
    expect(ports.magicLinks.sent).toEqual([]);
  });

  it('sends a link to an internationalised address (RFC 6531)', async () => {
    const { ports } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '用户@例子.广告');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(ports.magicLinks.sentRequests.map((request) => request.email)).toEqual(['用户@例子.广告']);
  });

  it('sends one magic link and shows the confirmation screen', async () => {
    const { ports } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(/An email was sent to/)).toHaveTextContent('An email was sent to ada@example.com');
    expect(ports.magicLinks.sent).toHaveLength(1);
    expect(ports.magicLinks.sentRequests[0]?.loginRedirectUrl).toBe('http://localhost:5173/login/callback?redirect=%2Forders&source=web');
    for (const name of ['Open Gmail', 'Open Yahoo', 'Open Outlook']) {
      const link = screen.getByRole('link', { name });
      expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('mail.vestibule.test');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("resends and shows the 'Email resent' toast", async () => {
    const { ports } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeInTheDocument();
    expect(ports.magicLinks.sentRequests.map((request) => request.email)).toEqual(['ada@example.com', 'ada@example.com']);
  });

  it("'Try again' returns to Main with an empty field", async () => {
    const { ports, core } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    // The provider's log goes out in batches (800 ms), or at once when the page is hidden.
    await core.events.ready();
    core.events.flush();
    expect(ports.telemetry.events.map((event) => event.name)).toContain('email_try_again_clicked');
  });

  it('shows a provider error under the field and reports it', async () => {
    const { ports, errors } = start();
    ports.magicLinks.sends.failNext(authError('inactive_email', { serverMessage: 'raw' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByText('This email address is inactive. Please use a different email address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(errors).toContainEqual(expect.objectContaining({ code: 'inactive_email' }));
  });

  it('renders hostile server text as text', async () => {
    const { ports } = start();
    ports.magicLinks.sends.failNext(providerError('odd_error', { serverMessage: '<img src=x onerror=alert(1)>' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('disables Continue while sending', async () => {
    const { ports } = start();
    const release = ports.magicLinks.sends.holdNext();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release({ ok: true, value: undefined });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  // Lets the widget's start-up request (project settings) settle inside act().
  const settle = () => act(() => Promise.resolve());

  it('shows the passkeys-alone configuration error instead of the form', async () => {
    start(['passkeys']);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the EML and e-mail OTP configuration error', async () => {
    start(['emailMagicLinks', 'otp'], { otpOptions: { methods: ['email'] } });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Cannot use both EML and Email OTP');
  });

  it('logs render_login_screen once', async () => {
    const { ports } = start();
    // Sent with the provider log's next batch, 800 ms on.
    await waitFor(() => expect(ports.telemetry.events.map((event) => event.name)).toEqual(['render_login_screen']), { timeout: 5_000 });
  });

  it('shows a network failure as a network problem, keeps the address, and a retry works', async () => {
    const { ports } = start();
    ports.magicLinks.sends.failNext(authError('network_unreachable'));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ada@example.com{Enter}');
    expect(await screen.findByText('We could not reach the server. Check your connection and try again.')).toBeInTheDocument();
    expect(field).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it.each([
    ['network_unreachable', 'We could not reach the server. Check your connection and try again.'],
    ['server_error', 'Something went wrong on our side. Please try again in a moment.'],
    ['too_many_requests', 'Too many attempts. Please wait a moment and try again.'],
  ] as const)('shows a %s failure as a message for the form, not as bad input, and moves focus to it (issue 16 §16, §17)', async (code, text) => {
    const { ports } = start();
    ports.magicLinks.sends.failNext(authError(code));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = await screen.findByText(text);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription(text);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(message.closest('.vb-field-error')).toBeNull();
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
    expect(field).toHaveValue('ada@example.com');
  });

  it('focuses the field again after a provider refuses the address itself (issue 16 §17)', async () => {
    const { ports } = start();
    ports.magicLinks.sends.failNext(authError('inactive_email'));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email address is inactive. Please use a different email address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('keeps Continue disabled with the seconds left after a 429 with Retry-After', async () => {
    const { ports } = start();
    ports.magicLinks.sends.failNext(authError('too_many_requests', { retryAfterMs: 30_000 }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByRole('button', { name: /^Try again in 30 seconds$/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  });

  it('does not start the flow during render: nothing is called before the widget commits', () => {
    const { ports, core } = setup(strict);
    // Opening (as a render would) starts nothing.
    LoginWidgetOpenProbe(core);
    expect(ports.telemetry.events).toEqual([]);
    expect(ports.projectSettings.getCount).toBe(0);
  });
});

describe.each(reactModes)('login widget lifecycle (%s)', (_mode, strict) => {
  it('reuses one flow across a remount, so the link is sent once and the screen survives', async () => {
    const { ports, renderUi } = setup(strict);
    const ui = <LoginWidget products={ALL_PRODUCTS} flowKey="login" config={config} returnContext={returnContext} />;
    const { unmount } = renderUi(ui);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    unmount();
    renderUi(ui);
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(ports.magicLinks.sent).toHaveLength(1);
  });

  it('works when its commit comes long after render (a suspending sibling)', async () => {
    vi.useFakeTimers();
    try {
      const { ports, core, renderUi } = setup(strict);
      let resolve: () => void = () => undefined;
      const gate = new Promise<void>((done) => (resolve = done));
      let ready = false;
      void gate.then(() => (ready = true));
      function Sibling() {
        if (!ready) throw gate;
        return null;
      }
      renderUi(
        <Suspense fallback={<p>waiting</p>}>
          <LoginWidget products={ALL_PRODUCTS} flowKey="late" config={config} returnContext={returnContext} />
          <Sibling />
        </Suspense>,
      );
      await act(() => vi.advanceTimersByTimeAsync(60_000)); // far past any release delay
      await act(async () => {
        resolve();
        await gate;
      });
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
      await core.events.ready();
      await act(() => vi.advanceTimersByTimeAsync(PROVIDER_LOG_FLUSH_MS));
      expect(ports.telemetry.names).toEqual(['render_login_screen']);
    } finally {
      vi.useRealTimers();
    }
  });
});

function LoginWidgetOpenProbe(core: AuthCore) {
  return openLoginWidget(core, 'probe', { config, returnContext, products: ALL_PRODUCTS });
}
