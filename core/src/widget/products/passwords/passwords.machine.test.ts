import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { authError, type AuthError } from '../../../domain/errors/auth-error';
import type { PasswordStrength } from '../../../ports/passwords.port';
import type { ProductContext } from '../../widget.types';
import { enterPasswords, passwordsTransition } from './passwords.machine';
import type { PasswordsEvent, PasswordsState } from './passwords.types';
import { passwordsView } from './passwords.view';

const EMAIL = 'ada@example.com';

function contextWith(config: Partial<WidgetConfig> = {}, now = 1_000): ProductContext {
  return {
    now,
    input: {
      config: { products: ['passwords', 'emailMagicLinks'], ...config },
      returnContext: { redirect: null, source: null }, products: ALL_PRODUCTS,
      origin: 'http://localhost:5199',
    },
    senderDomain: null,
    passwordRule: null,
  };
}

const strong: PasswordStrength = {
  score: 4,
  validPassword: true,
  breachedPassword: false,
  strengthPolicy: 'zxcvbn',
  warning: '',
  suggestions: [],
  ludsRequirements: null,
};

/** Runs events from Main's submit and returns the last step. */
function play(events: readonly PasswordsEvent[], context = contextWith()) {
  let step = enterPasswords({ type: 'emailSubmitted', email: EMAIL }, context);
  for (const event of events) step = passwordsTransition(step.state, event, context);
  return step;
}

const typed = (value: string): PasswordsEvent[] => [
  { type: 'passwordChanged', value },
  { type: 'strengthCheckDue' },
  { type: 'strengthChecked', value, strength: strong },
];

describe('passwords machine: the e-mail lookup (SPEC §4)', () => {
  it('looks the e-mail up while Main shows it busy', () => {
    const step = enterPasswords({ type: 'emailSubmitted', email: EMAIL }, contextWith());
    expect(step.effects).toEqual([{ type: 'searchUser', key: 'search', email: EMAIL }]);
    expect(passwordsView(step.state, contextWith()).screen).toBeNull();
  });

  it.each([
    ['new', 'create'],
    ['password', 'login'],
  ] as const)('a %s user goes to the %s screen with the e-mail stored', (userType, screen) => {
    const { state } = play([{ type: 'searched', userType }]);
    expect(state).toMatchObject({ screen, email: EMAIL });
  });

  it('a failed lookup returns to Main with the reason and, for a 429, the wait', () => {
    const error = authError('too_many_requests', { retryAfterMs: 5_000 });
    const step = play([{ type: 'searchFailed', error }]);
    expect(step.output).toEqual({ type: 'showMain', error: { key: 'error.too_many_requests' }, errorFor: 'form', retryAt: 6_000 });
    expect(step.effects).toContainEqual({ type: 'reportError', error });
  });

  describe('a passwordless user (SPEC §4: code, else link, else reset)', () => {
    it("is handed to magic links, whose confirmation offers the way back here ('Create a password instead')", () => {
      const step = play([{ type: 'searched', userType: 'passwordless' }]);
      expect(step.output).toEqual({ type: 'handoff', to: 'magicLink', action: { type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' } });
      expect(step.effects).toEqual([]);
    });

    it('is handed to passcodes for the e-mail code when e-mail OTP is configured', () => {
      const context = contextWith({ products: ['passwords', 'emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } });
      expect(play([{ type: 'searched', userType: 'passwordless' }], context).output).toEqual({ type: 'handoff', to: 'passcodes', action: { type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' } });
    });

    it('is sent a set-password e-mail when no passwordless method is configured', () => {
      const context = contextWith({ products: ['passwords'] });
      const step = play([{ type: 'searched', userType: 'passwordless' }], context);
      expect(step.effects[0]).toMatchObject({ type: 'startReset', reason: 'setNew', request: { email: EMAIL, resetPasswordRedirectUrl: 'http://localhost:5199/login/password/reset' } });
      const sent = play([{ type: 'searched', userType: 'passwordless' }, { type: 'resetSent', reason: 'setNew' }], context);
      expect(sent.state).toMatchObject({ screen: 'resetSent', reason: 'setNew' });
    });

    it("'Create a password instead', handed back from the link's confirmation, starts a reset and shows the set-new screen", () => {
      const context = contextWith();
      const back = enterPasswords({ type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' }, context);
      expect(back.effects).toEqual([expect.objectContaining({ type: 'startReset', reason: 'setNew', request: expect.objectContaining({ email: EMAIL }) })]);
      // Main shows it busy meanwhile.
      expect(passwordsView(back.state, context).screen).toBeNull();
      const sent = passwordsTransition(back.state, { type: 'resetSent', reason: 'setNew' }, context);
      expect(sent.state).toMatchObject({ screen: 'resetSent', reason: 'setNew', email: EMAIL });
      const error = authError('too_many_requests', { retryAfterMs: 5_000 });
      const failed = passwordsTransition(back.state, { type: 'resetFailed', reason: 'setNew', error }, context);
      expect(failed.output).toEqual({ type: 'showMain', error: { key: 'error.too_many_requests' }, errorFor: 'form', retryAt: 6_000 });
      expect(failed.effects).toEqual([{ type: 'reportError', error }]);
    });
  });
});

describe('passwords machine: creating an account', () => {
  const created = [{ type: 'searched', userType: 'new' }] as const;

  it('scores every change on the device and asks the provider 500 ms after the last one, with the e-mail', () => {
    const step = play([...created, { type: 'passwordChanged', value: 'abc' }]);
    expect(step.effects).toEqual([
      { type: 'cancel', key: 'strength:check' },
      { type: 'estimateStrength', key: 'strength:estimate', password: 'abc', userInputs: [EMAIL] },
      { type: 'timer', key: 'strength:debounce', delayMs: 500, event: { type: 'strengthCheckDue' } },
    ]);
    const due = play([...created, { type: 'passwordChanged', value: 'abc' }, { type: 'strengthCheckDue' }]);
    expect(due.effects).toEqual([{ type: 'checkStrength', key: 'strength:check', password: 'abc', email: EMAIL }]);
  });

  it('loads the estimator when the field is first focused (zxcvbn policy only)', () => {
    expect(play([...created, { type: 'passwordFocused' }]).effects).toEqual([{ type: 'preloadStrengthEstimator' }]);
    const luds = { ...contextWith(), passwordRule: { minimumCount: 8, complexity: 3 } };
    expect(play([...created, { type: 'passwordFocused' }], luds).effects).toEqual([]);
  });

  it('keeps Continue disabled until the provider calls this very value valid', () => {
    const context = contextWith();
    const canSubmit = (events: readonly PasswordsEvent[]) => {
      const view = passwordsView(play(events, context).state, context);
      return view.screen === 'create' ? view.canSubmit : null;
    };
    expect(canSubmit([...created, { type: 'passwordChanged', value: 'Tr0ub4dor&3x!' }])).toBe(false);
    expect(canSubmit([...created, ...typed('Tr0ub4dor&3x!')])).toBe(true);
    // An answer for an older value is ignored.
    expect(canSubmit([...created, ...typed('Tr0ub4dor&3x!'), { type: 'passwordChanged', value: 'Tr0ub4dor&3x!!' }])).toBe(false);
    expect(canSubmit([...created, { type: 'passwordChanged', value: 'b' }, { type: 'strengthChecked', value: 'a', strength: strong }])).toBe(false);
  });

  it('keeps Continue disabled when the check itself failed, and offers to check again (SPEC §5)', () => {
    const context = contextWith();
    const events = [...created, { type: 'passwordChanged', value: 'Tr0ub4dor&3x!' }, { type: 'strengthCheckDue' }, { type: 'strengthCheckFailed', value: 'Tr0ub4dor&3x!', error: authError('timeout') }] as const;
    const view = passwordsView(play(events, context).state, context);
    expect(view).toMatchObject({ screen: 'create', canSubmit: false, password: { checkError: { key: 'error.timeout' }, canRetryCheck: true } });
  });

  it('creates the account, then shows success and hands the session to /login/callback/web', () => {
    const context = { ...contextWith(), input: { ...contextWith().input, returnContext: { redirect: '/orders' as never, source: 'web' as const }, products: ALL_PRODUCTS } };
    const submit = play([...created, ...typed('Tr0ub4dor&3x!'), { type: 'submitClicked' }], context);
    expect(submit.effects).toEqual([{ type: 'createPassword', key: 'submit', credentials: { email: EMAIL, password: 'Tr0ub4dor&3x!', sessionDurationMinutes: 60 } }]);
    const done = play([...created, ...typed('Tr0ub4dor&3x!'), { type: 'submitClicked' }, { type: 'signedIn', signIn: { sessionToken: 'tok en/1', session: null as never } }], context);
    expect(done.output).toEqual({
      type: 'completed',
      title: 'success.title',
      text: 'success.loggedIn',
      destination: '/login/callback/web?redirect=%2Forders&source=web',
    });
    // The session rides in this effect (to this tab's storage), never in the address or in state.
    expect(done.effects.at(-1)).toEqual({ type: 'handOffSession', token: 'tok en/1' });
    expect(JSON.stringify(done.state)).not.toContain('tok en/1');
  });

  it('signs in with the same password when the account turns out to exist (an earlier attempt went through)', () => {
    const base = [...created, ...typed('Tr0ub4dor&3x!'), { type: 'submitClicked' }] as const;
    const duplicate = authError('provider_error', { providerType: 'duplicate_email', serverMessage: 'A user with the specified email already exists.' });
    const retried = play([...base, { type: 'signInFailed', error: duplicate }]);
    expect(retried.effects).toEqual([{ type: 'authenticatePassword', key: 'submit', credentials: { email: EMAIL, password: 'Tr0ub4dor&3x!', sessionDurationMinutes: 60 } }]);
    expect(play([...base, { type: 'signInFailed', error: duplicate }, { type: 'signedIn', signIn: { sessionToken: 't', session: null as never } }]).output).toMatchObject({ type: 'completed' });
    const wrong = play([...base, { type: 'signInFailed', error: duplicate }, { type: 'signInFailed', error: authError('unauthorized_credentials') }]);
    expect(wrong.state).toMatchObject({ screen: 'create', busy: null, error: { key: 'error.unauthorized_credentials' } });
  });

  it('keeps the password and shows the reason under the field when creation fails', () => {
    const step = play([...created, ...typed('Tr0ub4dor&3x!'), { type: 'submitClicked' }, { type: 'signInFailed', error: authError('breached_password') }]);
    expect(step.state).toMatchObject({ screen: 'create', busy: null, error: { key: 'error.breached_password' }, field: { value: 'Tr0ub4dor&3x!' } });
  });

  it("offers 'Email me a login link' (a hand-off to magic links) when links are configured", () => {
    const step = play([...created, { type: 'passwordlessClicked' }]);
    expect(step.output).toEqual({ type: 'handoff', to: 'magicLink', action: { type: 'emailSubmitted', email: EMAIL } });
    const none = contextWith({ products: ['passwords'] });
    expect(play([...created, { type: 'passwordlessClicked' }], none).output).toBeUndefined();
    expect(passwordsView(play(created, none).state, none)).toMatchObject({ passwordless: null });
  });
});

describe('passwords machine: logging in', () => {
  const login = [{ type: 'searched', userType: 'password' }, { type: 'passwordChanged', value: 'hunter2' }] as const;
  const submitted = [...login, { type: 'submitClicked' }] as const;

  it('does not score the password, and submits whatever was typed', () => {
    expect(play(login).effects).toEqual([]);
    expect(play(submitted).effects).toEqual([{ type: 'authenticatePassword', key: 'submit', credentials: { email: EMAIL, password: 'hunter2', sessionDurationMinutes: 60 } }]);
  });

  it.each<[string, AuthError]>([
    ['a wrong password', authError('unauthorized_credentials')],
    ['a lockout', authError('user_lock_limit_reached')],
    ['no password', authError('no_user_password')],
    ['an unknown type', authError('provider_error', { serverMessage: 'Something odd.' })],
  ])('shows %s under the field and keeps what was typed', (_name, error) => {
    const step = play([...submitted, { type: 'signInFailed', error }]);
    expect(step.state).toMatchObject({ screen: 'login', busy: null, field: { value: 'hunter2' } });
    expect(step.effects).toContainEqual({ type: 'reportError', error });
  });

  it('counts down a 429 on Continue and enables it again when the wait is over', () => {
    const error = authError('too_many_requests', { retryAfterMs: 2_000 });
    const failed = play([...submitted, { type: 'signInFailed', error }]);
    const context = contextWith();
    expect(passwordsView(failed.state, context)).toMatchObject({ canSubmit: false, retryInSeconds: 2 });
    expect(passwordsTransition(failed.state, { type: 'submitClicked' }, context).effects).toEqual([]);
    const later = contextWith({}, 3_000);
    const ticked = passwordsTransition(failed.state, { type: 'tick' }, later);
    expect(passwordsView(ticked.state, later)).toMatchObject({ canSubmit: true, retryInSeconds: null });
  });

  it.each([
    ['reset_password', 'dedupe'],
    ['breached_password', 'breached'],
  ] as const)('%s starts a reset e-mail and shows the %s screen', (code, reason) => {
    const failed = play([...submitted, { type: 'signInFailed', error: authError(code) }]);
    expect(failed.effects).toContainEqual(expect.objectContaining({ type: 'startReset', reason, request: expect.objectContaining({ email: EMAIL }) }));
    const sent = play([...submitted, { type: 'signInFailed', error: authError(code) }, { type: 'resetSent', reason }]);
    expect(sent.state).toMatchObject({ screen: 'resetSent', reason, email: EMAIL });
  });

  it("'Forgot Password?' starts a reset e-mail and shows the forgot screen", () => {
    const clicked = play([...login, { type: 'forgotClicked' }]);
    expect(clicked.effects).toEqual([expect.objectContaining({ type: 'startReset', reason: 'forgot' })]);
    expect(play([...login, { type: 'forgotClicked' }, { type: 'resetSent', reason: 'forgot' }]).state).toMatchObject({ screen: 'resetSent', reason: 'forgot' });
    expect(play([...login, { type: 'forgotClicked' }, { type: 'resetFailed', reason: 'forgot', error: authError('network_unreachable') }]).state).toMatchObject({
      screen: 'login',
      busy: null,
      error: { key: 'error.network_unreachable' },
      field: { value: 'hunter2' },
    });
  });
});

describe('passwords machine: a reset e-mail was sent', () => {
  const forgot = [{ type: 'searched', userType: 'password' }, { type: 'forgotClicked' }, { type: 'resetSent', reason: 'forgot' }] as const;

  it("resends the same e-mail and says so ('Email resent')", () => {
    const resend = play([...forgot, { type: 'resendClicked' }]);
    expect(resend.effects).toEqual([expect.objectContaining({ type: 'startReset', reason: 'forgot' })]);
    const done = play([...forgot, { type: 'resendClicked' }, { type: 'resetSent', reason: 'forgot' }]);
    expect(done.effects).toEqual([{ type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } }]);
  });

  it("'Login without a password' hands the visitor to magic links (forgot screen only)", () => {
    expect(play([...forgot, { type: 'passwordlessClicked' }]).output).toEqual({ type: 'handoff', to: 'magicLink', action: { type: 'emailSubmitted', email: EMAIL } });
    const state: PasswordsState = { screen: 'resetSent', reason: 'dedupe', email: EMAIL, resending: false, error: null, retry: null };
    expect(passwordsTransition(state, { type: 'passwordlessClicked' }, contextWith()).output).toBeUndefined();
  });

  it('shows a failed resend with its wait', () => {
    const step = play([...forgot, { type: 'resendClicked' }, { type: 'resetFailed', reason: 'forgot', error: authError('too_many_requests', { retryAfterMs: 3_000 }) }]);
    expect(passwordsView(step.state, contextWith())).toMatchObject({ screen: 'resetSent', resending: false, error: { key: 'error.too_many_requests' }, retryInSeconds: 3 });
  });
});
