/**
 * English, namespace `passkeys`: the passkeys product's button on Main and its screens.
 * Written by `pnpm new:flow passkeys`; where the SPEC quotes a string, use its words.
 */
const messages = {
  'passkeys.mainButton': 'Continue with a passkey',
  'passkeys.title': 'Sign in with a passkey',
  'passkeys.continue': 'Continue',
} as const;

export default messages;
