import type { NamespaceMessages } from '../../namespaces';

/** Français, espace `passkeys` : le bouton des clés d’accès sur l’accueil et ce qu’une connexion par clé d’accès y dit. */
const messages = {
  'passkeys.mainButton': 'Se connecter avec une clé d’accès',
  'passkeys.authenticateFailed': 'Une erreur inconnue s’est produite lors de l’authentification par clé d’accès. Veuillez réessayer.',
} as const satisfies NamespaceMessages<'passkeys'>;

export default messages;
