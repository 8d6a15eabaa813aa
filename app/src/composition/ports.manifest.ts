import type { StytchRuntime } from '@vestibule/adapters/stytch';
import type { AuthCorePorts } from '@vestibule/core';
import type { DeferPlan } from './defer-port';
import type { AppEnvironment } from './environment';

/** The ports the app defers behind stand-ins: all but the synchronous storage and the scheduler. */
type DeferredPorts = Required<Omit<AuthCorePorts, 'storage' | 'durableStorage' | 'scheduler'>>;

/** What an adapter is built from: where the app runs, and the one SDK client every Stytch adapter shares. */
interface AdapterDependencies {
  readonly environment: AppEnvironment;
  readonly stytch: StytchRuntime;
}

/** An adapter module: one factory per port it implements, named like the port. */
export type AdapterModule<K extends keyof DeferredPorts> = { readonly [P in K]: (dependencies: AdapterDependencies) => DeferredPorts[P] };

/**
 * One port of the manifest: the module its adapter loads from, and how its stand-in behaves
 * until then (a mapped type over the port, so a forgotten method does not compile).
 */
export interface PortEntry<K extends keyof DeferredPorts> {
  readonly load: () => Promise<AdapterModule<K>>;
  readonly plan: DeferPlan<DeferredPorts[K]>;
}

/**
 * The composition chunk: inversify, the container and the adapters of the ports every page uses.
 * Each product's adapters are a chunk of their own, loaded on the product's first port call.
 */
export const loadComposition = () => import('./container');
const loadMagicLinkAdapters = () => import('./adapters/magic-link.adapters');
const loadPasswordsAdapters = () => import('./adapters/passwords.adapters');
const loadPasscodesAdapters = () => import('./adapters/passcodes.adapters');
const loadOAuthAdapters = () => import('./adapters/oauth.adapters');
const loadPasskeysAdapters = () => import('./adapters/passkeys.adapters');
const loadWalletsAdapters = () => import('./adapters/wallets.adapters');
const loadIdentityProviderAdapters = () => import('./adapters/identity-provider.adapters');
const loadAnalyticsAdapters = () => import('./adapters/analytics.adapters');
// new:flow: adapter modules

const entries = {
  // When a deferred call loads its adapter: what a visitor waits for starts it; the start-up
  // session check, settings and telemetry wait for idle or interaction (defer-port.ts).
  session: { load: loadComposition, plan: { check: 'background', adopt: 'urgent', subscribe: 'subscribe', revoke: 'urgent' } },
  projectSettings: { load: loadComposition, plan: { get: 'background', rbacPolicy: 'urgent' } },
  telemetry: { load: loadComposition, plan: { send: 'fire' } },
  // Listened to once telemetry can send at all (the same chunk): flushes the queued batch on leave.
  pageLifecycle: { load: loadComposition, plan: { onHidden: 'subscribe' } },
  navigation: { load: loadComposition, plan: { navigate: 'urgent', replace: 'urgent', leave: 'urgent', stop: 'fire' } },
  logger: { load: loadComposition, plan: { error: 'urgent' } },
  // Asked for at start; the role is taken once the composition chunk has loaded (the refresh is minutes away).
  tabLeadership: { load: loadComposition, plan: { request: 'subscribe' } },
  magicLinks: { load: loadMagicLinkAdapters, plan: { send: 'urgent', authenticate: 'urgent' } },
  passwords: { load: loadPasswordsAdapters, plan: { searchUser: 'urgent', strengthCheck: 'urgent', create: 'urgent', authenticate: 'urgent', resetByEmailStart: 'urgent', resetByEmail: 'urgent' } },
  // Asking for an estimate (or preloading on focus) loads the adapter; the zxcvbn worker itself
  // loads only then. An estimate rejects when the code cannot load (the provider's check decides).
  passwordStrength: { load: loadPasswordsAdapters, plan: { preload: 'urgent', estimate: 'await' } },
  passcodes: { load: loadPasscodesAdapters, plan: { send: 'urgent', verify: 'urgent' } },
  // Asked for when a phone field shows or is submitted: the visitor is waiting. Plain promises,
  // so a failed load rejects; the callers' own deadlines and fallbacks handle that.
  phoneNumbers: { load: loadPasscodesAdapters, plan: { countries: 'await', formatAsYouType: 'await', parse: 'await' } },
  // Listened to on Passcode entry for SMS, after the send has brought the passcode adapters.
  webOtp: { load: loadPasscodesAdapters, plan: { listen: 'subscribe' } },
  oauth: { load: loadOAuthAdapters, plan: { start: 'urgent', authenticate: 'urgent', abandon: 'urgent', oneTapSettings: 'urgent', oneTapSubmit: 'urgent' } },
  // The prompt is asked for only after `load` (urgent) brought the OAuth adapters.
  googleIdentity: { load: loadOAuthAdapters, plan: { load: 'urgent', prompt: 'subscribe' } },
  passkeys: { load: loadPasskeysAdapters, plan: { authenticate: 'urgent', register: 'urgent', list: 'urgent', rename: 'urgent', remove: 'urgent' } },
  // Plain promises: a failed load rejects, which a caller reads as "not supported" (the port's
  // own answers never reject). Asked before offering autofill, so it loads the passkeys chunk.
  passkeySupport: { load: loadPasskeysAdapters, plan: { browserSupportsAutofill: 'await', platformAuthenticatorAvailable: 'await' } },
  cryptoWallets: { load: loadWalletsAdapters, plan: { authenticateStart: 'urgent', authenticate: 'urgent' } },
  // The visitor's wallet extension, in the same chunk: asked first, on a wallet button's press.
  injectedWallets: { load: loadWalletsAdapters, plan: { connect: 'urgent', signMessage: 'urgent', downloadPages: 'await' } },
  identityProvider: { load: loadIdentityProviderAdapters, plan: { authorizeStart: 'urgent', authorizeSubmit: 'urgent', logoutStart: 'urgent', attestSession: 'urgent' } },
  // posthog-js: loaded once the page is interactive (app/src/start-analytics.ts asks for it);
  // what the event bus hands over before then waits.
  analytics: { load: loadAnalyticsAdapters, plan: { capture: 'fire', identify: 'fire' } },
  // new:flow: ports
} satisfies { readonly [K in keyof DeferredPorts]?: PortEntry<K> };

export type PortKey = keyof typeof entries;
/** The ports the app composes, each with its adapter module and stand-in plan. */
export type ManifestPorts = { readonly [K in PortKey]: DeferredPorts[K] };

/**
 * The one list of the app's ports (issue 15 §3): the container's tokens and bindings and the
 * browser's stand-ins are derived from it, so a new port is one entry here plus its adapter.
 */
export const PORTS_MANIFEST: { readonly [K in PortKey]: PortEntry<K> } = entries;
