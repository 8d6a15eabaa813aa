import type { OtpMethod } from '../../../domain/config/widget-config';
import type { MessageKey, MessageRef } from '../../../domain/i18n/message-ref';
import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { PhoneCountry } from '../../../ports/phone-numbers.port';
import type { SlotViewContext } from '../../main-slot.types';
import type { PhoneFormState } from './phone-form.machine';

const TAB_LABELS: Readonly<Record<OtpMethod, MessageKey>> = { sms: 'passcodes.tabSms', whatsapp: 'passcodes.tabWhatsapp', email: 'passcodes.tabEmail' };

/** What Main's passcode group renders: the tabs, and the phone form when a phone tab is chosen. */
export interface PhoneFormView {
  /** SPEC §2: the tabs ('Text', 'WhatsApp', 'Email'), or `null` with a single method. */
  readonly tabs: null | readonly { readonly method: OtpMethod; readonly label: MessageKey; readonly selected: boolean }[];
  /** Switching tabs is not possible now (something is on its way on Main or here). */
  readonly tabsLocked: boolean;
  /** `null` on the e-mail tab (Main's e-mail form shows instead). */
  readonly phone: null | {
    /** The countries to choose from (just the chosen one until the phone library has loaded). */
    readonly countries: readonly PhoneCountry[];
    readonly country: PhoneCountry;
    readonly number: string;
    readonly error: MessageRef | null;
    readonly busy: boolean;
    /** Submitting is not possible now (busy, something else on its way on Main, or waiting out `Retry-After`). */
    readonly disabled: boolean;
    readonly submitLabel: MessageRef;
  };
}

/** Maps the passcode group's state to its view. */
export function phoneFormView(state: PhoneFormState, context: Pick<SlotViewContext, 'mainBusy'>): PhoneFormView {
  // The wait's own clock: it is refreshed on each of the form's countdown ticks.
  const retryInSeconds = retrySecondsLeft(state.retry);
  const submitLabel: MessageRef =
    state.busy === 'checking'
      ? { key: 'passcodes.checking' }
      : state.busy === 'sending'
        ? { key: 'passcodes.sending' }
        : retryInSeconds !== null
          ? { key: 'common.retryIn', params: { seconds: retryInSeconds } }
          : { key: 'passcodes.sendCode' };
  return {
    tabs: state.tabs.length > 1 ? state.tabs.map((method) => ({ method, label: TAB_LABELS[method], selected: method === state.tab })) : null,
    tabsLocked: state.busy !== null || context.mainBusy,
    phone:
      state.tab === 'email'
        ? null
        : {
            countries: state.countries ?? [state.country],
            country: state.country,
            number: state.number,
            error: state.error,
            busy: state.busy !== null,
            disabled: state.busy !== null || context.mainBusy || retryInSeconds !== null,
            submitLabel,
          },
  };
}
