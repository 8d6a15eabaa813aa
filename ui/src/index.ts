/** @vestibule/ui — React screens bound to @vestibule/core stores. */
export { AuthCoreProvider, useAuthCore } from './provider';
export { useStore } from './hooks/use-store';
export { useFlow } from './hooks/use-flow';
export { TranslatorContext, useI18n } from './hooks/use-i18n';
export { Message } from './components/message';
export { RichMessage } from './components/rich-message';
export { ToastRegion } from './components/toast-region';
export { BusyStatus } from './components/busy-status';
export { LoginWidget, LoginWidgetView, type LoginWidgetProps } from './widget/login-widget';
export { MainScreen } from './widget/main-screen';
export { preloadLoginWidget, type SlotViewProps } from './widget/slot-views';
export { whenIdle } from './when-idle';
export { default as SuccessScreen } from './widget/success-screen';
export { SignInCallbackScreen, SignInCallbackView, type SignInCallbackScreenProps } from './screens/sign-in-callback-screen';
export { SignedInHome, SignedInHomeView } from './screens/signed-in-home';
export { PasswordResetScreen, PasswordResetView, type PasswordResetScreenProps } from './screens/password-reset-screen';
export { PasswordInput, STRENGTH_METER_MARK, type PasswordInputProps } from './components/password-input';
export { defineResetPasswordElement, RESET_PASSWORD_ELEMENT, type ResetPasswordContainerElement, type ResetPasswordElementOptions } from './elements/reset-password-element';
