/**
 * English, namespace `passcodes`. Main's passcode tabs and phone form, and the Passcode entry screen.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'passcodes.tabsLabel': 'How to receive your passcode',
  'passcodes.tabSms': 'Text',
  'passcodes.tabWhatsapp': 'WhatsApp',
  'passcodes.tabEmail': 'Email',
  'passcodes.phoneLabel': 'Phone number',
  'passcodes.countryLabel': 'Country',
  'passcodes.country': '+{callingCode} {country}',
  'passcodes.phoneRequired': 'Enter a phone number.',
  'passcodes.sendCode': 'Continue',
  'passcodes.checking': 'Checking…',
  'passcodes.sending': 'Sending…',
  'passcodes.title': 'Enter passcode',
  'passcodes.sentToEmail': 'A 6-digit passcode was sent to you at {destination}.',
  'passcodes.sentToSms': 'A 6-digit passcode was sent to you by text at {destination}.',
  'passcodes.sentToWhatsapp': 'A 6-digit passcode was sent to you on WhatsApp at {destination}.',
  'passcodes.codeLabel': 'Passcode',
  'passcodes.verifying': 'Verifying passcode...',
  'passcodes.expiresIn': 'Your code expires in {time}.',
  'passcodes.expired': 'Your code has expired.',
  'passcodes.didNotGetIt': "Didn't get it?",
  'passcodes.resend': 'Resend',
  'passcodes.resending': 'Sending…',
  'passcodes.codeSent': 'Code sent',
  'passcodes.codeProbablyUsed': 'This passcode was probably already used by your previous attempt, which got no answer. Select Resend to get a new one.',
  'passcodes.verified': 'Your passcode has been successfully verified.',
} as const;

export default messages;
