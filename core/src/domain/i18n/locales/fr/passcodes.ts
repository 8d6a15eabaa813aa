import type { NamespaceMessages } from '../../namespaces';

/** Français, espace `passcodes`. Les onglets et le formulaire téléphone de l'accueil, et la saisie du code. */
const messages = {
  'passcodes.tabsLabel': 'Comment recevoir votre code',
  'passcodes.tabSms': 'SMS',
  'passcodes.tabWhatsapp': 'WhatsApp',
  'passcodes.tabEmail': 'E-mail',
  'passcodes.phoneLabel': 'Numéro de téléphone',
  'passcodes.countryLabel': 'Pays',
  'passcodes.country': '+{callingCode} {country}',
  'passcodes.phoneRequired': 'Saisissez un numéro de téléphone.',
  'passcodes.sendCode': 'Continuer',
  'passcodes.checking': 'Vérification…',
  'passcodes.sending': 'Envoi…',
  'passcodes.title': 'Saisissez le code',
  'passcodes.sentToEmail': 'Un code à 6 chiffres vous a été envoyé à {destination}.',
  'passcodes.sentToSms': 'Un code à 6 chiffres vous a été envoyé par SMS au {destination}.',
  'passcodes.sentToWhatsapp': 'Un code à 6 chiffres vous a été envoyé sur WhatsApp au {destination}.',
  'passcodes.codeLabel': 'Code',
  'passcodes.verifying': 'Vérification du code...',
  'passcodes.expiresIn': 'Votre code expire dans {time}.',
  'passcodes.expired': 'Votre code a expiré.',
  'passcodes.didNotGetIt': 'Vous ne l’avez pas reçu ?',
  'passcodes.resend': 'Renvoyer',
  'passcodes.resending': 'Envoi…',
  'passcodes.codeSent': 'Code envoyé',
  'passcodes.codeProbablyUsed': 'Ce code a sans doute déjà été utilisé lors de la tentative précédente, restée sans réponse. Choisissez « Renvoyer » pour en recevoir un nouveau.',
  'passcodes.verified': 'Votre code a bien été vérifié.',
} as const satisfies NamespaceMessages<'passcodes'>;

export default messages;
