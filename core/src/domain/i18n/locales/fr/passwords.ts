import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `passwords`. */
const messages = {
  'password.label': 'Mot de passe',
  'password.newLabel': 'Nouveau mot de passe',
  'password.show': 'Afficher le mot de passe',
  'password.createTitle': 'Créer un compte',
  'password.chooseHow': 'Choisissez comment créer votre compte.',
  'password.setTitle': 'Choisir un mot de passe',
  'password.finishCreating': 'Terminez la création de votre compte en choisissant un mot de passe.',
  'password.emailLink': 'M’envoyer un lien de connexion',
  'password.emailCode': 'M’envoyer un code de connexion',
  'password.loginTitle': 'Connexion',
  'password.forgot': 'Mot de passe oublié ?',
  'password.submitting': 'Veuillez patienter…',
  'password.createInstead': 'Créer plutôt un mot de passe',
  'password.forgotTitle': 'Mot de passe oublié ?',
  'password.forgotText': 'Un lien pour réinitialiser votre mot de passe a été envoyé à {email}.',
  'password.breachedTitle': 'Consultez vos e-mails pour choisir un nouveau mot de passe',
  'password.breachedText': 'Ce mot de passe a peut-être été exposé sur un autre site. Par sécurité, un lien pour en choisir un nouveau a été envoyé à {email}.',
  'password.setNewTitle': 'Consultez vos e-mails !',
  'password.setNewText': 'Un lien pour choisir votre mot de passe a été envoyé à {email}.',
  'password.dedupeTitle': 'Consultez vos e-mails pour choisir un nouveau mot de passe !',
  'password.dedupeText': 'Pour protéger votre compte, ce mot de passe doit être réinitialisé. Un lien pour en choisir un nouveau a été envoyé à {email}.',
  'password.loginWithoutPassword': 'Se connecter sans mot de passe',
  'password.resetTitle': 'Réinitialiser votre mot de passe',
  'password.strength': 'Robustesse du mot de passe',
  'password.strengthWeak': 'Faible',
  'password.strengthStrong': 'Robuste',
  'password.ludsLength': 'Doit contenir au moins {count} caractères',
  'password.ludsComplexity': 'Doit contenir {count} des éléments suivants : majuscule, minuscule, chiffre, symbole',
  'password.ludsMet': 'Fait :',
  'password.ludsMissing': 'Pas encore :',
  'password.breached': 'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Veuillez en choisir un autre.',
  'password.checking': 'Vérification de la robustesse du mot de passe…',
} as const satisfies NamespaceMessages<'passwords'>;

export default messages;
