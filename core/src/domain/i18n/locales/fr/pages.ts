import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `pages`. */
const messages = {
  'home.title': 'Vous êtes connecté',
  'home.signedInAs': 'Connecté en tant que {email}',
  'home.logOut': 'Se déconnecter',
  'home.copyAddress': 'Copier l’adresse',
  'home.copyFailed': 'L’adresse n’a pas pu être copiée. Copiez-la depuis votre portefeuille.',
  'home.addressCopied': 'Adresse copiée.',
  'home.loggingOut': 'Déconnexion…',
  'home.unavailableTitle': 'Nous n’avons pas pu vérifier votre connexion',
  'playground.title': 'Bac à sable du widget',
  'playground.unknownSettings': { one: '{count} paramètre inconnu ignoré.', other: '{count} paramètres inconnus ignorés.' },
  'playground.unknownValues': { one: '{param} : {count} valeur inconnue ignorée.', other: '{param} : {count} valeurs inconnues ignorées.' },
  'playground.noProducts': 'Choisissez au moins un produit pour prévisualiser le widget.',
  'playground.notYetAvailable': 'Pas encore disponible dans cette version : {products}',
  'notFound.title': 'Page introuvable',
  'notFound.text': 'Il n’y a rien à cette adresse.',
  'notFound.toLogin': 'Aller à la connexion',
  'playground.products': 'Produits',
  'playground.otpMethods': 'Méthodes de code',
  'playground.otpExpiration': 'Expiration du code (minutes)',
  'playground.otpExpirationProject': 'Réglage du projet',
  'playground.oauthProviders': 'Fournisseurs OAuth',
  'playground.theme': 'Thème',
  'playground.locale': 'Langue',
  'playground.apply': 'Appliquer',
  'playground.linkToConfig': 'Lien vers cette configuration : {link}',
} as const satisfies NamespaceMessages<'pages'>;

export default messages;
