import { namespaceOf, type MessageKey } from '@vestibule/core';
import { useI18n } from '../hooks/use-i18n';

/**
 * A spinner with a live status text, for screens that wait on the provider. `embedded` when it
 * sits inside a widget frame that already exists.
 */
export function BusyStatus({ message, embedded = false }: { message: MessageKey; embedded?: boolean }) {
  return (
    <section className={`${embedded ? '' : 'vb-widget '}vb-screen vb-screen--centered`} aria-busy="true">
      <span className="vb-spinner" aria-hidden="true" />
      <p className="vb-text" role="status">
        {useI18n([namespaceOf(message)]).t(message)}
      </p>
    </section>
  );
}
