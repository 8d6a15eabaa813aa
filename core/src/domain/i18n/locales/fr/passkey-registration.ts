import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `passkey-registration`. */
const messages = {
  'passkeyRegistration.pageTitle': 'Clés d’accès',
  'passkeyRegistration.signedOut': 'Erreur : le composant PasskeyRegistration ne peut pas être utilisé sans utilisateur connecté.',
  'passkeyRegistration.signIn': 'Connectez-vous pour gérer vos clés d’accès',
  'passkeyRegistration.unavailableTitle': 'Nous n’avons pas pu vérifier votre connexion',
  'passkeyRegistration.homeLink': 'Gérer vos clés d’accès',
  'passkeyRegistration.startTitle': 'Configurer une nouvelle clé d’accès',
  'passkeyRegistration.startText': 'Connectez-vous avec votre empreinte, votre visage ou le verrouillage de votre écran au lieu d’un mot de passe.',
  'passkeyRegistration.create': 'Créer une clé d’accès',
  'passkeyRegistration.creating': 'Création de la clé d’accès…',
  'passkeyRegistration.skip': 'Passer',
  'passkeyRegistration.createFailed': 'Votre clé d’accès n’a pas été créée. Cliquez sur « Créer une clé d’accès » pour réessayer ou passez sans ajouter de clé d’accès.',
  'passkeyRegistration.listTitle': 'Vos clés d’accès',
  'passkeyRegistration.created': 'Votre clé d’accès a été créée.',
  'passkeyRegistration.loading': 'Chargement de vos clés d’accès…',
  'passkeyRegistration.empty': 'Vous n’avez encore aucune clé d’accès.',
  'passkeyRegistration.edit': 'Modifier',
  'passkeyRegistration.delete': 'Supprimer',
  'passkeyRegistration.save': 'Enregistrer',
  'passkeyRegistration.saving': 'Enregistrement…',
  'passkeyRegistration.cancel': 'Annuler',
  'passkeyRegistration.deleting': 'Suppression…',
  'passkeyRegistration.nameLabel': 'Nom de la clé d’accès',
  'passkeyRegistration.nameRequired': 'Saisissez un nom pour cette clé d’accès.',
  'passkeyRegistration.deleteWarning': 'Une fois supprimée, la clé d’accès ne peut pas être restaurée.',
  'passkeyRegistration.setUpAnother': 'Configurer une autre clé d’accès',
  'passkeyRegistration.done': 'Terminé',
} as const satisfies NamespaceMessages<'passkey-registration'>;

export default messages;
