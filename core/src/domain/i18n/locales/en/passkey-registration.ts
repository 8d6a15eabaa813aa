/**
 * English, namespace `passkey-registration`: `/account/passkeys` (SPEC §2 passkey registration
 * start and success, the passkey list) and the signed-in home's link to it.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`.
 */
const messages = {
  'passkeyRegistration.pageTitle': 'Passkeys',
  'passkeyRegistration.signedOut': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'passkeyRegistration.signIn': 'Log in to manage your Passkeys',
  'passkeyRegistration.unavailableTitle': 'We could not check your sign-in',
  'passkeyRegistration.homeLink': 'Manage your Passkeys',
  'passkeyRegistration.startTitle': 'Set up a new Passkey',
  'passkeyRegistration.startText': 'Sign in with your fingerprint, face or screen lock instead of a password.',
  'passkeyRegistration.create': 'Create a Passkey',
  'passkeyRegistration.creating': 'Creating a Passkey…',
  'passkeyRegistration.skip': 'Skip',
  'passkeyRegistration.createFailed': 'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.',
  'passkeyRegistration.listTitle': 'Your Passkeys',
  'passkeyRegistration.created': 'Your Passkey was created.',
  'passkeyRegistration.loading': 'Loading your Passkeys…',
  'passkeyRegistration.empty': 'You have no Passkeys yet.',
  'passkeyRegistration.edit': 'Edit',
  'passkeyRegistration.delete': 'Delete',
  'passkeyRegistration.save': 'Save',
  'passkeyRegistration.saving': 'Saving…',
  'passkeyRegistration.cancel': 'Cancel',
  'passkeyRegistration.deleting': 'Deleting…',
  'passkeyRegistration.nameLabel': 'Passkey name',
  'passkeyRegistration.nameRequired': 'Enter a name for this Passkey.',
  'passkeyRegistration.deleteWarning': 'Once deleted, the passkey cannot be restored.',
  'passkeyRegistration.setUpAnother': 'Set up another Passkey',
  'passkeyRegistration.done': 'Done',
} as const;

export default messages;
