import type { PasswordsView } from '@vestibule/core';
import { Message } from '../../../components/message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** The passwords product's screens (a lazily loaded chunk). */
export function PasswordsScreens({ view, send }: ProductScreensProps) {
  const i18n = useI18n();
  const screen = view as PasswordsView;
  return (
    <section className="vb-screen">
      <button type="button" className="vb-back" aria-label={i18n.t('common.back')} onClick={() => send({ type: 'backClicked' })}>
        <span aria-hidden="true">←</span>
      </button>
      <ScreenHeading focusOnMount>{i18n.t('login.title')}</ScreenHeading>
      {screen.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={screen.error} />
        </p>
      )}
      <button type="button" className="vb-button vb-button--primary" disabled={screen.busy} onClick={() => send({ type: 'productEvent', product: 'passwords', event: { type: 'submitted' } })}>
        {i18n.t('login.continue')}
      </button>
    </section>
  );
}
