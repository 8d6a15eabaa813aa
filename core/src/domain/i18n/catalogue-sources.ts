import enMain from './locales/en/main';
import type { MessageOverrides, NamespaceId } from './namespaces';
import { PSEUDO_LOCALE } from './locale';

/** Loads one namespace of one locale; resolves to undefined when the locale has none. */
export type NamespaceLoader = (locale: string, namespace: NamespaceId) => Promise<MessageOverrides | undefined>;

type Loaders = { readonly [N in NamespaceId]?: () => Promise<{ readonly default: MessageOverrides }> };

// Each dynamic import is a chunk of its own: a visitor fetches only the namespaces (and the
// locale) the screens in front of them use. English `main` is static: the first screen needs it.
const BUNDLED: Readonly<Record<string, Loaders>> = {
  en: {
    main: () => Promise.resolve({ default: enMain }),
    errors: () => import('./locales/en/errors'),
    'magic-link': () => import('./locales/en/magic-link'),
    passwords: () => import('./locales/en/passwords'),
    passcodes: () => import('./locales/en/passcodes'),
    pages: () => import('./locales/en/pages'),
  },
  fr: {
    main: () => import('./locales/fr/main'),
    errors: () => import('./locales/fr/errors'),
    'magic-link': () => import('./locales/fr/magic-link'),
    passwords: () => import('./locales/fr/passwords'),
    passcodes: () => import('./locales/fr/passcodes'),
    pages: () => import('./locales/fr/pages'),
  },
};

/** Locales with catalogues of their own (the pseudo-locale is derived from English). */
export const BUNDLED_LOCALES: readonly string[] = [...Object.keys(BUNDLED), PSEUDO_LOCALE];

/** The English `main` namespace, available synchronously for the first render. */
export const ENGLISH_MAIN: MessageOverrides = enMain;

/** Loads the catalogues bundled with the core; the pseudo-locale is English, transformed. */
export const loadBundledNamespace: NamespaceLoader = async (locale, namespace) => {
  // The transform is a chunk of its own: only someone asking for the pseudo-locale loads it.
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo')).pseudoNamespace(namespace);
  const load = BUNDLED[locale]?.[namespace];
  return load ? (await load()).default : undefined;
};
