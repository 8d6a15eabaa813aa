import { errorMessage } from '../domain/errors/error-catalogue';
import type { MessageRef } from '../domain/i18n/message-ref';
import type { OAuthProviderType } from '../domain/config/widget-config';
import { configuredOAuthProviders, oauthProviderName } from '../domain/oauth/oauth-buttons';
import { validateEmail } from '../domain/validation/email';
import type { TransitionContext } from '../flows/flow-runner';
import { emailFormProduct } from './product-catalogue';
import type {
  MainAction,
  ProductContext,
  ProductId,
  WidgetEffect,
  WidgetEvent,
  WidgetInput,
  WidgetState,
} from './widget.types';

/** Countdown ticks while Main waits for `Retry-After`. */
const TICK_MS = 1000;

type Step = readonly [WidgetState, readonly WidgetEffect[]];
const stay = (state: WidgetState): Step => [state, []];
const tick = (): WidgetEffect => ({ type: 'timer', key: 'widget:tick', delayMs: TICK_MS, event: { type: 'tick' } });
const productKey = (id: ProductId) => `product:${id}:`;

/** The widget's first state: Main with an empty form (or what was typed before hydration). */
export function initialWidgetState(input: WidgetInput): WidgetState {
  return {
    input,
    screen: { kind: 'main' },
    email: input.prefilledEmail ?? '',
    emailError: null,
    socialError: null,
    phoneError: null,
    lastUsedOAuth: null,
    pendingOAuth: null,
    loading: null,
    retryAt: null,
    now: 0,
    senderDomain: null,
    passwordRule: null,
  };
}

const productContext = (state: WidgetState, context: TransitionContext): ProductContext => ({
  now: context.now,
  input: state.input,
  senderDomain: state.senderDomain,
  passwordRule: state.passwordRule,
});

const loadProduct = (product: ProductId): WidgetEffect => ({ type: 'loadProduct', product, key: 'widget:loadProduct' });

/** Main with `message` under the group the visitor acted in (the OAuth buttons, the phone or the e-mail form). */
function mainWithError(state: WidgetState, message: MessageRef): WidgetState {
  const group = state.pendingOAuth !== null ? 'social' : state.loading?.action.type === 'passcodeSent' ? 'phone' : 'email';
  return {
    ...state,
    loading: null,
    pendingOAuth: null,
    screen: { kind: 'main' },
    emailError: group === 'email' ? message : state.emailError,
    socialError: group === 'social' ? message : null,
    phoneError: group === 'phone' ? message : null,
  };
}

const notCompleted = (provider: OAuthProviderType): MessageRef => ({ key: 'error.oauthNotCompleted', params: { provider: oauthProviderName(provider) } });

/** Main can take an action: nothing else is on its way and no `Retry-After` is being waited out. */
const mainIsReady = (state: WidgetState, context: TransitionContext) =>
  state.screen.kind === 'main' && state.loading === null && (state.retryAt === null || context.now >= state.retryAt);

/** The login widget's router (SPEC §2 Main and sub-screens, §4 transitions). */
export function widgetTransition(state: WidgetState, event: WidgetEvent, context: TransitionContext): Step {
  switch (event.type) {
    case 'started':
      return [
        { ...state, now: context.now },
        [{ type: 'loadProjectSettings' }, { type: 'readLastUsedOAuth' }, { type: 'telemetry', event: { name: 'render_login_screen', details: {} } }],
      ];

    case 'lastUsedOAuthRead': {
      const unfinished = event.unfinished;
      if (!unfinished) return stay({ ...state, lastUsedOAuth: event.provider });
      // Back from the provider without finishing (the page reloaded): say so where the visitor
      // will look, with the address typed before, unless something was typed since.
      return stay({ ...state, lastUsedOAuth: event.provider, socialError: notCompleted(unfinished.provider), email: state.email || unfinished.email });
    }

    case 'projectSettingsLoaded':
      return stay({ ...state, senderDomain: event.emailDomains[0] ?? null, passwordRule: event.passwordRule });

    case 'emailChanged':
      // Keep what was typed; a stale error would describe a different value.
      return stay({ ...state, email: event.value, emailError: state.retryAt === null ? null : state.emailError });

    case 'emailSubmitted': {
      if (!mainIsReady(state, context)) return stay(state);
      const product = emailFormProduct(state.input.config);
      if (product === null) return stay(state);
      const email = state.email.trim();
      // SPEC §5 words the message per product (e-mail codes differently).
      const invalid = validateEmail(email, product.emailContext ?? 'magicLink');
      if (invalid !== null) return stay({ ...state, emailError: { key: invalid } });
      const action: MainAction = { type: 'emailSubmitted', email };
      return [{ ...state, emailError: null, socialError: null, phoneError: null, retryAt: null, loading: { product: product.id, action } }, [loadProduct(product.id)]];
    }

    case 'oauthClicked': {
      if (!mainIsReady(state, context)) return stay(state);
      if (!configuredOAuthProviders(state.input.config).some((option) => option.type === event.provider)) return stay(state);
      const action: MainAction = { type: 'oauthSelected', provider: event.provider, email: state.email };
      return [
        { ...state, emailError: null, socialError: null, phoneError: null, retryAt: null, pendingOAuth: event.provider, loading: { product: 'oauth', action } },
        [loadProduct('oauth')],
      ];
    }

    case 'passcodeSent': {
      // The code already went out (Main's phone form sent it): Passcode entry follows even while
      // the e-mail form waits out a `Retry-After` of its own; only another action on its way wins.
      if (state.screen.kind !== 'main' || state.loading !== null) return stay(state);
      const { type: _event, ...sent } = event;
      const action: MainAction = { type: 'passcodeSent', ...sent };
      return [{ ...state, emailError: null, socialError: null, phoneError: null, loading: { product: 'passcodes', action } }, [loadProduct('passcodes')]];
    }

    case 'pageRestored': {
      // Back from the provider's page restores this page as it was left: busy. Nothing is on its
      // way any more, so Main is ready again.
      // Only the OAuth product can be on its way then.
      if (state.pendingOAuth === null) return stay(state);
      return [
        { ...state, loading: null, pendingOAuth: null, screen: { kind: 'main' }, socialError: notCompleted(state.pendingOAuth) },
        [{ type: 'cancel', key: 'widget:loadProduct' }, { type: 'cancel', prefix: productKey('oauth') }, { type: 'abandonOAuth' }],
      ];
    }

    case 'productLoaded': {
      const { loading } = state;
      if (loading === null || loading.product !== event.module.id) return stay(state);
      // The product's chunk brings the router's product half.
      return event.module.router.enter(state, event.module, loading.action, productContext(state, context), context);
    }

    case 'productLoadFailed':
    case 'effectFailed':
      // Nothing can continue: back to Main, ready to retry, with what was typed kept.
      return [mainWithError(state, errorMessage(event.error)), [{ type: 'reportError', error: event.error }]];

    case 'productEvent': {
      const { screen } = state;
      if (screen.kind !== 'product' || screen.module.id !== event.product) return stay(state);
      return screen.module.router.transition(state, screen.module, event.event, productContext(state, context), context);
    }

    case 'backClicked': {
      if (state.screen.kind !== 'product') return stay(state);
      // SPEC §2: every sub-screen's back arrow leads to Main, the address still in the field.
      return [{ ...state, screen: { kind: 'main' }, emailError: null, pendingOAuth: null }, [{ type: 'cancel', prefix: productKey(state.screen.module.id) }]];
    }

    case 'tick':
      if (state.retryAt === null) return stay(state);
      if (context.now >= state.retryAt) return stay({ ...state, retryAt: null, now: context.now, emailError: null, socialError: null });
      return [{ ...state, now: context.now }, [tick()]];

    case 'completionElapsed':
      if (state.screen.kind !== 'success') return stay(state);
      return [state, [{ type: 'navigate', path: state.screen.destination, replace: true }]];
  }
}
