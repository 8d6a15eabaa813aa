import type { MessageKey } from '@vestibule/core';
import { useI18n } from '../hooks/use-i18n';

/** A spinner with a live status text, for screens that wait on the provider. */
export function BusyStatus({ message }: { message: MessageKey }) {
  return (
    <section className="vb-widget vb-screen vb-screen--centered" aria-busy="true">
      <span className="vb-spinner" aria-hidden="true" />
      <p className="vb-text" role="status">
        {useI18n().t(message)}
      </p>
    </section>
  );
}
