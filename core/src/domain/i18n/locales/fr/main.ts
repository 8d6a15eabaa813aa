import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `main`. */
const messages = {
  'login.title': 'Inscrivez-vous ou connectez-vous',
  'login.emailLabel': 'E-mail',
  'login.emailPlaceholder': 'exemple@email.com',
  'login.continue': 'Continuer',
  'login.sending': 'Envoi…',
  'login.divider': 'ou',
  'oauth.continueWith': 'Continuer avec {provider}',
  'oauth.lastUsed': 'Dernière utilisation',
  'config.passkeysAlone': 'Erreur : les clés d’accès ne peuvent pas être utilisées seules, ajoutez un autre produit à la configuration.',
  'config.emlAndEmailOtp': 'Erreur : impossible d’utiliser à la fois le lien magique et le code par e-mail',
  'validation.emailInvalid': 'Le format de l’adresse e-mail n’est pas valide.',
  'validation.emailInvalidOtp': 'Adresse e-mail non valide.',
  'common.back': 'Retour',
  'common.dismiss': 'Fermer',
  'common.retryIn': { one: 'Réessayer dans {seconds} seconde', other: 'Réessayer dans {seconds} secondes' },
  'common.tryAgain': 'Réessayer',
  'common.loading': 'Chargement…',
  'common.errorsUnavailable': 'Une erreur s’est produite. Vérifiez votre connexion et réessayez.',
  'success.title': 'C’est fait !',
  'success.loggedIn': 'Vous êtes connecté.',
} as const satisfies NamespaceMessages<'main'>;

export default messages;
