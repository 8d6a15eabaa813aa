// The adapters of the ports every page uses; part of the composition chunk (container.ts).
import { createBrowserNavigation, createConsoleLogger, createPageLifecycle, createWebLocksLeadership } from '@vestibule/adapters/browser';
import { createStytchProjectSettingsAdapter, createStytchSessionAdapter, createStytchTelemetryAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type CoreAdapters = AdapterModule<'session' | 'projectSettings' | 'telemetry' | 'pageLifecycle' | 'navigation' | 'logger' | 'tabLeadership'>;

export const session: CoreAdapters['session'] = ({ stytch }) => createStytchSessionAdapter(stytch);
// Settings and telemetry talk to the API directly: they never load the SDK.
export const projectSettings: CoreAdapters['projectSettings'] = ({ stytch }) => createStytchProjectSettingsAdapter(stytch);
export const telemetry: CoreAdapters['telemetry'] = ({ stytch }) => createStytchTelemetryAdapter(stytch);
export const pageLifecycle: CoreAdapters['pageLifecycle'] = () => createPageLifecycle();
export const navigation: CoreAdapters['navigation'] = () => createBrowserNavigation();
export const logger: CoreAdapters['logger'] = () => createConsoleLogger();
export const tabLeadership: CoreAdapters['tabLeadership'] = () => createWebLocksLeadership();
