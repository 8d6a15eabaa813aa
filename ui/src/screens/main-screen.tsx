import type { LoginEvent, LoginView } from '@vestibule/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useI18n } from '../hooks/use-i18n';

export interface MainScreenProps {
  readonly view: LoginView['main'];
  readonly send: (event: LoginEvent) => void;
  /** Focus the heading on mount (when returning from a sub-screen). */
  readonly focusHeading: boolean;
}

/** SPEC §2 Main: header, configuration errors, then the enabled blocks. */
export function MainScreen({ view, send, focusHeading }: MainScreenProps) {
  const i18n = useI18n();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [submits, setSubmits] = useState(0);
  const form = view.emailForm;
  const fieldError = form?.error ?? null;

  // After a rejected submit, put the user back on the field that needs fixing.
  useEffect(() => {
    if (submits > 0 && fieldError) inputRef.current?.focus();
  }, [submits, fieldError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    send({ type: 'emailSubmitted' });
  };

  return (
    <section className="vb-screen" aria-labelledby={`${fieldId}-title`}>
      <div id={`${fieldId}-title`}>
        <ScreenHeading focusOnMount={focusHeading}>{i18n.t(view.title)}</ScreenHeading>
      </div>
      {view.configErrors.map((key) => (
        <p key={key} className="vb-banner vb-banner--error" role="alert">
          {i18n.t(key)}
        </p>
      ))}
      {form && (
        <form className="vb-form" noValidate onSubmit={onSubmit}>
          <div className="vb-field">
            <label className="vb-label" htmlFor={fieldId}>
              {i18n.t('login.emailLabel')}
            </label>
            <input
              ref={inputRef}
              id={fieldId}
              className="vb-input"
              type="email"
              name="email"
              inputMode="email"
              autoComplete="username webauthn"
              required
              placeholder={i18n.t('login.emailPlaceholder')}
              value={form.value}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => send({ type: 'emailChanged', value: event.target.value })}
            />
            {fieldError && (
              <p id={errorId} className="vb-field-error" role="alert">
                <Message message={fieldError} />
              </p>
            )}
          </div>
          <button className="vb-button vb-button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
            {i18n.t(form.submitLabel)}
          </button>
        </form>
      )}
    </section>
  );
}
