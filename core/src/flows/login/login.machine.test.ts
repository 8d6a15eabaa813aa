import { describe, expect, it } from 'vitest';
import { authError } from '../../domain/errors/auth-error';
import { initialLoginState, loginTransition } from './login.machine';
import type { LoginEvent, LoginInput, LoginState } from './login.types';
import { loginView } from './login.view';

const input: LoginInput = {
  config: { products: ['emailMagicLinks'] },
  returnContext: { redirect: '/orders', source: 'web' },
  origin: 'http://localhost:5173',
};

function play(events: LoginEvent[], from: LoginState = initialLoginState(input)) {
  const effects = [];
  let state = from;
  for (const event of events) {
    const [next, produced] = loginTransition(state, event);
    state = next;
    effects.push(...produced);
  }
  return { state, effects };
}

describe('login machine: Main → E-mail confirmation (SPEC §2, §4)', () => {
  it('starts on Main, loads project settings and logs render_login_screen', () => {
    const { state, effects } = play([{ type: 'started' }]);
    expect(state.screen).toBe('main');
    expect(effects).toEqual([
      { type: 'loadProjectSettings' },
      { type: 'logEvent', event: { name: 'render_login_screen', details: {} } },
    ]);
  });

  it('starts with an address the visitor typed before the page was ready', () => {
    expect(initialLoginState({ ...input, prefilledEmail: 'early@example.com' }).email).toBe('early@example.com');
  });

  it('shows the magic-link wording under the field for an invalid address and keeps the text', () => {
    const { state, effects } = play([{ type: 'emailChanged', value: 'ada@example' }, { type: 'emailSubmitted' }]);
    expect(state.email).toBe('ada@example');
    expect(state.emailError).toEqual({ key: 'validation.emailInvalid' });
    expect(effects).toEqual([]);
  });

  it('clears the field error when the user edits the address', () => {
    const { state } = play([{ type: 'emailSubmitted' }, { type: 'emailChanged', value: 'ada@' }]);
    expect(state.emailError).toBeNull();
    expect(state.email).toBe('ada@');
  });

  it('sends a magic link whose return URLs carry redirect and source', () => {
    const { state, effects } = play([{ type: 'emailChanged', value: ' ada@example.com ' }, { type: 'emailSubmitted' }]);
    expect(state.sending).toBe(true);
    expect(effects).toEqual([
      {
        type: 'sendMagicLink',
        key: 'sendMagicLink',
        purpose: 'send',
        request: {
          email: 'ada@example.com',
          loginRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
          signupRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
          loginExpirationMinutes: 30,
          signupExpirationMinutes: 30,
        },
      },
    ]);
  });

  it('ignores a second submit while the first is sending', () => {
    const { effects } = play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }, { type: 'emailSubmitted' }]);
    expect(effects.filter((effect) => effect.type === 'sendMagicLink')).toHaveLength(1);
  });

  it('moves to E-mail confirmation after sending and logs email_sent', () => {
    const { state, effects } = play([
      { type: 'emailChanged', value: 'ada@example.com' },
      { type: 'emailSubmitted' },
      { type: 'magicLinkSent', email: 'ada@example.com' },
    ]);
    expect(state.screen).toBe('emailConfirmation');
    expect(state.magicLinkEmail).toBe('ada@example.com');
    expect(effects.at(-1)).toEqual({
      type: 'logEvent',
      event: { name: 'email_sent', details: { email: 'ada@example.com', type: 'login_or_create_eml' } },
    });
  });

  it('shows a provider error under the field, keeps the text and reports the error', () => {
    const error = authError('invalid_email', { serverMessage: 'Email format is invalid.' });
    const { state, effects } = play([
      { type: 'emailChanged', value: 'ada@example.com' },
      { type: 'emailSubmitted' },
      { type: 'magicLinkFailed', email: 'ada@example.com', error },
    ]);
    expect(state.screen).toBe('main');
    expect(state.email).toBe('ada@example.com');
    expect(state.emailError).toEqual({ key: 'error.invalid_email' });
    expect(effects.at(-1)).toEqual({ type: 'reportError', error });
  });

  const confirmed = () =>
    play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }, { type: 'magicLinkSent', email: 'ada@example.com' }]).state;

  it('resends to the stored address and shows the Email resent toast', () => {
    const { state, effects } = play([{ type: 'resendClicked' }, { type: 'resendSucceeded' }], confirmed());
    expect(effects[0]).toMatchObject({ type: 'sendMagicLink', purpose: 'resend', request: { email: 'ada@example.com' } });
    expect(effects).toContainEqual({ type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } });
    expect(state.resending).toBe(false);
  });

  it('shows a resend failure on the confirmation screen', () => {
    const { state } = play([{ type: 'resendClicked' }, { type: 'resendFailed', error: authError('rate_limited', { serverMessage: 'Slow down.' }) }], confirmed());
    expect(state.screen).toBe('emailConfirmation');
    expect(state.confirmationError).toEqual({ text: 'Slow down.' });
  });

  it("'Try again' clears the stored e-mail, returns to Main, cancels a pending resend and logs the click", () => {
    const { state, effects } = play([{ type: 'resendClicked' }, { type: 'tryAgainClicked' }], confirmed());
    expect(state.screen).toBe('main');
    expect(state.magicLinkEmail).toBe('');
    expect(state.email).toBe('');
    expect(effects.slice(-2)).toEqual([
      { type: 'cancel', key: 'sendMagicLink' },
      { type: 'logEvent', event: { name: 'email_try_again_clicked', details: { email: 'ada@example.com', type: 'login_or_create_eml' } } },
    ]);
  });

  it('the back arrow returns to Main with the address kept for correction', () => {
    const { state } = play([{ type: 'backClicked' }], confirmed());
    expect(state.screen).toBe('main');
    expect(state.email).toBe('ada@example.com');
  });

  it('uses configured magic-link URLs and expiry', () => {
    const custom: LoginInput = {
      ...input,
      config: {
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: { loginRedirectURL: 'https://shop.example/in', loginExpirationMinutes: 15, signupExpirationMinutes: 45 },
      },
    };
    const { effects } = play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], initialLoginState(custom));
    expect(effects[0]).toMatchObject({
      request: { loginRedirectUrl: 'https://shop.example/in', signupRedirectUrl: 'https://shop.example/in', loginExpirationMinutes: 15, signupExpirationMinutes: 45 },
    });
  });
});

describe('login view', () => {
  it('shows the header and the e-mail form for magic links', () => {
    const view = loginView(initialLoginState(input));
    expect(view.main.title).toBe('login.title');
    expect(view.main.emailForm).toMatchObject({ value: '', error: null, busy: false, submitLabel: 'login.continue' });
  });

  it('shows only the configuration error when passkeys are alone', () => {
    const view = loginView(initialLoginState({ ...input, config: { products: ['passkeys'] } }));
    expect(view.main.blocked).toBe(true);
    expect(view.main.configErrors).toEqual(['config.passkeysAlone']);
    expect(view.main.emailForm).toBeNull();
  });

  it('shows the EML + e-mail OTP error on Main', () => {
    const view = loginView(initialLoginState({ ...input, config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } }));
    expect(view.main.configErrors).toEqual(['config.emlAndEmailOtp']);
  });

  it('lists the narrowed mail shortcuts once the sender domain is known', () => {
    const { state } = play([{ type: 'projectSettingsLoaded', emailDomains: ['mail.vestibule.test'] }]);
    expect(loginView(state).confirmation.mailShortcuts.every((shortcut) => decodeURIComponent(shortcut.href).includes('mail.vestibule.test'))).toBe(true);
  });
});
