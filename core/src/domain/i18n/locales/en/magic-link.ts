/**
 * English, namespace `magic-link`. The magic-link product's screens and the callback page.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.sentTo': 'An email was sent to {email}',
  'emailConfirmation.openGmail': 'Open Gmail',
  'emailConfirmation.openYahoo': 'Open Yahoo',
  'emailConfirmation.openOutlook': 'Open Outlook',
  'emailConfirmation.didNotGetIt': "Didn't get it?",
  'emailConfirmation.resend': 'Resend email',
  'emailConfirmation.resending': 'Sending…',
  'emailConfirmation.resendIn': { one: 'Resend email in {seconds} second', other: 'Resend email in {seconds} seconds' },
  'emailConfirmation.tryAgain': 'Try again',
  'toast.emailResent': 'Email resent',
  'callback.loggingIn': 'Logging in...',
  'callback.failedTitle': 'We could not log you in',
  'callback.backToLogin': 'Back to login',
} as const;

export default messages;
