import type { NamespaceMessages } from '../../namespaces';

/** Français, espace `wallets` : les boutons de portefeuille de l'accueil et les écrans crypto. Les noms des portefeuilles ne se traduisent pas. */
const messages = {
  'wallets.continueWith': 'Continuer avec {wallet}',
  'wallets.continueWithOtherEthereum': 'Continuer avec un autre portefeuille Ethereum',
  'wallets.continueWithOtherSolana': 'Continuer avec un autre portefeuille Solana',
  'wallets.otherWallet': 'Continuer avec un autre portefeuille',
  'wallets.connecting': 'Connexion à votre portefeuille…',
  'wallets.signing': 'Signature en cours…',
  'wallets.approveInWallet': 'Approuvez la demande dans votre portefeuille pour continuer.',
  'wallets.signingAs': 'Signez le message dans votre portefeuille pour prouver que {address} vous appartient.',
  'wallets.setupTitle': 'Créer un portefeuille crypto',
  'wallets.setupText': 'Aucun portefeuille crypto n’a été trouvé dans ce navigateur. Installez-en un, puis revenez réessayer.',
  'wallets.ethereumWallet': 'Portefeuille Ethereum',
  'wallets.multichainWallet': 'Portefeuille multi-chaînes',
  'wallets.errorTitle': 'Une erreur s’est produite.',
  'wallets.errorText': 'Revenez en arrière et réessayez, ou choisissez un autre portefeuille.',
  'wallets.noAnswer': 'Votre portefeuille n’a pas répondu. Ouvrez-le, puis réessayez.',
  'wallets.connected': 'Votre portefeuille est bien connecté.',
} as const satisfies NamespaceMessages<'wallets'>;

export default messages;
