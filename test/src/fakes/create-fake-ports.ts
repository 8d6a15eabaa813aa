import type { AuthCorePorts, ProviderSession } from '@vestibule/core';
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { FakeGoogleIdentity } from './fake-google-identity';
import { FakeMagicLinks } from './fake-magic-links';
import { FakeOAuth } from './fake-oauth';
import { FakePasscodes } from './fake-passcodes';
import { FakePasswordStrength } from './fake-password-strength';
import { FakePasswords } from './fake-passwords';
import { FakePhoneNumbers } from './fake-phone-numbers';
import { FakeProjectSettings } from './fake-project-settings';
import { FakeSession } from './fake-session';
import { FakeTelemetry } from './fake-telemetry';
import { FakeAnalytics } from './fake-analytics';
import { FakePageLifecycle } from './fake-page-lifecycle';
import { FakeWebOtp } from './fake-web-otp';
import { MemoryStorage } from './memory-storage';
import { RecordingLogger } from './recording-logger';
import { RecordingNavigation } from './recording-navigation';
import { FakePasskeySupport, FakePasskeys } from './fake-passkeys';
import { FakeCryptoWallets } from './fake-crypto-wallets';
import { FakeInjectedWallets } from './fake-injected-wallets';
import { FakeIdentityProvider } from './fake-identity-provider';
import { FakeTabLeadership } from './fake-tab-leadership';

/** Every port the core takes, as fakes a test can script and inspect. */
export interface FakePorts extends AuthCorePorts {
  readonly session: FakeSession;
  readonly magicLinks: FakeMagicLinks;
  readonly passwords: FakePasswords;
  readonly passcodes: FakePasscodes;
  readonly phoneNumbers: FakePhoneNumbers;
  readonly webOtp: FakeWebOtp;
  readonly oauth: FakeOAuth;
  readonly googleIdentity: FakeGoogleIdentity;
  readonly passwordStrength: FakePasswordStrength;
  readonly projectSettings: FakeProjectSettings;
  readonly telemetry: FakeTelemetry;
  /** Product analytics, as the event bus feeds it (scrubbed). */
  readonly analytics: FakeAnalytics;
  /** The page being hidden or left (`hide()`), when queued telemetry is flushed. */
  readonly pageLifecycle: FakePageLifecycle;
  readonly navigation: RecordingNavigation;
  readonly logger: RecordingLogger;
  readonly storage: MemoryStorage;
  /** This device's remembered choices (the last OAuth provider). */
  readonly durableStorage: MemoryStorage;
  readonly passkeys: FakePasskeys;
  /** What the browser offers for passkeys; `passkeys` reads its `autofill` too. */
  readonly passkeySupport: FakePasskeySupport;
  readonly cryptoWallets: FakeCryptoWallets;
  /** The visitor's wallet extensions: an Ethereum and a Solana wallet holding real keys. */
  readonly injectedWallets: FakeInjectedWallets;
  /** The identity provider (connected apps, consent, logout, attestation), on the same session. */
  readonly identityProvider: FakeIdentityProvider;
  /** This tab leads the session refresh at once (the only tab of the test). */
  readonly tabLeadership: FakeTabLeadership;
  // new:flow: fake types
}

export interface FakePortsOptions {
  /** The visitor's session when the page opens (default: signed out). */
  readonly session?: ProviderSession;
  /** Passed to the core; use a `TestScheduler` or `VirtualTimeScheduler` for virtual time. */
  readonly scheduler?: SchedulerLike;
}

/**
 * A full, consistent set of fake ports: a magic link, a password, a passcode or OAuth signs in on the same fake
 * session (whose token `session.adopt` takes over), so a test can run a whole sign-in. Pass the result to `createAuthCore` as is.
 *
 * @example
 * const ports = createFakePorts();
 * ports.magicLinks.sends.failNext(authError('network_unreachable'));
 * const core = createAuthCore(ports, { origin: 'http://localhost:5173' });
 */
export function createFakePorts(options: FakePortsOptions = {}): FakePorts {
  const session = new FakeSession(options.session ?? null);
  const passkeySupport = new FakePasskeySupport();
  return {
    session,
    magicLinks: new FakeMagicLinks(session),
    passwords: new FakePasswords(session),
    passcodes: new FakePasscodes(session),
    phoneNumbers: new FakePhoneNumbers(),
    webOtp: new FakeWebOtp(),
    oauth: new FakeOAuth(session),
    googleIdentity: new FakeGoogleIdentity(),
    passwordStrength: new FakePasswordStrength(),
    projectSettings: new FakeProjectSettings(),
    telemetry: new FakeTelemetry(),
    analytics: new FakeAnalytics(),
    pageLifecycle: new FakePageLifecycle(),
    navigation: new RecordingNavigation(),
    logger: new RecordingLogger(),
    storage: new MemoryStorage(),
    durableStorage: new MemoryStorage(),
    passkeys: new FakePasskeys(session, passkeySupport),
    passkeySupport,
    cryptoWallets: new FakeCryptoWallets(session),
    injectedWallets: new FakeInjectedWallets(),
    identityProvider: new FakeIdentityProvider(session),
    tabLeadership: new FakeTabLeadership(),
    // new:flow: fake ports
    // Real time unless a test passes virtual time.
    scheduler: options.scheduler ?? asyncScheduler,
  };
}
