// What an identified visitor on a host that is not local gets on top of the slim posthog-js
// (SPEC §1): dead-click, web-vitals and rage-click capture. The slim module bundles none of them,
// and with external loading off it cannot fetch them from PostHog's CDN; so they come from here, a
// chunk of our own origin that the adapter imports only then (never on a local host, never in the
// posthog-js chunk). None of it touches `fetch` or `XMLHttpRequest`, whose one owner is the Stytch
// adapters' observer: web vitals are read with PerformanceObserver, dead and rage clicks from DOM
// events and a MutationObserver (adapters/src/network-owner.jsdom.test.ts checks it).
import { AnalyticsExtensions } from 'posthog-js/dist/extension-bundles';
import type { PostHog } from 'posthog-js/dist/module.slim.no-external';
// Each registers its implementation on `window.__PosthogExtensions__`, where the extension classes
// below look for it before they would load it as a script from PostHog's CDN.
import 'posthog-js/dist/dead-clicks-autocapture';
import 'posthog-js/dist/web-vitals';

type AutocaptureExtension = InstanceType<typeof AnalyticsExtensions.autocapture>;
type ExtensionClient = Parameters<AutocaptureExtension['setup']>[0];

const RAGE_CLICK = '$rageclick';
const installed = new WeakSet<PostHog>();

/**
 * Adds posthog-js's dead-click, web-vitals and rage-click capture to a loaded instance, once. Each
 * starts as it is made if posthog-js's configuration says so (the adapter has just set it), and
 * follows it from then on: `capture_dead_clicks`, `capture_performance.web_vitals`, `rageclick`.
 */
export function installIdentifiedCapture(posthog: PostHog): void {
  if (installed.has(posthog)) return;
  installed.add(posthog);
  // Where posthog-js's own init would have put them; `set_config` restarts or stops dead clicks.
  // Enabled by this client's configuration alone: it is set explicitly before they are made.
  // Each on its own, as posthog-js's init does: one that throws as it starts leaves the others.
  attempt(() => (posthog.deadClicksAutocapture = new AnalyticsExtensions.deadClicksAutocapture(posthog, (extension) => Boolean(extension.instance.config.capture_dead_clicks))));
  attempt(() => (posthog.webVitalsAutocapture = new AnalyticsExtensions.webVitalsAutocapture(posthog)));
  attempt(() => startRageClicks(posthog));
}

function attempt(start: () => unknown): void {
  try {
    start();
  } catch {
    // Analytics never disturbs the page; what failed to start is simply not captured.
  }
}

/**
 * posthog-js detects rage clicks only inside autocapture (`$rageclick` comes from its click
 * handler, which does nothing while autocapture is off), and SPEC §1 keeps autocapture off. So its
 * autocapture runs here for rage clicks alone, beside posthog-js rather than as its `autocapture`:
 * it sees settings in which it is on for clicks and decided by this client (the server's
 * autocapture switch, like autocapture itself, is about `$autocapture`), and of what it captures
 * only `$rageclick` reaches posthog-js. posthog-js's own configuration keeps `autocapture: false`.
 */
function startRageClicks(posthog: PostHog): void {
  const settings = new Proxy(posthog, {
    get: (target, key) => {
      if (key === 'config') return { ...target.config, autocapture: { dom_event_allowlist: ['click'], capture_copied_text: false } };
      // Client configuration only: no wait for remote config, which would not be read anyway.
      if (key === '_shouldDisableFlags') return () => true;
      return Reflect.get(target, key, target);
    },
  });
  const adapter = posthog._getBrowserClientAdapter();
  const capture: ExtensionClient['capture'] = (event, properties, options) => event !== RAGE_CLICK || adapter.capture(event, properties, options);
  const onRemoteConfig: ExtensionClient['onRemoteConfig'] = () => ({ dispose: () => undefined });
  const rageClicksOnly = new Proxy(adapter, {
    get: (target, key) => (key === 'capture' ? capture : key === 'onRemoteConfig' ? onRemoteConfig : Reflect.get(target, key, target)),
  });
  new AnalyticsExtensions.autocapture(settings).setup(rageClicksOnly);
}
