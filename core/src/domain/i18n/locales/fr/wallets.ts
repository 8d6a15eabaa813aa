import type { NamespaceMessages } from '../../namespaces';

/** Français, espace `wallets` : le bouton du produit wallets sur l'accueil et ses écrans. */
const messages = {
  'wallets.mainButton': 'Continuer avec un portefeuille crypto',
  'wallets.title': 'Se connecter avec un portefeuille crypto',
  'wallets.continue': 'Continuer',
} as const satisfies NamespaceMessages<'wallets'>;

export default messages;
