/**
 * English, namespace `passkeys`: the passkey button on Main and what a passkey sign-in says there.
 * The button's words are Stytch's ('Login with a Passkey': SPEC §2 names the button, its source
 * UI words it so; docs/decisions.md); the failure is SPEC §8's, verbatim.
 */
const messages = {
  'passkeys.mainButton': 'Login with a Passkey',
  'passkeys.authenticateFailed': 'Unknown error occurred during passkey authentication. Please try again.',
} as const;

export default messages;
