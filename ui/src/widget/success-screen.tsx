import type { MessageKey } from '@vestibule/core';
import { ScreenHeading } from '../components/screen-heading';
import { useI18n } from '../hooks/use-i18n';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** SPEC §2 confirmations: 'Success!' and what happened, shown for 2 seconds before moving on. */
export default function SuccessScreen({ title, text }: { readonly title: MessageKey; readonly text: MessageKey }) {
  const i18n = useI18n();
  return (
    <section className="vb-screen vb-screen--centered">
      <ScreenHeading focusOnMount>{i18n.t(title)}</ScreenHeading>
      <p className="vb-text" role="status">
        {i18n.t(text)}
      </p>
    </section>
  );
}
