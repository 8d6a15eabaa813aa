import type { Observable } from 'rxjs';
import type { OAuthProviderType, WidgetConfig } from '../domain/config/widget-config';
import type { PendingOAuth } from '../domain/oauth/oauth-buttons';
import type { AuthError } from '../domain/errors/auth-error';
import type { MessageKey, MessageRef } from '../domain/i18n/message-ref';
import type { LudsRule } from '../domain/passwords/luds';
import type { PasscodeChannel } from '../ports/passcodes.port';
import type { ReturnContext, SafePath } from '../domain/redirects/safe-redirect';
import type { CommonEffect } from '../flows/common-effects';
import type { KeyedEffect, TransitionContext } from '../flows/flow-runner';
import type { AuthCoreHost } from '../create-auth-core';
import type { ProductRouter } from './product-router';

/** Product families of the widget, each a module of its own (SPEC §1). */
export type ProductId = 'magicLink' | 'passwords' | 'passcodes' | 'oauth' | 'passkeys' | 'wallets';

/** What a login widget is started with. */
export interface WidgetInput {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** The page origin: return URLs handed to the provider are built on it. */
  readonly origin: string;
  /** An address the visitor already typed (e.g. into pre-rendered HTML before scripts ran). */
  readonly prefilledEmail?: string;
}

/** What Main asks a product to do when the visitor acts there. */
export type MainAction =
  | {
      readonly type: 'emailSubmitted';
      readonly email: string;
      /**
       * Set by a hand-off: the product that handed the visitor over, which the product entered
       * offers a way back to (SPEC §2 Passwordless choice: 'Create a password instead'). Taking it
       * hands this same action back, so a product entered with its own id here is being returned to.
       */
      readonly returnTo?: ProductId;
    }
  /** An OAuth button was pressed (SPEC §2 Main). */
  /** `email`: what the e-mail field held then, restored if the visitor comes back without finishing. */
  | { readonly type: 'oauthSelected'; readonly provider: OAuthProviderType; readonly email: string }
  /** Main's phone form sent a passcode (SPEC §4: OTP state stored, then Passcode entry). */
  | { readonly type: 'passcodeSent'; readonly channel: PasscodeChannel; readonly destination: string; readonly methodId: string };

/** Main's e-mail form submitted (the e-mail products' entry). */
export type EmailSubmittedAction = Extract<MainAction, { readonly type: 'emailSubmitted' }>;
/** An OAuth button pressed (the OAuth product's entry). */
export type OAuthSelectedAction = Extract<MainAction, { readonly type: 'oauthSelected' }>;
/** A phone passcode sent from Main (the passcodes product's second entry). */
export type PasscodeSentAction = Extract<MainAction, { readonly type: 'passcodeSent' }>;

/** What a product sees of the widget besides its own state. */
export interface ProductContext extends TransitionContext {
  readonly input: WidgetInput;
  /** The provider's e-mail sender domain, once known. */
  readonly senderDomain: string | null;
  /** The project's LUDS rule (bootstrap `passwordConfig`), or `null` for zxcvbn or not yet known. */
  readonly passwordRule: LudsRule | null;
}

/**
 * What a product tells the router besides its new state. Cross-product moves (a password user
 * going passwordless) are hand-offs through the router, never imports between products.
 */
export type ProductOutput =
  /** Leave the product for Main; `email` replaces the shared value (`''` clears it). */
  | {
      readonly type: 'showMain';
      readonly email?: string;
      readonly emailError?: MessageRef;
      /** A message for the social group (an OAuth start that failed), shown under its buttons. */
      readonly socialError?: MessageRef;
      /** Epoch ms until which Main's submit stays disabled (a 429 with `Retry-After`). */
      readonly retryAt?: number;
    }
  /** The sign-in is done: show the success screen, then go to `destination` after 2 s. */
  | { readonly type: 'completed'; readonly title: MessageKey; readonly text: MessageKey; readonly destination: SafePath }
  /** Enter another product with a Main action. */
  | { readonly type: 'handoff'; readonly to: ProductId; readonly action: MainAction };

export interface ProductStep<S, F> {
  readonly state: S;
  readonly effects: readonly F[];
  readonly output?: ProductOutput;
}

/** The part of a product's view the router and Main need. */
export interface ProductViewBase {
  /** `null` while the product works from Main (Main shows it busy); otherwise the screen to render. */
  readonly screen: string | null;
}

/**
 * A product family's screens and machine, loaded on demand. Products get only the ports they
 * declare through `interpret`'s host; effects may also be {@link CommonEffect}s.
 */
export interface ProductModule<S, E, F extends KeyedEffect, V extends ProductViewBase, A extends MainAction = MainAction> {
  readonly id: ProductId;
  /** Starts the product with the Main action it is loaded for (the router only routes its own actions to it). */
  enter(action: A, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  transition(state: S, event: E, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  interpret(effect: F, host: AuthCoreHost): Observable<E>;
  /** The event for an effect that failed outside the product's own handling, or `null`. */
  onEffectFailure(effect: F, error: AuthError): E | null;
  view(state: S, context: ProductContext): V;
}

// Product state, events and effects are opaque to the router.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased at the router boundary; each module is typed inside
export type AnyProductModule = ProductModule<any, any, KeyedEffect, ProductViewBase> & {
  /** How the router works the product once loaded (`productRouter`), fetched beside it, not with Main. */
  readonly router: ProductRouter;
};

/** Which screen the widget shows. State is a discriminated union per screen. */
export type WidgetScreen =
  | { readonly kind: 'main' }
  | { readonly kind: 'product'; readonly module: AnyProductModule; readonly state: unknown }
  | { readonly kind: 'success'; readonly title: MessageKey; readonly text: MessageKey; readonly destination: SafePath };

/** The router's state: Main, the shared e-mail value, the product on screen, completion. */
export interface WidgetState {
  readonly input: WidgetInput;
  readonly screen: WidgetScreen;
  /** The shared e-mail value, exactly as typed. */
  readonly email: string;
  readonly emailError: MessageRef | null;
  /** The social group's message (an OAuth start that failed), or `null`. */
  readonly socialError: MessageRef | null;
  /** Main's phone form's message from the router (a code went out but Passcode entry could not open), or `null`. */
  readonly phoneError: MessageRef | null;
  /** The OAuth provider this device signed in with last time, once read from storage. */
  readonly lastUsedOAuth: OAuthProviderType | null;
  /** The OAuth button whose round trip is starting (Main shows it busy until the page leaves). */
  readonly pendingOAuth: OAuthProviderType | null;
  /** A product module being fetched for a Main action. */
  readonly loading: { readonly product: ProductId; readonly action: MainAction } | null;
  /** Epoch ms until which Main's submit stays disabled, and the time last seen (for the countdown). */
  readonly retryAt: number | null;
  readonly now: number;
  readonly senderDomain: string | null;
  readonly passwordRule: LudsRule | null;
}

export type WidgetEvent =
  | { readonly type: 'started' }
  | { readonly type: 'projectSettingsLoaded'; readonly emailDomains: readonly string[]; readonly passwordRule: LudsRule | null }
  | { readonly type: 'emailChanged'; readonly value: string }
  | { readonly type: 'emailSubmitted' }
  | { readonly type: 'oauthClicked'; readonly provider: OAuthProviderType }
  /** Main's phone form sent a passcode (its own flow sends it, then hands over here). */
  | Omit<PasscodeSentAction, 'type'> & { readonly type: 'passcodeSent' }
  /** `unfinished`: an OAuth round trip this tab left for came back without finishing. */
  | { readonly type: 'lastUsedOAuthRead'; readonly provider: OAuthProviderType | null; readonly unfinished?: PendingOAuth | null }
  /** The page came back from the browser's back-forward cache (e.g. Back from the OAuth provider). */
  | { readonly type: 'pageRestored' }
  | { readonly type: 'productLoaded'; readonly module: AnyProductModule }
  | { readonly type: 'productLoadFailed'; readonly product: ProductId; readonly error: AuthError }
  | { readonly type: 'productEvent'; readonly product: ProductId; readonly event: unknown }
  | { readonly type: 'backClicked' }
  | { readonly type: 'tick' }
  | { readonly type: 'completionElapsed' }
  | { readonly type: 'effectFailed'; readonly error: AuthError };

export type WidgetEffect =
  | { readonly type: 'loadProjectSettings'; readonly key?: string }
  /** Reads 'Last used' and the note of an unfinished round trip (forgetting it and its proof). */
  | { readonly type: 'readLastUsedOAuth' }
  /** Forgets an unfinished OAuth round trip: its note and its proof (PKCE verifier). */
  | { readonly type: 'abandonOAuth' }
  | { readonly type: 'loadProduct'; readonly product: ProductId; readonly key?: string }
  | { readonly type: 'productEffect'; readonly module: AnyProductModule; readonly effect: KeyedEffect; readonly key?: string }
  | CommonEffect<WidgetEvent>;
