import { authError } from '@vestibule/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reactModes, setup } from '../test-utils';
import { LoginWidget } from './login-widget';

const config = { products: ['emailMagicLinks'] } as const;
const returnContext = { redirect: '/orders', source: 'web' } as const;

describe.each(reactModes)('login widget (%s)', (_mode, strict) => {
  const start = (products: readonly string[] = config.products, extra = {}) => {
    const harness = setup(strict);
    harness.renderUi(<LoginWidget flowKey="login" config={{ products: products as never, ...extra }} returnContext={returnContext} />);
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
    const { auth } = start();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email format is invalid.')).toBeInTheDocument();
    expect(field).toHaveValue('ada@example');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email format is invalid.');
    expect(field).toHaveFocus();
    expect(auth.sentMagicLinks).toEqual([]);
  });

  it('sends one magic link and shows the confirmation screen', async () => {
    const { auth } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(/An email was sent to/)).toHaveTextContent('An email was sent to ada@example.com');
    expect(auth.sentMagicLinks).toHaveLength(1);
    expect(auth.sentMagicLinks[0]?.loginRedirectUrl).toBe('http://localhost:5173/login/callback?redirect=%2Forders&source=web');
    for (const name of ['Open Gmail', 'Open Yahoo', 'Open Outlook']) {
      const link = screen.getByRole('link', { name });
      expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('mail.vestibule.test');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("resends and shows the 'Email resent' toast", async () => {
    const { auth } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeInTheDocument();
    expect(auth.sentMagicLinks.map((request) => request.email)).toEqual(['ada@example.com', 'ada@example.com']);
  });

  it("'Try again' returns to Main with an empty field", async () => {
    const { auth } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(auth.loggedEvents.map((event) => event.name)).toContain('email_try_again_clicked');
  });

  it('shows a provider error under the field and reports it', async () => {
    const { auth, errors } = start();
    auth.failNextSend(authError('inactive_email', { serverMessage: 'raw' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByText('This email address is inactive. Please use a different email address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(errors).toContainEqual(expect.objectContaining({ code: 'inactive_email' }));
  });

  it('renders hostile server text as text', async () => {
    const { auth } = start();
    auth.failNextSend(authError('odd_error', { serverMessage: '<img src=x onerror=alert(1)>' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('disables Continue while sending', async () => {
    const { auth } = start();
    const release = auth.holdNextSend();
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
    const { auth } = start();
    await waitFor(() => expect(auth.loggedEvents.map((event) => event.name)).toEqual(['render_login_screen']));
  });
});
