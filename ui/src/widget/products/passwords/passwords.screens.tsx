import type { MessageKey, PasswordsEvent, PasswordsView, ResetReason } from '@vestibule/core';
import { useId, type FormEvent } from 'react';
import { BackButton } from '../../../components/back-button';
import { MailLinks, ResendLine } from '../../../components/email-sent';
import { Message } from '../../../components/message';
import { PasswordInput } from '../../../components/password-input';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings (and the shared e-mail confirmation ones), loaded with its screens. */
const NAMESPACES = ['main', 'passwords', 'magic-link'] as const;

type FormView = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;
type SentView = Extract<PasswordsView, { readonly screen: 'resetSent' }>;
type PasswordlessView = Extract<PasswordsView, { readonly screen: 'passwordless' }>;
type Send = (event: PasswordsEvent) => void;

/** The password product's screens (a lazily loaded chunk). */
export function PasswordsScreens({ view, send }: ProductScreensProps) {
  const passwordsView = view as PasswordsView;
  const sendPasswords: Send = (event) => send({ type: 'productEvent', product: 'passwords', event });
  const onBack = () => send({ type: 'backClicked' });
  switch (passwordsView.screen) {
    case 'create':
    case 'login':
      return <PasswordFormScreen view={passwordsView} send={sendPasswords} onBack={onBack} />;
    case 'passwordless':
      return <PasswordlessScreen view={passwordsView} send={sendPasswords} onBack={onBack} />;
    case 'resetSent':
      return <ResetSentScreen view={passwordsView} send={sendPasswords} onBack={onBack} />;
    case null:
      return null;
  }
}


const PASSWORDLESS_LABEL = { link: 'password.emailLink', code: 'password.emailCode' } as const;

/** SPEC §2 Password creation (with the create-account chooser) and Password login. */
function PasswordFormScreen({ view, send, onBack }: { view: FormView; send: Send; onBack: () => void }) {
  const i18n = useI18n(NAMESPACES);
  const emailId = useId();
  const creating = view.screen === 'create';
  const title: MessageKey = creating ? (view.passwordless ? 'password.createTitle' : 'password.setTitle') : 'password.loginTitle';
  const passwordlessButton = view.passwordless && (
    <button
      type="button"
      className={`vb-button ${creating ? 'vb-button--primary' : 'vb-button--secondary'}`}
      disabled={view.submitting || view.resetting}
      onClick={() => send({ type: 'passwordlessClicked' })}
    >
      {i18n.t(PASSWORDLESS_LABEL[view.passwordless])}
    </button>
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'submitClicked' });
  };
  const submitLabel =
    view.retryInSeconds !== null
      ? i18n.t('common.retryIn', { seconds: view.retryInSeconds })
      : i18n.t(view.submitting ? 'password.submitting' : 'login.continue');

  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t(title)}</ScreenHeading>
      {creating && view.passwordless && <p className="vb-text">{i18n.t('password.chooseHow')}</p>}
      {creating && view.passwordless && passwordlessButton}
      {creating && view.passwordless && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {creating && <p className="vb-text">{i18n.t('password.finishCreating')}</p>}
      <form className="vb-form" method="post" noValidate onSubmit={onSubmit}>
        <div className="vb-field">
          <label className="vb-label" htmlFor={emailId}>
            {i18n.t('login.emailLabel')}
          </label>
          <input id={emailId} className="vb-input" type="email" name="email" autoComplete="username" readOnly value={view.email} />
        </div>
        <PasswordInput
          view={view.password}
          label="password.label"
          autoComplete={creating ? 'new-password' : 'current-password'}
          onChange={(value) => send({ type: 'passwordChanged', value })}
          onFocus={() => send({ type: 'passwordFocused' })}
          error={view.error ? <Message message={view.error} /> : undefined}
        />
        {view.password.checking && (
          <p className="vb-text vb-text--muted" role="status">
            {i18n.t('password.checking')}
          </p>
        )}
        {!creating && (
          <button type="button" className="vb-link vb-link--start" disabled={view.resetting || view.submitting || view.retryInSeconds !== null} aria-busy={view.resetting || undefined} onClick={() => send({ type: 'forgotClicked' })}>
            {i18n.t('password.forgot')}
          </button>
        )}
        <button className="vb-button vb-button--primary" type="submit" disabled={!view.canSubmit} aria-busy={view.submitting || undefined}>
          {submitLabel}
        </button>
      </form>
      {!creating && view.passwordless && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {!creating && passwordlessButton}
    </section>
  );
}

/** SPEC §2 Passwordless choice: the link went out, or create a password instead. */
function PasswordlessScreen({ view, send, onBack }: { view: PasswordlessView; send: Send; onBack: () => void }) {
  const i18n = useI18n(NAMESPACES);
  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t('emailConfirmation.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="emailConfirmation.sentTo" values={{ email: <strong>{view.email}</strong> }} />
      </p>
      <MailLinks shortcuts={view.mailShortcuts} />
      {view.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <ResendLine resending={view.resending} retryInSeconds={view.retryInSeconds} onResend={() => send({ type: 'resendClicked' })} />
      <button type="button" className="vb-button vb-button--secondary" disabled={view.busy || view.resending} aria-busy={view.busy || undefined} onClick={() => send({ type: 'createPasswordClicked' })}>
        {i18n.t('password.createInstead')}
      </button>
    </section>
  );
}

const SENT_TEXT: Record<ResetReason, { readonly title: MessageKey; readonly text: 'password.forgotText' | 'password.breachedText' | 'password.setNewText' | 'password.dedupeText' }> = {
  forgot: { title: 'password.forgotTitle', text: 'password.forgotText' },
  breached: { title: 'password.breachedTitle', text: 'password.breachedText' },
  setNew: { title: 'password.setNewTitle', text: 'password.setNewText' },
  dedupe: { title: 'password.dedupeTitle', text: 'password.dedupeText' },
};

/** SPEC §2 Forgot password, Breached password, Set new, Reset required: a reset e-mail went out. */
function ResetSentScreen({ view, send, onBack }: { view: SentView; send: Send; onBack: () => void }) {
  const i18n = useI18n(NAMESPACES);
  const { title, text } = SENT_TEXT[view.reason];
  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t(title)}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id={text} values={{ email: <strong>{view.email}</strong> }} />
      </p>
      <MailLinks shortcuts={view.mailShortcuts} />
      {view.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <ResendLine resending={view.resending} retryInSeconds={view.retryInSeconds} onResend={() => send({ type: 'resendClicked' })} />
      {view.passwordless && (
        <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'passwordlessClicked' })}>
          {i18n.t('password.loginWithoutPassword')}
        </button>
      )}
    </section>
  );
}

// The lazy() loader takes the default export directly (no re-wrapping code in the first load).
export default PasswordsScreens;
