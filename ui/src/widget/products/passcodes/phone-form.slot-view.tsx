import type { PhoneFormEvent, PhoneFormView } from '@vestibule/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';

/** Main's passcode strings (tabs, phone form), loaded with this chunk. */
const NAMESPACES = ['main', 'passcodes'] as const;

/**
 * SPEC §2 Main's passcode group (the passcodes product's slot, where a phone method is configured):
 * the tabs ('Text', 'WhatsApp', 'Email') and the phone form with its country selector; Main's
 * e-mail form (`children`) shows on the 'Email' tab.
 */
export default function PhoneFormSlot({ view, message, send: sendSlot, children }: SlotViewProps<PhoneFormView>) {
  const send = (event: PhoneFormEvent) => sendSlot(event);
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const panel = view.phone ? <PhoneForm phone={view.phone} message={message} send={send} /> : children;
  if (view.tabs === null) return <>{panel}</>;
  const tabs = view.tabs;

  // Arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern, selection follows
  // focus); only the selected tab is in the tab order. While something is on its way they stay.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.selected);
    const targets: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    if (view.tabsLocked) return;
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    send({ type: 'tabSelected', tab: tab.method });
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="vb-tabs">
      <div className="vb-tabs__list" role="tablist" aria-label={i18n.t('passcodes.tabsLabel')} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.method}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.method}`}
            className="vb-tabs__tab"
            aria-selected={tab.selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.selected ? 0 : -1}
            disabled={view.tabsLocked && !tab.selected}
            onClick={() => send({ type: 'tabSelected', tab: tab.method })}
          >
            {i18n.t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs.find((tab) => tab.selected)?.method ?? ''}`}>
        {panel}
      </div>
    </div>
  );
}

type PhoneView = NonNullable<PhoneFormView['phone']>;

/**
 * The phone form: country (with its calling code) and number, reformatted while typing (SPEC §5).
 * `message`: Main's word for this form (a code went out but Passcode entry could not open), shown
 * under the number until an edit.
 */
function PhoneForm({ phone, message, send }: { readonly phone: PhoneView; readonly message: SlotViewProps['message']; readonly send: (event: PhoneFormEvent) => void }) {
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [submits, setSubmits] = useState(0);
  const errorId = `${id}-error`;
  const error = phone.error ?? message;
  // Country names in the visitor's language, from the browser (no bundled list), sorted for reading.
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    const collator = new Intl.Collator(i18n.locale);
    return phone.countries
      .map((country) => ({ ...country, name: names.of(country.code) ?? country.code }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [phone.countries, i18n.locale]);

  // After a refused submit, put the visitor back on the number.
  useEffect(() => {
    if (submits > 0 && phone.error) inputRef.current?.focus();
  }, [submits, phone.error]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    send({ type: 'submitted' });
  };

  return (
    <form className="vb-form" method="post" noValidate onSubmit={onSubmit}>
      <div className="vb-field">
        <label className="vb-label" htmlFor={id}>
          {i18n.t('passcodes.phoneLabel')}
        </label>
        <div className="vb-phone">
          <span className="vb-phone__country">
            <select
              className="vb-input vb-phone__country-select"
              aria-label={i18n.t('passcodes.countryLabel')}
              value={phone.country.code}
              disabled={phone.busy}
              onChange={(event) => send({ type: 'countryChanged', code: event.target.value })}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {i18n.t('passcodes.country', { country: country.name, callingCode: country.callingCode })}
                </option>
              ))}
            </select>
            {/* What the closed select shows, compactly; assistive technology reads the selected option instead. */}
            <span className="vb-phone__country-shown" aria-hidden="true">
              {`${phone.country.code} +${phone.country.callingCode}`}
            </span>
          </span>
          <input
            ref={inputRef}
            id={id}
            className="vb-input vb-phone__number"
            type="tel"
            name="phone"
            inputMode="tel"
            autoComplete="tel-national"
            required
            value={phone.number}
            readOnly={phone.busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => send({ type: 'numberChanged', value: event.target.value })}
          />
        </div>
        {error && (
          <p id={errorId} className="vb-field-error" role="alert">
            <Message message={error} />
          </p>
        )}
      </div>
      <button className="vb-button vb-button--primary" type="submit" disabled={phone.disabled} aria-busy={phone.busy || undefined}>
        <Message message={phone.submitLabel} />
      </button>
    </form>
  );
}
