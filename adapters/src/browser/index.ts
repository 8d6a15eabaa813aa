export { createBrowserHistory } from './browser-history.adapter';
export { createBrowserNavigation } from './browser-navigation.adapter';
export { createConsoleLogger } from './console-logger.adapter';
export { createLocalStorage, createSessionStorage } from './session-storage.adapter';
export { timeoutScheduler } from './timeout-scheduler.adapter';
export { createPageLifecycle, type PageLifecycleWindow } from './page-lifecycle.adapter';
export { createWebOtp, type WebOtpWindow } from './web-otp.adapter';
export { createPasskeySupport, type PasskeySupportWindow } from './passkey-support.adapter';
export { createInjectedWallets, type InjectedWalletsWindow } from './injected-wallets.adapter';
