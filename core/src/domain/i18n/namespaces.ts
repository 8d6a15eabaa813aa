import type enErrors from './locales/en/errors';
import type enMagicLink from './locales/en/magic-link';
import type enMain from './locales/en/main';
import type enPages from './locales/en/pages';
import type enPasscodes from './locales/en/passcodes';
import type enPasswords from './locales/en/passwords';
import type enPasskeys from './locales/en/passkeys';
import type enPasskeyRegistration from './locales/en/passkey-registration';
import type enWallets from './locales/en/wallets';
import type enIdentityProvider from './locales/en/identity-provider';

// A namespace is registered here (its id, its English type, its key prefix) and in english.ts; its
// files, `locales/<locale>/<namespace>.ts`, load by their path (catalogue-sources.ts).

/**
 * Catalogues are split by namespace so a page loads only the strings it shows: `main` ships in
 * the first load, the others arrive with the screens (or the failure) that need them.
 */
export const NAMESPACES = [
  'main',
  'errors',
  'magic-link',
  'passwords',
  'passcodes',
  'pages',
  'passkeys',
  'passkey-registration',
  'wallets',
  'identity-provider',
  // new:flow: namespace ids
] as const;
export type NamespaceId = (typeof NAMESPACES)[number];

interface EnglishNamespaces {
  readonly main: typeof enMain;
  readonly errors: typeof enErrors;
  readonly 'magic-link': typeof enMagicLink;
  readonly passwords: typeof enPasswords;
  readonly passcodes: typeof enPasscodes;
  readonly pages: typeof enPages;
  readonly passkeys: typeof enPasskeys;
  readonly 'passkey-registration': typeof enPasskeyRegistration;
  readonly wallets: typeof enWallets;
  readonly 'identity-provider': typeof enIdentityProvider;
  // new:flow: English namespaces
}

/** A message with one text per `Intl.PluralRules` category; `other` is required. */
type PluralMessage = { readonly other: string } & { readonly [C in Intl.LDMLPluralRule]?: string };

/** A catalogue entry: plain text, or plural forms. */
export type MessageText = string | PluralMessage;

/** The keys of one namespace. */
type NamespaceKey<N extends NamespaceId> = keyof EnglishNamespaces[N] & string;

/** Every key of every namespace. */
export type MessageKey = { [N in NamespaceId]: NamespaceKey<N> }[NamespaceId];

/**
 * A complete namespace for one locale (what a translation must provide, checked by `satisfies`).
 *
 * @public Each translation's namespace file satisfies it; those files load by their path, which knip does not follow.
 */
export type NamespaceMessages<N extends NamespaceId> = { readonly [K in NamespaceKey<N>]: MessageText };

/** Some strings of any namespaces (a partial locale, an integrator's overrides). */
export type MessageOverrides = { readonly [K in MessageKey]?: MessageText };

/** Which namespace holds a key: its prefix up to the first dot decides. */
const NAMESPACE_OF_PREFIX: Readonly<Record<string, NamespaceId>> = {
  login: 'main',
  config: 'main',
  validation: 'main',
  common: 'main',
  success: 'main',
  oauth: 'main',
  error: 'errors',
  emailConfirmation: 'magic-link',
  toast: 'magic-link',
  callback: 'magic-link',
  password: 'passwords',
  passcodes: 'passcodes',
  home: 'pages',
  playground: 'pages',
  notFound: 'pages',
  passkeys: 'passkeys',
  passkeyRegistration: 'passkey-registration',
  wallets: 'wallets',
  idp: 'identity-provider',
  // new:flow: namespace prefixes
};

/** The namespace a key lives in (`main` for an unknown prefix, which the type system rules out). */
export function namespaceOf(key: MessageKey): NamespaceId {
  return NAMESPACE_OF_PREFIX[key.slice(0, key.indexOf('.'))] ?? 'main';
}
