import type { NamespaceMessages } from '../../namespaces';

/** Français, espace `passkeys` : le bouton du produit passkeys sur l'accueil et ses écrans. */
const messages = {
  'passkeys.mainButton': 'Continuer avec une clé d’accès',
  'passkeys.title': 'Se connecter avec une clé d’accès',
  'passkeys.continue': 'Continuer',
} as const satisfies NamespaceMessages<'passkeys'>;

export default messages;
