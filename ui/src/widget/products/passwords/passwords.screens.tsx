import type { MessageKey, PasswordsEvent, PasswordsView, ResetReason, NamespaceId } from '@vestibule/core';
import { useId } from 'react';
import { BackButton } from '../../../components/back-button';
import { EmailSentScreen } from '../../../components/email-sent';
import { PasswordForm } from '../../../components/password-form';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings (and the shared e-mail-sent ones), loaded with its screens. */
const NAMESPACES = ['main', 'passwords', 'magic-link'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

type FormView = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;
type SentView = Extract<PasswordsView, { readonly screen: 'resetSent' }>;
type Send = (event: PasswordsEvent) => void;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The password product's screens (a lazily loaded chunk). */
export default function PasswordsScreens({ view, send }: ProductScreensProps) {
  const passwordsView = view as PasswordsView;
  const sendPasswords: Send = (event) => send({ type: 'productEvent', product: 'passwords', event });
  const onBack = () => send({ type: 'backClicked' });
  switch (passwordsView.screen) {
    case 'create':
    case 'login':
      return <PasswordFormScreen view={passwordsView} send={sendPasswords} onBack={onBack} />;
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

  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t(title)}</ScreenHeading>
      {creating && view.passwordless && <p className="vb-text">{i18n.t('password.chooseHow')}</p>}
      {creating && view.passwordless && passwordlessButton}
      {creating && view.passwordless && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {creating && <p className="vb-text">{i18n.t('password.finishCreating')}</p>}
      <PasswordForm
        view={view}
        label="password.label"
        autoComplete={creating ? 'new-password' : 'current-password'}
        send={send}
        before={
          <div className="vb-field">
            <label className="vb-label" htmlFor={emailId}>
              {i18n.t('login.emailLabel')}
            </label>
            <input id={emailId} className="vb-input" type="email" name="email" autoComplete="username" readOnly value={view.email} />
          </div>
        }
        after={
          !creating && (
            <button type="button" className="vb-link vb-link--start" disabled={view.resetting || view.submitting || view.retryInSeconds !== null} aria-busy={view.resetting || undefined} onClick={() => send({ type: 'forgotClicked' })}>
              {i18n.t('password.forgot')}
            </button>
          )
        }
      />
      {!creating && view.passwordless && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {!creating && passwordlessButton}
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
    <EmailSentScreen
      title={title}
      text={text}
      view={view}
      onResend={() => send({ type: 'resendClicked' })}
      onBack={onBack}
    >
      {view.passwordless && (
        <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'passwordlessClicked' })}>
          {i18n.t('password.loginWithoutPassword')}
        </button>
      )}
    </EmailSentScreen>
  );
}
