import { validateWidgetConfig } from '../domain/config/widget-config';
import type { MessageKey, MessageRef } from '../domain/i18n/message-ref';
import { configuredOAuthProviders, orderOAuthButtons, type OAuthButton } from '../domain/oauth/oauth-buttons';
import { emailFormProduct } from './product-catalogue';
import type { ProductId, ProductViewBase, WidgetState } from './widget.types';

/** SPEC §2 Main: header, configuration errors, then the enabled blocks. */
export interface MainView {
  readonly title: MessageKey;
  /** SPEC §1 configuration errors, shown on Main. */
  readonly configErrors: readonly MessageKey[];
  /** When true the configuration is unusable and only the errors are shown. */
  readonly blocked: boolean;
  /** Something started on Main is on its way (a send, a product loading): nothing else may start. */
  readonly busy: boolean;
  /** SPEC §2: the OAuth buttons, last used first; `null` when OAuth is not offered. */
  readonly oauth: null | {
    readonly buttons: readonly (OAuthButton & { readonly busy: boolean })[];
    /** Pressing a button is not possible now (something is on its way, or `Retry-After`). */
    readonly disabled: boolean;
    readonly error: MessageRef | null;
  };
  /** SPEC §2: the 'or' divider between the social group and the login form. */
  readonly divider: boolean;
  /**
   * A passcode method by phone is configured: Main shows the passcode group (tabs and phone
   * form, a flow of its own: `openPhonePasscodeFlow`), with the e-mail form on its 'Email' tab.
   */
  readonly phoneForm: boolean;
  /**
   * The router's message for the phone form: a code went out but Passcode entry could not open.
   * A new message each time; the phone form shows it until the number, country or tab changes.
   */
  readonly phoneError: MessageRef | null;
  readonly emailForm: null | {
    /** The product that handles the form (its screens can be fetched early). */
    readonly product: ProductId;
    readonly value: string;
    readonly error: MessageRef | null;
    /** A request (or the product's code) is on its way: the button shows it and ignores clicks. */
    readonly busy: boolean;
    /** Submitting is not possible now (busy, or waiting out `Retry-After`). */
    readonly disabled: boolean;
    readonly submitLabel: MessageRef;
  };
}

/** Everything a front end needs to render the widget; no business rules left to it. */
export type WidgetView =
  | { readonly screen: 'main'; readonly main: MainView }
  | { readonly screen: 'product'; readonly product: ProductId; readonly view: ProductViewBase; readonly main: MainView }
  | { readonly screen: 'success'; readonly title: MessageKey; readonly text: MessageKey };

function mainView(state: WidgetState, busy: boolean): MainView {
  const { config } = state.input;
  const issues = validateWidgetConfig(config);
  const blocked = issues.some((issue) => issue.blocking);
  const waitMs = state.retryAt === null ? 0 : state.retryAt - state.now;
  const retryInSeconds = waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
  const formProduct = emailFormProduct(config);
  // An OAuth start in progress shows on its own button; the form is only unavailable meanwhile.
  const formBusy = busy && state.pendingOAuth === null;
  const providers = blocked ? [] : configuredOAuthProviders(config);
  const phoneForm = !blocked && config.products.includes('otp') && (config.otpOptions?.methods ?? []).some((method) => method !== 'email');
  const disabled = busy || retryInSeconds !== null;
  const oauth: MainView['oauth'] =
    providers.length === 0
      ? null
      : {
          buttons: orderOAuthButtons(providers, state.lastUsedOAuth).map((button) => ({ ...button, busy: busy && state.pendingOAuth === button.provider })),
          disabled,
          error: state.socialError,
        };
  const submitLabel: MessageRef = formBusy
    ? { key: 'login.sending' }
    : retryInSeconds !== null
      ? { key: 'common.retryIn', params: { seconds: retryInSeconds } }
      : { key: 'login.continue' };
  return {
    title: 'login.title',
    configErrors: issues.map((issue) => issue.message),
    blocked,
    busy,
    oauth,
    divider: oauth !== null && !blocked && (formProduct !== null || phoneForm),
    phoneForm,
    phoneError: state.phoneError,
    emailForm:
      !blocked && formProduct !== null
        ? { product: formProduct.id, value: state.email, error: state.emailError, busy: formBusy, disabled, submitLabel }
        : null,
  };
}

/** Maps widget state to its view model. */
export function widgetView(state: WidgetState): WidgetView {
  const { screen } = state;
  switch (screen.kind) {
    case 'main':
      return { screen: 'main', main: mainView(state, state.loading !== null) };
    case 'success':
      return { screen: 'success', title: screen.title, text: screen.text };
    case 'product': {
      const view = screen.module.view(screen.state, { now: state.now, input: state.input, senderDomain: state.senderDomain, passwordRule: state.passwordRule });
      if (view.screen === null) return { screen: 'main', main: mainView(state, true) };
      return { screen: 'product', product: screen.module.id, view, main: mainView(state, false) };
    }
  }
}
