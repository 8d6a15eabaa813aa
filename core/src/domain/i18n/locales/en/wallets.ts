/**
 * English, namespace `wallets`: Main's wallet buttons and the crypto screens (SPEC §2). SPEC's
 * strings are verbatim ('Continue with other wallet', 'Connecting to your wallet...',
 * 'Completing signature request...', 'Looks like there was an error!', the success text). Wallet
 * names are their makers' and are not translated.
 */
const messages = {
  'wallets.continueWith': 'Continue with {wallet}',
  'wallets.continueWithOtherEthereum': 'Continue with another Ethereum wallet',
  'wallets.continueWithOtherSolana': 'Continue with another Solana wallet',
  'wallets.otherWallet': 'Continue with other wallet',
  'wallets.connecting': 'Connecting to your wallet...',
  'wallets.signing': 'Completing signature request...',
  'wallets.approveInWallet': 'Approve the request in your wallet to continue.',
  'wallets.signingAs': 'Sign the message in your wallet to prove that {address} is yours.',
  'wallets.setupTitle': 'Set up a new crypto wallet',
  'wallets.setupText': 'We could not find a crypto wallet in this browser. Get one of these, then come back and try again.',
  'wallets.ethereumWallet': 'Ethereum wallet',
  'wallets.multichainWallet': 'Multi-chain wallet',
  'wallets.errorTitle': 'Looks like there was an error!',
  'wallets.errorText': 'Go back and try again, or choose another wallet.',
  'wallets.noAnswer': 'Your wallet did not answer. Open it, then try again.',
  'wallets.connected': 'You have successfully connected your wallet.',
} as const;

export default messages;
