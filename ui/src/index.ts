/** @vestibule/ui — React screens bound to @vestibule/core stores. */
export { AuthCoreProvider, useAuthCore } from './provider';
export { useStore } from './hooks/use-store';
export { useFlow } from './hooks/use-flow';
export { useI18n } from './hooks/use-i18n';
export { Message, RichMessage } from './components/message';
export { ToastRegion } from './components/toast-region';
export { LoginWidget, type LoginWidgetProps } from './screens/login-widget';
export { MainScreen } from './screens/main-screen';
export { EmailConfirmationScreen } from './screens/email-confirmation-screen';
export { MagicLinkCallbackScreen, type MagicLinkCallbackScreenProps } from './screens/magic-link-callback-screen';
export { SignedInHome } from './screens/signed-in-home';
