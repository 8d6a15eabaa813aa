/**
 * English, namespace `main`. The Main screen, shared controls and the success screen: the only namespace in the first load.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'login.title': 'Sign up or log in',
  'login.emailLabel': 'Email',
  'login.emailPlaceholder': 'example@email.com',
  'login.continue': 'Continue',
  'login.sending': 'Sending…',
  'login.divider': 'or',
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.lastUsed': 'Last used',
  'config.passkeysAlone': 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  'config.emlAndEmailOtp': 'Error: Cannot use both EML and Email OTP',
  'validation.emailInvalid': 'Email format is invalid.',
  'validation.emailInvalidOtp': 'Invalid email address.',
  'common.back': 'Back',
  'common.dismiss': 'Dismiss',
  'common.retryIn': { one: 'Try again in {seconds} second', other: 'Try again in {seconds} seconds' },
  'common.tryAgain': 'Try again',
  'common.loading': 'Loading…',
  'common.errorsUnavailable': 'Something went wrong. Check your connection and try again.',
  'success.title': 'Success!',
  'success.loggedIn': 'You have successfully logged in.',
} as const;

export default messages;
