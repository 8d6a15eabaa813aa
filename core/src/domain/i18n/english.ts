import errors from './locales/en/errors';
import magicLink from './locales/en/magic-link';
import main from './locales/en/main';
import pages from './locales/en/pages';
import passcodes from './locales/en/passcodes';
import passwords from './locales/en/passwords';
import type { MessageOverrides, NamespaceId } from './namespaces';
import passkeys from './locales/en/passkeys';
import passkeyRegistration from './locales/en/passkey-registration';
import wallets from './locales/en/wallets';
import identityProvider from './locales/en/identity-provider';

/**
 * Every English namespace, statically: for tests and server renderers that want all strings at
 * once (`createAuthCore(…, { preloadedMessages: { en: ENGLISH_CATALOGUES } })`). A browser page
 * loads them one by one instead.
 */
export const ENGLISH_CATALOGUES: Readonly<Record<NamespaceId, MessageOverrides>> = {
  main,
  errors,
  'magic-link': magicLink,
  passwords,
  passcodes,
  pages,
  passkeys,
  'passkey-registration': passkeyRegistration,
  wallets,
  'identity-provider': identityProvider,
  // new:flow: English catalogues
};
