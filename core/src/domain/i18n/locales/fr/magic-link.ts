import type { NamespaceMessages } from '../../namespaces';

/** French, namespace `magic-link`. */
const messages = {
  'emailConfirmation.title': 'Consultez vos e-mails',
  'emailConfirmation.sentTo': 'Un e-mail a été envoyé à {email}',
  'emailConfirmation.openGmail': 'Ouvrir Gmail',
  'emailConfirmation.openYahoo': 'Ouvrir Yahoo',
  'emailConfirmation.openOutlook': 'Ouvrir Outlook',
  'emailConfirmation.didNotGetIt': 'Vous ne l’avez pas reçu ?',
  'emailConfirmation.resend': 'Renvoyer l’e-mail',
  'emailConfirmation.resending': 'Envoi…',
  'emailConfirmation.resendIn': { one: 'Renvoyer l’e-mail dans {seconds} seconde', other: 'Renvoyer l’e-mail dans {seconds} secondes' },
  'emailConfirmation.tryAgain': 'Réessayer',
  'toast.emailResent': 'E-mail renvoyé',
  'callback.loggingIn': 'Connexion…',
  'callback.failedTitle': 'Nous n’avons pas pu vous connecter',
  'callback.backToLogin': 'Retour à la connexion',
} as const satisfies NamespaceMessages<'magic-link'>;

export default messages;
