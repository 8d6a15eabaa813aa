import type { AuthError } from '../../domain/errors/auth-error';
import type { IdpRequest } from '../../domain/identity-provider/idp-request';
import type { ConsentScopes } from '../../domain/identity-provider/consent-scopes';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { ProviderUrl } from '../../domain/redirects/provider-url';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { AttestRequest, AuthorizeParams, AuthorizeStart, LogoutParams } from '../../ports/identity-provider.port';
import type { ProviderSession } from '../../ports/session.port';
import type { CommonEffect } from '../common-effects';

/** What an identity-provider page is opened with. */
export interface IdentityProviderInput {
  /** The page's request, read from its address (`parseIdpRequest`). */
  readonly request: IdpRequest;
  /** The page settings' trusted auth token and token profile id (SPEC §4), when it supplies them. */
  readonly attestation: Omit<AttestRequest, 'sessionDurationMinutes'> | null;
  /** Where 'Log in' leads for a visitor without a session: `/login`, returning to this very request. */
  readonly loginPath: SafePath;
  /** The project's name as the titles say it ('Sign in to {clientName} with {projectName}'). */
  readonly projectName: string;
}

/**
 * SPEC §4's consent and logout flows, one state per screen: the request refused before any call;
 * loading (attestation, the session check); preflight (the start call); consent required (Allow
 * or Deny); submitting; no session; denied; granted; leaving for the provider's redirect; and for
 * logout, 'Log out?', logging out and not logged out; and the provider's error.
 */
export type IdentityProviderState =
  /** `started`: its first subscriber arrived (the screen was logged). */
  | { readonly screen: 'invalid'; readonly problem: MessageRef; readonly started: boolean }
  /** Opened, not started yet (its first subscriber starts it, once). */
  | { readonly screen: 'opening'; readonly input: IdentityProviderInput }
  | { readonly screen: 'loading'; readonly input: IdentityProviderInput }
  | { readonly screen: 'noSession'; readonly input: IdentityProviderInput }
  | { readonly screen: 'preflight'; readonly input: IdentityProviderInput }
  | { readonly screen: 'consent'; readonly input: IdentityProviderInput; readonly params: AuthorizeParams; readonly start: AuthorizeStart; readonly submitting: 'allow' | 'deny' | null }
  /** No consent needed: the decision went at once. */
  | { readonly screen: 'submitting'; readonly input: IdentityProviderInput; readonly params: AuthorizeParams; readonly start: AuthorizeStart }
  | { readonly screen: 'denied'; readonly input: IdentityProviderInput; readonly start: AuthorizeStart | null }
  | { readonly screen: 'granted'; readonly input: IdentityProviderInput; readonly start: AuthorizeStart | null }
  | { readonly screen: 'leaving'; readonly input: IdentityProviderInput; readonly start: AuthorizeStart | null }
  | { readonly screen: 'logoutConsent'; readonly input: IdentityProviderInput; readonly params: LogoutParams; readonly redirectUri: ProviderUrl; readonly busy: boolean }
  | { readonly screen: 'notLoggedOut'; readonly input: IdentityProviderInput }
  | { readonly screen: 'error'; readonly input: IdentityProviderInput; readonly message: MessageRef };

export type IdentityProviderEvent =
  | { readonly type: 'started' }
  | { readonly type: 'sessionChecked'; readonly session: ProviderSession }
  | { readonly type: 'sessionCheckFailed'; readonly error: AuthError }
  | { readonly type: 'attested' }
  | { readonly type: 'attestFailed'; readonly error: AuthError }
  | { readonly type: 'authorizeStarted'; readonly start: AuthorizeStart }
  | { readonly type: 'authorizeSubmitted'; readonly redirectUri: ProviderUrl | null }
  | { readonly type: 'logoutStarted'; readonly consentRequired: boolean; readonly redirectUri: ProviderUrl }
  /** The session was ended (or ending it failed: SPEC §4 ignores that) for a logout. */
  | { readonly type: 'revoked'; readonly redirectUri: ProviderUrl }
  | { readonly type: 'failed'; readonly error: AuthError }
  | { readonly type: 'allowClicked' }
  | { readonly type: 'denyClicked' }
  | { readonly type: 'yesClicked' }
  | { readonly type: 'noClicked' }
  | { readonly type: 'retryClicked' };

export type IdentityProviderEffect =
  | { readonly type: 'checkSession'; readonly key: string }
  | { readonly type: 'attest'; readonly key: string; readonly request: AttestRequest }
  | { readonly type: 'startAuthorize'; readonly key: string; readonly params: AuthorizeParams }
  | { readonly type: 'submitAuthorize'; readonly key: string; readonly params: AuthorizeParams; readonly consentGranted: boolean }
  | { readonly type: 'startLogout'; readonly key: string; readonly params: LogoutParams }
  | { readonly type: 'revokeForLogout'; readonly key: string; readonly redirectUri: ProviderUrl }
  | { readonly type: 'leave'; readonly key: string; readonly url: ProviderUrl }
  | CommonEffect<IdentityProviderEvent>;

/** What the identity-provider page renders. */
export type IdentityProviderView =
  | { readonly screen: 'invalid'; readonly problem: MessageRef }
  | { readonly screen: 'busy'; readonly message: 'idp.loading' | 'idp.loggingOut' | 'idp.redirecting'; readonly clientName: MessageRef | null }
  | { readonly screen: 'noSession'; readonly loginPath: SafePath }
  | {
      readonly screen: 'consent';
      /** 'Sign in to {clientName} with {projectName}', '{clientName} wants to access your {projectName} account', or with a custom scope '… wants to access your account'. */
      readonly title: 'idp.signInTitle' | 'idp.accessTitle' | 'idp.accessTitleCustom';
      readonly projectName: string;
      readonly clientName: MessageRef;
      readonly clientDescription: string | null;
      readonly scopes: ConsentScopes;
      /** The control pressed, while the decision is on its way (both are disabled meanwhile). */
      readonly submitting: 'allow' | 'deny' | null;
    }
  | { readonly screen: 'denied' }
  | { readonly screen: 'granted'; readonly clientName: MessageRef }
  | { readonly screen: 'logoutConsent'; readonly projectName: string; readonly busy: boolean }
  | { readonly screen: 'notLoggedOut' }
  | { readonly screen: 'error'; readonly message: MessageRef };
