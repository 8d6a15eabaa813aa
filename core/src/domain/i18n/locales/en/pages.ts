/**
 * English, namespace `pages`. The app's pages beyond the widget: home, playground, not found.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'home.title': 'You are signed in',
  'home.signedInAs': 'Signed in as {email}',
  'home.logOut': 'Log out',
  'home.copyAddress': 'Copy address',
  'home.copyFailed': 'The address could not be copied. Copy it from your wallet instead.',
  'home.addressCopied': 'Address copied.',
  'home.loggingOut': 'Logging out…',
  'home.unavailableTitle': 'We could not check your sign-in',
  'playground.title': 'Widget playground',
  'playground.unknownSettings': { one: 'Ignored {count} unknown setting.', other: 'Ignored {count} unknown settings.' },
  'playground.unknownValues': { one: '{param}: {count} unknown value ignored.', other: '{param}: {count} unknown values ignored.' },
  'playground.noProducts': 'Choose at least one product to preview the widget.',
  'playground.notYetAvailable': 'Not available in this build yet: {products}',
  'notFound.title': 'Page not found',
  'notFound.text': 'There is nothing at this address.',
  'notFound.toLogin': 'Go to sign in',
  'playground.products': 'Products',
  'playground.otpMethods': 'Passcode methods',
  'playground.otpExpiration': 'Passcode expiry (minutes)',
  'playground.otpExpirationProject': "The project's setting",
  'playground.oauthProviders': 'OAuth providers',
  'playground.theme': 'Theme',
  'playground.locale': 'Language',
  'playground.apply': 'Apply',
  'playground.linkToConfig': 'Link to this configuration: {link}',
} as const;

export default messages;
