import type { MagicLinksPort, PasswordsPort, ProjectSettingsPort, SessionPort, TelemetryPort } from '@vestibule/core';
import { createStytchRuntime, type StytchAdaptersOptions } from './stytch-client';
import { createStytchMagicLinksAdapter } from './stytch-magic-links.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchProjectSettingsAdapter } from './stytch-project-settings.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';
import { createStytchTelemetryAdapter } from './stytch-telemetry.adapter';

/** Every port Stytch implements today, over one shared, lazily created SDK client. */
export interface StytchAdapters {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly passwords: PasswordsPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  /** Stops observing `fetch` (tests; a page keeps its adapters for its whole life). */
  dispose(): void;
}

/**
 * Builds the Stytch adapters. Nothing is loaded until a call needs it: session, magic-link and
 * password calls load the SDK (once, shared); project settings and telemetry talk to the API directly.
 */
export function createStytchAdapters(options: StytchAdaptersOptions): StytchAdapters {
  const runtime = createStytchRuntime(options);
  return {
    session: createStytchSessionAdapter(runtime),
    magicLinks: createStytchMagicLinksAdapter(runtime),
    passwords: createStytchPasswordsAdapter(runtime),
    projectSettings: createStytchProjectSettingsAdapter(runtime, options.fetchHost),
    telemetry: createStytchTelemetryAdapter(runtime, options.fetchHost),
    dispose: runtime.dispose,
  };
}
