import type { MainView, ProductId, ReturnContext, WidgetConfig, WidgetEvent } from '@vestibule/core';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useI18n } from '../hooks/use-i18n';

/** Where the provider icons are served (one SVG file per provider type, never inlined into the first load). */
export const OAUTH_ICON_PATH = '/oauth-icons/';

// Only where One Tap applies (the production host), after hydration: never in the first load.
const OneTapSlot = lazy(() => import('./one-tap-slot'));
// Only where a phone passcode method is configured (never on the product's /login).
const PasscodeGroup = lazy(() => import('./passcode-group'));

const subscribeToNothing = () => () => undefined;

export interface MainScreenProps {
  readonly view: MainView;
  readonly send: (event: WidgetEvent) => void;
  /** Focus the heading on mount (when returning from a sub-screen). */
  readonly focusHeading: boolean;
  /** Called on submit so the product's screens can start loading alongside its machine. */
  readonly onSubmitStart?: (product: ProductId) => void;
  /** Google One Tap's props when it applies here (see {@link LoginWidget}'s `oneTap`); it then holds the Google button's place. */
  readonly oneTap?: OneTapSlotProps | null;
  /** What the passcode group needs when the view asks for it (`view.phoneForm`). */
  readonly passcodes?: PasscodeGroupProps | null;
}

/** What the lazily loaded passcode group needs besides the core and the widget's `send`. */
export interface PasscodeGroupProps {
  readonly config: WidgetConfig;
  readonly flowKey: string;
}

/** What the lazily loaded One Tap slot needs besides the core (the Google entry of `config` says how to show it). */
export interface OneTapSlotProps {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
}

/** SPEC §2 Main: header, configuration errors, then the enabled blocks. Presentational. */
export function MainScreen({ view, send, focusHeading, onSubmitStart, oneTap, passcodes }: MainScreenProps) {
  const i18n = useI18n();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [submits, setSubmits] = useState(0);
  const form = view.emailForm;
  const fieldError = form?.error ?? null;
  const { oauth } = view;
  // One Tap is never pre-rendered: hydration renders the server's answer (false), then the client's.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const showOneTap = hydrated && oneTap != null;

  // After a rejected submit, put the user back on the field that needs fixing.
  useEffect(() => {
    if (submits > 0 && fieldError) inputRef.current?.focus();
  }, [submits, fieldError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    if (form) onSubmitStart?.(form.product);
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
      {oauth && (
        <div className="vb-social">
          {showOneTap && (
            <Suspense fallback={null}>
              <OneTapSlot {...oneTap} />
            </Suspense>
          )}
          {oauth.buttons.map((button) => (
            // While One Tap holds its place (the slot's box is on screen), CSS hides the Google button.
            <div key={button.provider} className={`vb-social__item vb-social__item--${button.provider}`}>
                <button
                  type="button"
                  className="vb-button vb-button--secondary vb-button--oauth"
                  disabled={oauth.disabled}
                  aria-busy={button.busy || undefined}
                  aria-describedby={button.lastUsed ? `${fieldId}-last-used` : undefined}
                  onClick={() => send({ type: 'oauthClicked', provider: button.provider })}
                >
                  <img className="vb-oauth-icon" src={`${OAUTH_ICON_PATH}${button.provider}.svg`} alt="" width={20} height={20} />
                  {i18n.t('oauth.continueWith', { provider: button.name })}
                </button>
                {button.lastUsed && (
                  <span id={`${fieldId}-last-used`} className="vb-last-used">
                    {i18n.t('oauth.lastUsed')}
                  </span>
                )}
              </div>
          ))}
          {oauth.error && (
            <p className="vb-field-error" role="alert">
              <Message message={oauth.error} />
            </p>
          )}
        </div>
      )}
      {view.divider && <p className="vb-divider">{i18n.t('login.divider')}</p>}
      {view.phoneForm && passcodes ? (
        // Nothing in its place while the group's code arrives (moments): a stand-in e-mail form would
        // be replaced under the visitor's fingers.
        <Suspense fallback={null}>
          <PasscodeGroup {...passcodes} send={send} busy={view.busy} handOverError={view.phoneError}>
            {emailForm}
          </PasscodeGroup>
        </Suspense>
      ) : (
        emailForm
      )}
    </section>
  );
}
