import { PASSCODE_LENGTH, type MessageKey, type PasscodesEvent, type PasscodesView } from '@vestibule/core';
import { useEffect, useId, useRef } from 'react';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', 'passcodes'] as const;

type EntryView = Extract<PasscodesView, { readonly screen: 'entry' }>;

const SENT_TO: Readonly<Record<EntryView['channel'], MessageKey>> = {
  email: 'passcodes.sentToEmail',
  sms: 'passcodes.sentToSms',
  whatsapp: 'passcodes.sentToWhatsapp',
};

/** The passcodes product's screens (a lazily loaded chunk). */
export function PasscodesScreens({ view, send }: ProductScreensProps) {
  const passcodesView = view as PasscodesView;
  if (passcodesView.screen !== 'entry') return null;
  return (
    <PasscodeEntryScreen
      view={passcodesView}
      send={(event) => send({ type: 'productEvent', product: 'passcodes', event })}
      onBack={() => send({ type: 'backClicked' })}
    />
  );
}

export interface PasscodeEntryScreenProps {
  readonly view: EntryView;
  readonly send: (event: PasscodesEvent) => void;
  readonly onBack: () => void;
}

/** SPEC §2 Passcode entry: where the code went, the 6-digit input, the countdown and Resend. */
export function PasscodeEntryScreen({ view, send, onBack }: PasscodeEntryScreenProps) {
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const sentId = `${id}-sent`;
  const { error } = view;

  // After a refused code, select it: the next digits typed replace it.
  useEffect(() => {
    if (error && !view.inputDisabled) inputRef.current?.select();
  }, [error, view.inputDisabled]);

  const resendLabel: MessageKey = view.resend === 'sending' ? 'passcodes.resending' : view.resend === 'sent' ? 'passcodes.codeSent' : 'passcodes.resend';

  return (
    <section className="vb-screen">
      {view.backArrow && <BackButton onBack={onBack} />}
      {/* Focus goes to the code input (the screen's one task), which is described by where the code went. */}
      <ScreenHeading>{i18n.t('passcodes.title')}</ScreenHeading>
      <p id={sentId} className="vb-text">
        <RichMessage id={SENT_TO[view.channel]} values={{ destination: <strong>{view.destination}</strong> }} />
      </p>
      <form className="vb-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="vb-field">
          <label className="vb-label" htmlFor={id}>
            {i18n.t('passcodes.codeLabel')}
          </label>
          <input
            ref={inputRef}
            id={id}
            className="vb-input vb-input--code"
            type="text"
            name="passcode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={PASSCODE_LENGTH}
            required
            // The code input is the screen's only task: take the visitor there.
            autoFocus
            value={view.code}
            disabled={view.inputDisabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, statusId, sentId].filter(Boolean).join(' ')}
            onChange={(event) => send({ type: 'codeChanged', value: event.target.value })}
            // A pasted code may carry spaces or dashes ("123 456"): the machine keeps the digits.
            onPaste={(event) => {
              event.preventDefault();
              send({ type: 'codeChanged', value: event.clipboardData.getData('text') });
            }}
          />
          {error && (
            <p id={errorId} className="vb-field-error" role="alert">
              <Message message={error} />
              {view.retryInSeconds !== null && <> {i18n.t('common.retryIn', { seconds: view.retryInSeconds })}.</>}
            </p>
          )}
          {/* The countdown itself is not announced every second; verifying and expiry are. */}
          <p id={statusId} className="vb-text vb-text--muted">
            {view.verifying ? (
              <span role="status">
                <span className="vb-spinner" aria-hidden="true" /> {i18n.t('passcodes.verifying')}
              </span>
            ) : view.expiresIn === null ? (
              <span role="status">{i18n.t('passcodes.expired')}</span>
            ) : (
              i18n.t('passcodes.expiresIn', { time: view.expiresIn })
            )}
          </p>
        </div>
      </form>
      <p className="vb-text vb-text--muted">
        {i18n.t('passcodes.didNotGetIt')}{' '}
        <button type="button" className="vb-link" disabled={!view.canResend} aria-busy={view.resend === 'sending' || undefined} onClick={() => send({ type: 'resendClicked' })}>
          {i18n.t(resendLabel)}
        </button>
      </p>
    </section>
  );
}

// The lazy() loader takes the default export directly (no re-wrapping code in the first load).
export default PasscodesScreens;
