import type { MainSlotView, MainView, WidgetEvent } from '@vestibule/core';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useI18n } from '../hooks/use-i18n';
import { SlotView } from './slot-views';

export interface MainScreenProps {
  readonly view: MainView;
  readonly send: (event: WidgetEvent) => void;
  /** Focus the heading on mount (when returning from a sub-screen). */
  readonly focusHeading: boolean;
}

/** Main's slots in runs of the same place (passkey, social, wallets), each run one group on screen. */
function byPlace(slots: readonly MainSlotView[]): MainSlotView[][] {
  const groups: MainSlotView[][] = [];
  for (const slot of slots) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[0]?.place === slot.place) last.push(slot);
    else groups.push([slot]);
  }
  return groups;
}

/** SPEC §2 Main: header, configuration errors, then the enabled blocks. Presentational. */
export function MainScreen({ view, send, focusHeading }: MainScreenProps) {
  const i18n = useI18n();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const formMessageRef = useRef<HTMLParagraphElement>(null);
  const [submits, setSubmits] = useState(0);
  const form = view.emailForm;
  const fieldError = form?.error ?? null;
  const formError = form?.formError ?? null;

  // After a failed submit, focus goes where the reason is: the field that needs fixing, or the
  // form's message when the attempt failed for another reason (issue 16 §17) — never <body>.
  useEffect(() => {
    if (submits === 0) return;
    if (fieldError) inputRef.current?.focus();
    else if (formError) formMessageRef.current?.focus();
  }, [submits, fieldError, formError]);

  // Text typed into the pre-rendered field while React was attaching (hydration yields between
  // chunks) is in the element but not in the widget: take it over once, before a held press of
  // Continue is let through, so it is not submitted as an empty address.
  const hydratedValue = useRef(form?.value);
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (hydratedValue.current === '' && typed !== '') send({ type: 'emailChanged', value: typed });
  }, [send]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    send({ type: 'emailSubmitted' });
  };

  const emailForm = form && (
    // POST: before scripts run, a submit must never put the address into the URL.
    <form className="vb-form" method="post" noValidate onSubmit={onSubmit}>
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
          // While its address is on its way the field waits: an answer must describe what it shows.
          readOnly={form.busy}
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
      {formError && (
        // The attempt failed, not the address: a message for the form, the field not marked invalid.
        <p ref={formMessageRef} className="vb-banner vb-banner--error" role="alert" tabIndex={-1}>
          <Message message={formError} />
        </p>
      )}
      <button className="vb-button vb-button--primary" type="submit" disabled={form.disabled} aria-busy={form.busy || undefined}>
        <Message message={form.submitLabel} />
      </button>
    </form>
  );

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
      {byPlace(view.slots).map((group) => (
        // One group per place (the social group's One Tap box and Google button are siblings: the
        // stylesheet hides the button beside the box). Nothing in a slot's place while it arrives.
        <div key={group[0]?.place} className={`vb-slots vb-slots--${group[0]?.place ?? ''}`}>
          {group.map((slot) => (
            <Suspense key={slot.id} fallback={null}>
              <SlotView slot={slot} send={send} />
            </Suspense>
          ))}
        </div>
      ))}
      {view.divider && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {view.formSlot ? (
        // Nothing in its place while the slot's code arrives (moments): a stand-in e-mail form would
        // be replaced under the visitor's fingers.
        <Suspense fallback={null}>
          <SlotView slot={view.formSlot} send={send}>
            {emailForm}
          </SlotView>
        </Suspense>
      ) : (
        emailForm
      )}
    </section>
  );
}
