// Fakes of every port, for core, UI, composition and contract tests (one per port, plus
// `createFakePorts()` for a whole set). Scripting: `fake.<calls>.failNext(error)` / `.holdNext()`.
export { createFakePorts, type FakePorts, type FakePortsOptions } from './create-fake-ports';
export { CallScript, type Release } from './call-script';
export { FakeSession, sessionFor } from './fake-session';
export { FakeMagicLinks, type SentMagicLink } from './fake-magic-links';
export { FakePasswords, fakeScore, type FakePasswordAccount, type FakePasswordPolicy, type SentPasswordReset } from './fake-passwords';
export { FakePasscodes, FAKE_PASSCODE_ATTEMPT_LIMIT, type SentPasscode } from './fake-passcodes';
export { FakePhoneNumbers } from './fake-phone-numbers';
export { FakeWebOtp } from './fake-web-otp';
export { FakePasswordStrength } from './fake-password-strength';
export { FakeOAuth, type FakeOAuthToken } from './fake-oauth';
export { FakeGoogleIdentity, type FakeGooglePrompt } from './fake-google-identity';
export { FakeProjectSettings, FAKE_EMAIL_DOMAIN } from './fake-project-settings';
export { FakeTelemetry } from './fake-telemetry';
export { FakeAnalytics } from './fake-analytics';
export { FakePageLifecycle } from './fake-page-lifecycle';
export { MemoryStorage } from './memory-storage';
export { RecordingNavigation, type Navigation } from './recording-navigation';
export { RecordingLogger } from './recording-logger';
export { FakeInjectedWallets, FAKE_WALLET_DOWNLOAD_PAGES, type FakeWalletAnswer } from './fake-injected-wallets';
export { FakeCryptoWallets, type FakeWalletAuthenticateRequest, type FakeWalletStartRequest } from './fake-crypto-wallets';
export { FakeIdentityProvider, FAKE_TRUSTED_TOKEN_PROFILE_ID } from './fake-identity-provider';
export { FakeTabLeadership } from './fake-tab-leadership';
