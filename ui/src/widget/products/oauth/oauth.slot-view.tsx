import type { OAuthSlotEvent, OAuthSlotView } from '@vestibule/core';
import { useId } from 'react';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';

/** Where the provider icons are served (one SVG file per provider type, never inlined into a chunk). */
export const OAUTH_ICON_PATH = '/oauth-icons/';

/**
 * SPEC §2 Main's OAuth buttons: one per configured provider, 'Last used' first and marked (the
 * badge is the button's description, so its name stays 'Continue with …'). Siblings of One Tap's
 * box in Main's social group, which the stylesheet lets hide the Google button.
 */
export default function OAuthButtons({ view, message, send }: SlotViewProps<OAuthSlotView>) {
  const i18n = useI18n();
  const id = useId();
  const press = (provider: OAuthSlotView['buttons'][number]['provider']) => send({ type: 'pressed', provider } satisfies OAuthSlotEvent);
  return (
    <>
      {view.buttons.map((button) => (
        <div key={button.provider} className={`vb-social__item vb-social__item--${button.provider}`}>
          <button
            type="button"
            className="vb-button vb-button--secondary vb-button--oauth"
            disabled={view.disabled}
            aria-busy={button.busy || undefined}
            aria-describedby={button.lastUsed ? `${id}-last-used` : undefined}
            onClick={() => press(button.provider)}
          >
            <img className="vb-oauth-icon" src={`${OAUTH_ICON_PATH}${button.provider}.svg`} alt="" width={20} height={20} />
            {i18n.t('oauth.continueWith', { provider: button.name })}
          </button>
          {button.lastUsed && (
            <span id={`${id}-last-used`} className="vb-last-used">
              {i18n.t('oauth.lastUsed')}
            </span>
          )}
        </div>
      ))}
      {message && (
        <p className="vb-field-error" role="alert">
          <Message message={message} />
        </p>
      )}
    </>
  );
}
