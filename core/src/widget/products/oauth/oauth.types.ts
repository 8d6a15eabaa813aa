import type { OAuthProviderType } from '../../../domain/config/widget-config';
import type { AuthError } from '../../../domain/errors/auth-error';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { OAuthStartRequest } from '../../../ports/oauth.port';

/**
 * An OAuth round trip as seen from Main: the start call is on its way, then the browser was asked
 * to leave for the provider. Main shows the pressed button busy throughout; there is no screen.
 */
export type OAuthState =
  | { readonly screen: 'starting'; readonly provider: OAuthProviderType }
  | { readonly screen: 'leaving'; readonly provider: OAuthProviderType };

export type OAuthEvent =
  | { readonly type: 'started' }
  | { readonly type: 'startFailed'; readonly error: AuthError }
  /** The page is still here long after it was asked to leave (the provider's page did not load). */
  | { readonly type: 'leaveTimedOut' };

export type OAuthEffect =
  /** `email`: what Main's field held, kept in this tab's note of the round trip. */
  | (KeyedEffect & { readonly type: 'startOAuth'; readonly request: OAuthStartRequest; readonly email: string })
  /** Stops the provider page's load that never arrived, so it cannot replace Main later. */
  | (KeyedEffect & { readonly type: 'stopLeaving' });

export interface OAuthView {
  /** Always `null`: Main stays on screen, its pressed button busy. */
  readonly screen: null;
}
