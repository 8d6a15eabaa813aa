import type { MagicLinksPort, ProjectSettingsPort, SessionPort, TelemetryPort } from '@vestibule/core';
import { createStytchRuntime, type StytchAdaptersOptions } from './stytch-client';
import { createStytchMagicLinksAdapter } from './stytch-magic-links.adapter';
import { createStytchProjectSettingsAdapter } from './stytch-project-settings.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';
import { createStytchTelemetryAdapter } from './stytch-telemetry.adapter';

/** Every port Stytch implements today, over one shared, lazily created SDK client. */
export interface StytchAdapters {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  /** Stops observing `fetch` (tests; a page keeps its adapters for its whole life). */
  dispose(): void;
}

/**
 * Builds the Stytch adapters. Nothing is loaded until a call needs it: session and magic-link
 * calls load the SDK (once, shared); project settings and telemetry talk to the API directly.
 */
export function createStytchAdapters(options: StytchAdaptersOptions): StytchAdapters {
  const runtime = createStytchRuntime(options);
  return {
    session: createStytchSessionAdapter(runtime),
    magicLinks: createStytchMagicLinksAdapter(runtime),
    projectSettings: createStytchProjectSettingsAdapter(runtime, options.fetchHost),
    telemetry: createStytchTelemetryAdapter(runtime, options.fetchHost),
    dispose: runtime.dispose,
  };
}
