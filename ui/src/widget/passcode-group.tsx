import { openPhonePasscodeFlow, phonePasscodeView, type MessageRef, type PhonePasscodeView, type WidgetConfig, type WidgetEvent } from '@vestibule/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Message } from '../components/message';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

/** Main's passcode strings (tabs, phone form), loaded with this chunk. */
const NAMESPACES = ['main', 'passcodes'] as const;

/** The widget's phone messages already given to a phone form (see `handOverError`). */
const HANDED_OVER = new WeakSet<MessageRef>();

export interface PasscodeGroupProps {
  readonly config: WidgetConfig;
  /** The widget flow's key: this group's flow is keyed after it. */
  readonly flowKey: string;
  /** The widget's `send` (a code sent here goes to its Passcode entry). */
  readonly send: (event: WidgetEvent) => void;
  /** Something started on Main is on its way (the widget's `view.main.busy`): the form waits. */
  readonly busy?: boolean;
  /** The widget's message for the phone form (`view.main.phoneError`): shown under the number. */
  readonly handOverError?: MessageRef | null;
  /** Main's e-mail form, shown on the 'Email' tab. */
  readonly children?: ReactNode;
}

/**
 * SPEC §2 Main's passcode group (a lazily loaded chunk, only where a phone method is configured):
 * the tabs ('Text', 'WhatsApp', 'Email') and the phone form with its country selector.
 */
export function PasscodeGroup({ config, flowKey, send, busy = false, handOverError = null, children }: PasscodeGroupProps) {
  const core = useAuthCore();
  // The flow outlives this component (Back from Passcode entry remounts it): it calls the latest `send`.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  const { state, send: sendPhone } = useFlow(() =>
    openPhonePasscodeFlow(core, `${flowKey}:phone`, { config, onSent: (sent) => sendRef.current({ type: 'passcodeSent', ...sent }) }),
  );
  const view = useMemo(() => phonePasscodeView(state), [state]);
  // The form owns its message from here (it goes when the number, country or tab changes). Each
  // failure is a new object, handed over once: a remount must not bring back a message dismissed.
  useEffect(() => {
    if (handOverError === null || HANDED_OVER.has(handOverError)) return;
    HANDED_OVER.add(handOverError);
    sendPhone({ type: 'handOverFailed', error: handOverError });
  }, [handOverError, sendPhone]);
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const panel = view.phone ? <PhoneForm phone={view.phone} send={sendPhone} mainBusy={busy} /> : children;
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
    if (busy || view.phone?.busy) return;
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    sendPhone({ type: 'tabSelected', tab: tab.method });
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
            disabled={busy && !tab.selected}
            onClick={() => sendPhone({ type: 'tabSelected', tab: tab.method })}
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

type PhoneView = NonNullable<PhonePasscodeView['phone']>;

/** The phone form: country (with its calling code) and number, reformatted while typing (SPEC §5). */
function PhoneForm({ phone, send, mainBusy }: { readonly phone: PhoneView; readonly send: ReturnType<typeof openPhonePasscodeFlow>['send']; readonly mainBusy: boolean }) {
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [submits, setSubmits] = useState(0);
  const errorId = `${id}-error`;
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
    // A code sent now would find Main busy with something else, and be lost.
    if (mainBusy) return;
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
          <select
            className="vb-input vb-phone__country"
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
            aria-invalid={phone.error ? true : undefined}
            aria-describedby={phone.error ? errorId : undefined}
            onChange={(event) => send({ type: 'numberChanged', value: event.target.value })}
          />
        </div>
        {phone.error && (
          <p id={errorId} className="vb-field-error" role="alert">
            <Message message={phone.error} />
          </p>
        )}
      </div>
      <button className="vb-button vb-button--primary" type="submit" disabled={phone.disabled || mainBusy} aria-busy={phone.busy || undefined}>
        <Message message={phone.submitLabel} />
      </button>
    </form>
  );
}

// The lazy() loader takes the default export directly (no re-wrapping code in the first load).
export default PasscodeGroup;
