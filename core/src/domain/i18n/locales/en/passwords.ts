/**
 * English, namespace `passwords`. The password screens and the reset page.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'password.label': 'Password',
  'password.newLabel': 'New password',
  'password.show': 'Show password',
  'password.createTitle': 'Create an account',
  'password.chooseHow': 'Choose how you would like to create your account.',
  'password.setTitle': 'Set a password',
  'password.finishCreating': 'Finish creating your account by setting a password.',
  'password.emailLink': 'Email me a login link',
  'password.emailCode': 'Email me a login code',
  'password.loginTitle': 'Log In',
  'password.forgot': 'Forgot Password?',
  'password.submitting': 'Please wait…',
  'password.createInstead': 'Create a password instead',
  'password.forgotTitle': 'Forgot password?',
  'password.forgotText': 'A link to reset your password was sent to {email}.',
  'password.breachedTitle': 'Check your email to set a new password',
  'password.breachedText': 'This password may have been exposed on a different site. For your safety, a link to set a new password was sent to {email}.',
  'password.setNewTitle': 'Check your email!',
  'password.setNewText': 'A link to set your password was sent to {email}.',
  'password.dedupeTitle': 'Check your email to set a new password!',
  'password.dedupeText': 'To keep your account secure, this password must be reset. A link to set a new one was sent to {email}.',
  'password.loginWithoutPassword': 'Login without a password',
  'password.resetTitle': 'Reset your password',
  'password.strength': 'Password strength',
  'password.strengthWeak': 'Weak',
  'password.strengthStrong': 'Strong',
  'password.ludsLength': 'Must be at least {count} characters long',
  'password.ludsComplexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.ludsMet': 'Done:',
  'password.ludsMissing': 'Not yet:',
  'password.breached': 'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.checking': 'Checking password strength…',
  'password.checkFailed': 'We could not check the strength of this password.',
  'password.checkAgain': 'Check again',
} as const;

export default messages;
