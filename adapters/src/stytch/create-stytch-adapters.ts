import type { MagicLinksPort, OAuthPort, PasscodesPort, PasskeysPort, PasswordsPort, ProjectSettingsPort, SessionPort, TelemetryPort } from '@vestibule/core';
import type * as StytchHeadless from '@stytch/vanilla-js/headless';
import { createStytchRuntime, type StytchAdaptersOptions } from './stytch-client';
import { createStytchMagicLinksAdapter } from './stytch-magic-links.adapter';
import { createStytchOAuthAdapter } from './stytch-oauth.adapter';
import { createStytchPasscodesAdapter } from './stytch-passcodes.adapter';
import { createStytchPasskeysAdapter } from './stytch-passkeys.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchProjectSettingsAdapter } from './stytch-project-settings.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';
import { createStytchTelemetryAdapter } from './stytch-telemetry.adapter';

/**
 * The SDK module as the adapters load it by default. Tests wrap it in `loadSdk` to stub what
 * jsdom cannot do (the OAuth start's navigation) without depending on the SDK package themselves.
 */
export const loadStytchSdk = (): Promise<typeof StytchHeadless> => import('@stytch/vanilla-js/headless');

/** Every port Stytch implements today, over one shared, lazily created SDK client. */
export interface StytchAdapters {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly passwords: PasswordsPort;
  readonly passcodes: PasscodesPort;
  readonly oauth: OAuthPort;
  readonly passkeys: PasskeysPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  /** Stops observing `fetch` (tests; a page keeps its adapters for its whole life). */
  dispose(): void;
}

/**
 * Builds every Stytch adapter at once, over one shared client (`createStytchRuntime`): the
 * convenience for integrators. A front end that loads each product's adapters on their own (the
 * app) creates the client once and hands it to each adapter's factory instead. Nothing is loaded
 * until a call needs it: session, magic-link, password, passcode, OAuth and passkey calls load the SDK
 * (once, shared); project settings, telemetry and One Tap talk to the API directly.
 */
export function createStytchAdapters(options: StytchAdaptersOptions): StytchAdapters {
  const runtime = createStytchRuntime(options);
  return {
    session: createStytchSessionAdapter(runtime),
    magicLinks: createStytchMagicLinksAdapter(runtime),
    passwords: createStytchPasswordsAdapter(runtime),
    passcodes: createStytchPasscodesAdapter(runtime),
    oauth: createStytchOAuthAdapter(runtime, options.fetchHost),
    passkeys: createStytchPasskeysAdapter(runtime),
    projectSettings: createStytchProjectSettingsAdapter(runtime, options.fetchHost),
    telemetry: createStytchTelemetryAdapter(runtime, options.fetchHost),
    dispose: runtime.dispose,
  };
}
