/**
 * English, namespace `wallets`: the wallets product's button on Main and its screens.
 * Written by `pnpm new:flow wallets`; where the SPEC quotes a string, use its words.
 */
const messages = {
  'wallets.mainButton': 'Continue with a crypto wallet',
  'wallets.title': 'Sign in with a crypto wallet',
  'wallets.continue': 'Continue',
} as const;

export default messages;
