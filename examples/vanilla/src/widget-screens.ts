import {
  revealBidiControls,
  type MagicLinkEvent,
  type MagicLinkView,
  type MainView,
  type MessageKey,
  type PasswordsEvent,
  type PasswordsView,
  type ResetReason,
  type StrengthMeterView,
  type Translator,
  type WidgetEvent,
  type WidgetView,
} from '@vestibule/core';
import { h, setText, withValues } from './dom';

// The login widget's screens. Each screen builds its elements once and then only updates them
// from the core's view model, so the field being typed in is never replaced under the caret.
// Every string comes from the core's catalogues (`t.t(key)`) or its view models (`t.text(ref)`);
// which control is enabled, which error shows where, and what a button says are the view's.

export interface Screen {
  readonly element: HTMLElement;
  update(view: WidgetView): void;
}

type Send = (event: WidgetEvent) => void;
type PasswordForm = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;

/** The screen a view shows: a new screen is built when this changes. */
export function screenKey(view: WidgetView): string {
  return view.screen === 'product' ? `${view.product}:${view.view.screen ?? 'main'}` : view.screen;
}

/** Builds the screen for `view` (its key), then `update` keeps it current. */
export function createScreen(view: WidgetView, t: Translator, send: Send): Screen {
  if (view.screen === 'success') return successScreen(view, t);
  if (view.screen === 'product' && view.product === 'magicLink') {
    const sendMagicLink = (event: MagicLinkEvent) => send({ type: 'productEvent', product: 'magicLink', event });
    const magicLink = view.view as MagicLinkView;
    // The way back to the product that handed the visitor over ('Create a password instead'), if any.
    const returnButton = magicLink.returnLabel !== null && h('button', { type: 'button', className: 'secondary', onclick: () => sendMagicLink({ type: 'returnClicked' }) }, t.t(magicLink.returnLabel));
    const tryAgain = h('button', { type: 'button', className: 'secondary', onclick: () => sendMagicLink({ type: 'tryAgainClicked' }) }, t.t('emailConfirmation.tryAgain'));
    return emailSentScreen(t, send, 'emailConfirmation.title', 'emailConfirmation.sentTo', () => sendMagicLink({ type: 'resendClicked' }), [returnButton, tryAgain], (sent) => {
      if (returnButton) returnButton.disabled = sent.resending;
    });
  }
  if (view.screen === 'product' && view.product === 'passwords') {
    const passwords = view.view as PasswordsView;
    const sendPasswords = (event: PasswordsEvent) => send({ type: 'productEvent', product: 'passwords', event });
    if (passwords.screen === 'create' || passwords.screen === 'login') return passwordScreen(passwords, t, send, sendPasswords);
    if (passwords.screen === 'resetSent') {
      const { title, text } = RESET_SENT[passwords.reason];
      const passwordless = passwords.passwordless !== null && h('button', { type: 'button', className: 'secondary', onclick: () => sendPasswords({ type: 'passwordlessClicked' }) }, t.t('password.loginWithoutPassword'));
      return emailSentScreen(t, send, title, text, () => sendPasswords({ type: 'resendClicked' }), [passwordless]);
    }
  }
  return mainScreen(t, send);
}

/** A screen's heading; focus moves to it when the screen opens (widget.ts). */
const heading = (text: string) => h('h1', { tabIndex: -1 }, text);
const backButton = (t: Translator, send: Send) => h('button', { type: 'button', className: 'back', onclick: () => send({ type: 'backClicked' }), attrs: { 'aria-label': t.t('common.back') } }, '←');
/** A field's error line, tied to its input by `aria-describedby`. */
const fieldError = (id: string) => h('p', { id, className: 'field-error', hidden: true });
/** A form's error, announced when it appears. */
const formError = () => h('p', { className: 'form-error', hidden: true, attrs: { role: 'alert' } });

function markInvalid(input: HTMLInputElement, invalid: boolean): void {
  if (invalid) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

// ── Main: the e-mail form ─────────────────────────────────────────────────────────────────

function mainScreen(t: Translator, send: Send): Screen {
  const configErrors = h('ul', { className: 'form-error' });
  const input = h('input', { id: 'email', type: 'email', name: 'email', autocomplete: 'email', placeholder: t.t('login.emailPlaceholder'), attrs: { 'aria-describedby': 'email-error' } });
  input.addEventListener('input', () => send({ type: 'emailChanged', value: input.value }));
  const emailError = fieldError('email-error');
  const error = formError();
  const submit = h('button', { type: 'submit', className: 'primary' });
  const form = h('form', { noValidate: true }, h('label', { htmlFor: 'email' }, t.t('login.emailLabel')), input, emailError, error, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send({ type: 'emailSubmitted' });
  });
  const element = h('section', {}, heading(t.t('login.title')), configErrors, form);
  const update = (main: MainView) => {
    configErrors.replaceChildren(...main.configErrors.map((key) => h('li', {}, t.t(key))));
    const emailForm = main.emailForm;
    form.hidden = emailForm === null;
    if (emailForm === null) return;
    if (input.value !== emailForm.value) input.value = emailForm.value;
    input.readOnly = emailForm.busy;
    markInvalid(input, emailForm.error !== null);
    setText(emailError, emailForm.error && t.text(emailForm.error));
    setText(error, emailForm.formError && t.text(emailForm.formError));
    submit.textContent = t.text(emailForm.submitLabel);
    submit.disabled = emailForm.disabled;
  };
  return { element, update: (view) => view.screen !== 'success' && update(view.main) };
}

// ── Passwords: create an account, or log in ──────────────────────────────────────────────

const PASSWORDLESS_LABEL = { link: 'password.emailLink', code: 'password.emailCode' } as const;

function passwordScreen(first: PasswordForm, t: Translator, send: Send, sendPasswords: (event: PasswordsEvent) => void): Screen {
  const creating = first.screen === 'create';
  const title: MessageKey = creating ? (first.passwordless ? 'password.createTitle' : 'password.setTitle') : 'password.loginTitle';
  const passwordless = first.passwordless && h('button', { type: 'button', className: creating ? 'primary' : 'secondary', onclick: () => sendPasswords({ type: 'passwordlessClicked' }) }, t.t(PASSWORDLESS_LABEL[first.passwordless]));
  const divider = first.passwordless && h('p', { className: 'divider' }, t.t('login.divider'));

  const email = h('input', { id: 'email', type: 'email', name: 'email', autocomplete: 'username', readOnly: true, value: first.email });
  const password = h('input', {
    id: 'password',
    type: 'password',
    name: 'password',
    autocomplete: creating ? 'new-password' : 'current-password',
    attrs: { 'aria-describedby': 'password-feedback password-error' },
  });
  password.addEventListener('input', () => sendPasswords({ type: 'passwordChanged', value: password.value }));
  password.addEventListener('focus', () => sendPasswords({ type: 'passwordFocused' }));
  const feedback = h('div', { id: 'password-feedback', attrs: { 'aria-live': 'polite' } });
  const checking = h('p', { className: 'muted', hidden: true, attrs: { role: 'status' } }, t.t('password.checking'));
  const checkError = formError();
  const checkAgain = h('button', { type: 'button', className: 'link', hidden: true, onclick: () => sendPasswords({ type: 'strengthCheckRetried' }) });
  const passwordError = fieldError('password-error');
  const forgot = !creating && h('button', { type: 'button', className: 'link', onclick: () => sendPasswords({ type: 'forgotClicked' }) }, t.t('password.forgot'));
  const submit = h('button', { type: 'submit', className: 'primary' });
  const form = h(
    'form',
    { noValidate: true },
    h('label', { htmlFor: 'email' }, t.t('login.emailLabel')),
    email,
    h('label', { htmlFor: 'password' }, t.t('password.label')),
    password,
    feedback,
    checking,
    checkError,
    checkAgain,
    passwordError,
    forgot,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sendPasswords({ type: 'submitClicked' });
  });

  const element = creating
    ? h('section', {}, backButton(t, send), heading(t.t(title)), first.passwordless && h('p', {}, t.t('password.chooseHow')), passwordless, divider, h('p', {}, t.t('password.finishCreating')), form)
    : h('section', {}, backButton(t, send), heading(t.t(title)), form, divider, passwordless);

  const update = (view: PasswordForm) => {
    const field = view.password;
    if (password.value !== field.value) password.value = field.value;
    markInvalid(password, view.error !== null || (field.meter?.breached ?? false));
    feedback.replaceChildren(...(field.meter ? strengthFeedback(field.meter, t) : []));
    checking.hidden = !field.checking;
    setText(checkError, field.checkError && `${t.t('password.checkFailed')} ${t.text(field.checkError)}`);
    checkAgain.hidden = field.checkError === null;
    checkAgain.disabled = !field.canRetryCheck;
    checkAgain.textContent = field.checkRetryInSeconds === null ? t.t('password.checkAgain') : t.t('common.retryIn', { seconds: field.checkRetryInSeconds });
    setText(passwordError, view.error && t.text(view.error));
    if (forgot) forgot.disabled = view.resetting || view.submitting || view.retryInSeconds !== null;
    if (passwordless) passwordless.disabled = view.submitting || view.resetting;
    submit.disabled = !view.canSubmit;
    submit.textContent = view.retryInSeconds !== null ? t.t('common.retryIn', { seconds: view.retryInSeconds }) : t.t(view.submitting ? 'password.submitting' : 'login.continue');
  };
  return {
    element,
    update: (view) => {
      const passwords = view.screen === 'product' ? (view.view as PasswordsView) : null;
      if (passwords?.screen === 'create' || passwords?.screen === 'login') update(passwords);
    },
  };
}

/** SPEC §5 feedback: the LUDS checks, or zxcvbn's verdict with its hints; a breached password says so. */
function strengthFeedback(meter: StrengthMeterView, t: Translator): Node[] {
  const breached = meter.breached ? [h('p', { className: 'field-error' }, t.t('password.breached'))] : [];
  if (meter.policy === 'luds') {
    if (meter.luds === null) return breached;
    const check = (met: boolean, text: string) => h('li', { className: met ? 'met' : '' }, `${t.t(met ? 'password.ludsMet' : 'password.ludsMissing')} ${text}`);
    return [
      h(
        'ul',
        { className: 'luds' },
        check(meter.luds.lengthMet, t.t('password.ludsLength', { count: meter.luds.minimumCount })),
        check(meter.luds.complexityMet, t.t('password.ludsComplexity', { count: meter.luds.complexity })),
      ),
      ...breached,
    ];
  }
  const verdict = h('p', {}, `${t.t('password.strength')}: ${t.t(meter.tone === 'strong' ? 'password.strengthStrong' : 'password.strengthWeak')}`);
  // zxcvbn's warning and suggestions are its own English text: rendered as text, like any provider text.
  const hints = [meter.warning, ...meter.suggestions].filter((hint): hint is string => hint !== null).map((hint) => h('li', {}, hint));
  return [verdict, ...(meter.breached ? breached : hints.length > 0 ? [h('ul', {}, ...hints)] : [])];
}

// ── 'Check your email' and the reset e-mails ─────────────────────────────────────────────

const RESET_SENT: Record<ResetReason, { readonly title: MessageKey; readonly text: MessageKey }> = {
  forgot: { title: 'password.forgotTitle', text: 'password.forgotText' },
  breached: { title: 'password.breachedTitle', text: 'password.breachedText' },
  setNew: { title: 'password.setNewTitle', text: 'password.setNewText' },
  dedupe: { title: 'password.dedupeTitle', text: 'password.dedupeText' },
};

const MAIL_LABEL = { gmail: 'emailConfirmation.openGmail', yahoo: 'emailConfirmation.openYahoo', outlook: 'emailConfirmation.openOutlook' } as const;

/** What every e-mail-sent view has (the magic link's confirmation, the password reset ones). */
type SentView = Extract<MagicLinkView | PasswordsView, { readonly email: string; readonly resending: boolean; readonly mailShortcuts: unknown }>;

/**
 * An e-mail went out: where to, webmail shortcuts, the last resend's failure, 'Resend email', and
 * the screen's own ways on (`extras`, kept current by `updateExtras`).
 */
function emailSentScreen(t: Translator, send: Send, title: MessageKey, text: MessageKey, resend: () => void, extras: readonly (Node | false)[], updateExtras?: (view: SentView) => void): Screen {
  const sentTo = h('p');
  const mail = h('ul', { className: 'mail-links' });
  const error = formError();
  const resendButton = h('button', { type: 'button', className: 'link', onclick: resend });
  const more = h('div', { className: 'stack' }, ...extras);
  let shortcuts = '';
  const element = h('section', {}, backButton(t, send), heading(t.t(title)), sentTo, mail, error, h('p', { className: 'muted' }, `${t.t('emailConfirmation.didNotGetIt')} `, resendButton), more);
  return {
    element,
    update: (view) => {
      if (view.screen !== 'product' || view.view.screen === null) return;
      const sent = view.view as SentView;
      // The address is the visitor's text: shown as text, its bidi controls made visible.
      sentTo.replaceChildren(...withValues(t.t(text), { email: h('strong', {}, revealBidiControls(sent.email)) }));
      // Narrowed to the sender once the project's settings arrive: rebuilt only then.
      if (shortcuts !== JSON.stringify(sent.mailShortcuts)) {
        shortcuts = JSON.stringify(sent.mailShortcuts);
        mail.replaceChildren(...sent.mailShortcuts.map((shortcut) => h('li', {}, h('a', { href: shortcut.href, target: '_blank', rel: 'noopener noreferrer' }, t.t(MAIL_LABEL[shortcut.provider])))));
      }
      setText(error, sent.error && t.text(sent.error));
      const resendIn = 'resendInSeconds' in sent ? sent.resendInSeconds : null;
      resendButton.disabled = sent.resending || sent.retryInSeconds !== null || resendIn !== null;
      resendButton.textContent =
        sent.retryInSeconds !== null
          ? t.t('common.retryIn', { seconds: sent.retryInSeconds })
          : resendIn !== null
            ? t.t('emailConfirmation.resendIn', { seconds: resendIn })
            : t.t(sent.resending ? 'emailConfirmation.resending' : 'emailConfirmation.resend');
      updateExtras?.(sent);
    },
  };
}

// ── Success ──────────────────────────────────────────────────────────────────────────────

function successScreen(view: Extract<WidgetView, { readonly screen: 'success' }>, t: Translator): Screen {
  return { element: h('section', {}, heading(t.t(view.title)), h('p', { attrs: { role: 'status' } }, t.t(view.text))), update: () => undefined };
}
