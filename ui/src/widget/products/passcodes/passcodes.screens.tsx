import { namespaceOf, PASSCODE_LENGTH, type MessageKey, type PasscodesEvent, type PasscodesView, type NamespaceId } from '@vestibule/core';
import { useEffect, useId, useRef } from 'react';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { UserText } from '../../../components/user-text';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', 'passcodes'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

type EntryView = Extract<PasscodesView, { readonly screen: 'entry' }>;

const SENT_TO: Readonly<Record<EntryView['channel'], MessageKey>> = {
  email: 'passcodes.sentToEmail',
  sms: 'passcodes.sentToSms',
  whatsapp: 'passcodes.sentToWhatsapp',
};

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The passcodes product's screens (a lazily loaded chunk). */
export default function PasscodesScreens({ view, send }: ProductScreensProps) {
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
  // The way back is worded in its product's namespace (SPEC §2 Passwordless choice): wait for it.
  const i18n = useI18n(view.returnLabel === null ? NAMESPACES : [...NAMESPACES, namespaceOf(view.returnLabel)]);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const waitId = `${id}-wait`;
  const statusId = `${id}-status`;
  const sentId = `${id}-sent`;
  const { error, inputDisabled } = view;

  // The code input is the screen's one task: the visitor is put there on arrival and whenever it
  // takes typing again (after verifying, after a Retry-After wait), a refused code selected so the
  // next digits replace it.
  useEffect(() => {
    const input = inputRef.current;
    if (inputDisabled || !input) return;
    input.focus();
    if (error) input.select();
  }, [error, inputDisabled]);

  // One status region, always present, so screen readers announce its changes; the countdown
  // beside it is not announced every second. An expiry left to the provider's configuration is
  // unknown here: no countdown then, rather than an invented one.
  const { expiry } = view;
  const status = view.verifying ? (
    <>
      <span className="vb-spinner" aria-hidden="true" /> {i18n.t('passcodes.verifying')}
    </>
  ) : expiry.status === 'expired' ? (
    i18n.t('passcodes.expired')
  ) : view.resend === 'sent' ? (
    // The Resend control shows it too: said once, not shown twice.
    <span className="vb-visually-hidden">{i18n.t('passcodes.codeSent')}</span>
  ) : null;

  const countdown = !view.verifying && expiry.status === 'counting' ? i18n.t('passcodes.expiresIn', { time: expiry.timeLeft }) : null;

  const resendLabel: MessageKey = view.resend === 'sending' ? 'passcodes.resending' : view.resend === 'sent' ? 'passcodes.codeSent' : 'passcodes.resend';

  return (
    <section className="vb-screen">
      {view.backArrow && <BackButton onBack={onBack} />}
      {/* Focus goes to the code input (the screen's one task), described by where the code went. */}
      <ScreenHeading>{i18n.t('passcodes.title')}</ScreenHeading>
      <p id={sentId} className="vb-text">
        <RichMessage id={SENT_TO[view.channel]} values={{ destination: <strong><UserText value={view.destination} /></strong> }} />
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
            value={view.code}
            disabled={view.inputDisabled}
            aria-invalid={error ? true : undefined}
            // The status line describes the input only when it says something (no countdown when the expiry is the provider's).
            aria-describedby={[error ? errorId : null, view.retryInSeconds !== null ? waitId : null, status !== null || countdown !== null ? statusId : null, sentId].filter(Boolean).join(' ')}
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
            </p>
          )}
          {view.retryInSeconds !== null && (
            <p id={waitId} className="vb-field-error">
              {i18n.t('common.retryIn', { seconds: view.retryInSeconds })}.
            </p>
          )}
          <p id={statusId} className="vb-text vb-text--muted">
            <span role="status">{status}</span>
            {countdown}
          </p>
        </div>
      </form>
      <p className="vb-text vb-text--muted">
        {i18n.t('passcodes.didNotGetIt')}{' '}
        {/* aria-disabled, not disabled: the control keeps focus while it sends (the machine ignores clicks then). */}
        <button
          type="button"
          className="vb-link"
          aria-disabled={!view.canResend}
          aria-busy={view.resend === 'sending' || undefined}
          onClick={() => view.canResend && send({ type: 'resendClicked' })}
        >
          {i18n.t(resendLabel)}
        </button>
      </p>
      {view.returnLabel !== null && (
        <button type="button" className="vb-button vb-button--secondary" disabled={view.verifying} onClick={() => send({ type: 'returnClicked' })}>
          {i18n.t(view.returnLabel)}
        </button>
      )}
    </section>
  );
}
