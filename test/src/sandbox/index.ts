// The sandbox: a stateful emulation of the Stytch client API as msw request handlers
// (ARCHITECTURE.md §6). The same handlers serve Vitest (msw/node) and the dev/preview server
// (./node-middleware), so the real @stytch/vanilla-js client runs offline against it.

import type { RequestHandler } from 'msw';
import { createControlHandlers } from './control-handlers';
import { createGsiHandlers } from './gsi-emulator';
import { createOneTapHandlers } from './one-tap-handlers';
import { createPosthogHandlers } from './posthog-handlers';
import { type SandboxContext, route } from './routing';
import { createSdkHandlers } from './sdk-handlers';
import { createStatusPageHandlers } from './status-page';
import { type SandboxState, clearState, createState } from './state';
import { SandboxError } from './wire';

export { SANDBOX_STYTCH_PATH, SANDBOX_PROJECT_NAME } from './sdk-handlers';
export { SANDBOX_EMAIL_DOMAIN, SANDBOX_EMAIL_FROM } from './outbox';
export { INBOX_RESET_PATH } from './control-handlers';
export { defaultProjectSettings, type ProjectSettings, type RedirectUrlType, type SdkProduct } from './project';
export { ONE_TAP_ERRORS, SANDBOX_GOOGLE_CLIENT_ID, type OneTapError } from './project';
export { GSI_ACCOUNTS_PATH, GSI_CLIENT_PATH, GSI_CREDENTIAL_PATH, SANDBOX_GSI_PATH, type GsiNotDisplayedReason } from './gsi-emulator';
export { SANDBOX_POSTHOG_PATH } from './posthog-handlers';
export { SANDBOX_STATUS_SCRIPT_PATH } from './status-page';
export { ONE_TAP_CALLBACK_PATH, ONE_TAP_OAUTH_TYPE, ONE_TAP_START_PATH } from './one-tap-handlers';
export type { Fault } from './faults';
export type { SandboxState, UserRecord, SessionRecord, MagicLinkRecord, PasswordResetRecord, PasswordLockRecord, SdkEventRecord, AnalyticsEventRecord } from './state';
export type {
  SandboxMessage,
  StytchUser,
  StytchSession,
  StytchName,
  StytchEmail,
  StytchPhoneNumber,
  StytchAuthenticationFactor,
  StytchPasswordFactor,
} from './model';

/** The public-token prefix the sandbox accepts by default (Stytch's test-project prefix). */
export const SANDBOX_PUBLIC_TOKEN_PREFIX = 'public-token-test-';

export interface SandboxOptions {
  /** Epoch milliseconds; inject to move time in tests (expiries, session lifetimes). */
  now?: () => number;
  /** Requests whose public token does not start with this get 401 public_token_not_found. '' accepts any. */
  publicTokenPrefix?: string;
}

export interface Sandbox {
  /**
   * Control API and inbox, then the SDK API (faults and project checks first), the PostHog sink, then a 404 for
   * anything else under /__sandbox. The SDK API ends with a 404 catch-all for /__sandbox/stytch/*:
   * handlers for new Stytch paths must come before it.
   */
  handlers: RequestHandler[];
  state: SandboxState;
  /** Empties every store and restores the default project settings (same as POST /__sandbox/api/reset). */
  reset(): void;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = createState();
  const ctx: SandboxContext = {
    state,
    now: options.now ?? Date.now,
    publicTokenPrefix: options.publicTokenPrefix ?? SANDBOX_PUBLIC_TOKEN_PREFIX,
  };
  return {
    handlers: [
      ...createControlHandlers(ctx),
      // One Tap's Stytch endpoints apply faults themselves: they must come before the SDK's catch-all.
      ...createOneTapHandlers(ctx),
      ...createGsiHandlers(ctx),
      ...createSdkHandlers(ctx),
      // The analytics sink posthog-js sends to (its api_host), under /__sandbox/posthog.
      ...createPosthogHandlers(ctx),
      // The status page's script the app injects after load (stand-in for the configured one).
      ...createStatusPageHandlers(),
      route('all', '*/__sandbox/*', (request) => {
        throw new SandboxError(404, 'sandbox_path_not_found', `The sandbox has nothing at ${new URL(request.url).pathname}.`);
      }),
    ],
    state,
    reset: () => clearState(state),
  };
}
