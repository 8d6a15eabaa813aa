import type { MessageKey, MessageRef, PasswordFieldEvent, PasswordFieldView } from '@vestibule/core';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { Message } from './message';
import { PasswordInput } from './password-input';

const NAMESPACES = ['main', 'passwords'] as const;

/** What a password form shows: the field and its verdict, the last failure, and Continue's state. */
interface PasswordFormView {
  readonly password: PasswordFieldView;
  readonly submitting: boolean;
  readonly canSubmit: boolean;
  readonly error: MessageRef | null;
  /** Whole seconds until Continue may be used again (429 with `Retry-After`), or `null`. */
  readonly retryInSeconds: number | null;
}

/** What a password form tells its flow. */
type PasswordFormEvent = Extract<PasswordFieldEvent, { readonly type: 'passwordChanged' | 'passwordFocused' | 'strengthCheckRetried' }> | { readonly type: 'submitClicked' };

export interface PasswordFormProps {
  readonly view: PasswordFormView;
  readonly label: MessageKey;
  /** `new-password` on creation and reset (password managers offer to generate), else `current-password`. */
  readonly autoComplete: 'new-password' | 'current-password';
  readonly send: (event: PasswordFormEvent) => void;
  /** Fields before the password (the read-only e-mail on the widget's screens). */
  readonly before?: ReactNode;
  /** Controls between the field and Continue ('Forgot Password?'). */
  readonly after?: ReactNode;
}

/**
 * The password form of Password creation, Password login and Reset password (SPEC §2): the field
 * with its strength feedback, 'Checking…' while the provider is asked, and Continue (or the
 * `Retry-After` countdown).
 */
export function PasswordForm({ view, label, autoComplete, send, before, after }: PasswordFormProps) {
  const i18n = useI18n(NAMESPACES);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  // Continue is disabled while the provider answers, which drops focus to <body>: after a failed
  // submit focus returns to the field in error (issue 16 §17).
  useEffect(() => {
    if (!submitted.current || view.submitting || view.error === null) return;
    submitted.current = false;
    inputRef.current?.focus();
  }, [view.submitting, view.error]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    send({ type: 'submitClicked' });
  };
  return (
    <form className="vb-form" method="post" noValidate onSubmit={onSubmit}>
      {before}
      <PasswordInput
        view={view.password}
        label={label}
        autoComplete={autoComplete}
        onChange={(value) => send({ type: 'passwordChanged', value })}
        onFocus={() => send({ type: 'passwordFocused' })}
        onRetryCheck={() => send({ type: 'strengthCheckRetried' })}
        inputRef={inputRef}
        error={view.error ? <Message message={view.error} /> : undefined}
      />
      {view.password.checking && (
        <p className="vb-text vb-text--muted" role="status">
          {i18n.t('password.checking')}
        </p>
      )}
      {after}
      <button className="vb-button vb-button--primary" type="submit" disabled={!view.canSubmit} aria-busy={view.submitting || undefined}>
        {view.retryInSeconds !== null
          ? i18n.t('common.retryIn', { seconds: view.retryInSeconds })
          : i18n.t(view.submitting ? 'password.submitting' : 'login.continue')}
      </button>
    </form>
  );
}
