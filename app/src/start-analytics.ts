import type { AuthCore } from '@vestibule/core';
import type { PortResolver } from './composition/browser-core';
import { readPageIdentity } from './routes/page-settings';

/**
 * Starts product analytics once the page is interactive (a chunk of its own, imported by the
 * entry when the hydrated page is first idle): posthog-js is loaded and initialised for the host
 * (the analytics port's adapter), and the visitor the page settings name, if any, is identified
 * through the event bus, which scrubs the payload first (SPEC §1). Never part of the first load.
 */
export function startAnalytics(core: AuthCore, loadPorts: () => Promise<PortResolver>, doc: Pick<Document, 'getElementById'> = document): void {
  // The port's stand-in forwards what the event bus handed it once its module is asked for;
  // resolving the port makes the adapter, which loads and initialises posthog-js (its pageview
  // even on a page that has no widget event).
  core.host.prefetchPorts?.(['analytics']);
  void loadPorts()
    .then((ports) => ports.resolve('analytics'))
    .catch(() => undefined);
  const identity = readPageIdentity(doc);
  if (identity !== null) core.events.identify(identity);
}
