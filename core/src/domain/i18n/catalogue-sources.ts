// Loaded on demand (by the translator's `load`): only screens past the first, or another
// language, need more than English `main`, which the translator has in the first load.
import { type CATALOGUE_LOCALES, PSEUDO_LOCALE } from './locale';
import enMain from './locales/en/main';
import type { MessageOverrides, NamespaceId } from './namespaces';
import { DEFAULT_MESSAGE_LOAD_TIMEOUT_MS, type NamespaceSlots, type TranslationsOptions } from './translator';

/** Loads one namespace of one locale; resolves to undefined when the locale has none. */
export type NamespaceLoader = (locale: string, namespace: NamespaceId) => Promise<MessageOverrides | undefined>;

type Loaders = { readonly [N in NamespaceId]?: () => Promise<{ readonly default: MessageOverrides }> };

// Each dynamic import is a chunk of its own: a visitor fetches only the namespaces (and the
// locale) the screens in front of them use. English `main` is static: the first screen needs it.
// Typed by CATALOGUE_LOCALES, so that list (in the first load) and this table cannot drift apart.
const BUNDLED: { readonly [L in (typeof CATALOGUE_LOCALES)[number]]: Loaders } = {
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

/** Loads the catalogues bundled with the core; the pseudo-locale is English, transformed. */
export const loadBundledNamespace: NamespaceLoader = async (locale, namespace) => {
  // The transform is a chunk of its own: only someone asking for the pseudo-locale loads it.
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo')).pseudoNamespace(namespace);
  const load = (BUNDLED as Readonly<Record<string, Loaders>>)[locale]?.[namespace];
  return load ? (await load()).default : undefined;
};

/**
 * Loads one namespace of one locale into `slots`, under the deadline of `options`. Never rejects:
 * a failure or a missed deadline marks the slot failed (its strings fall back along the chain).
 */
export function loadNamespace(slots: NamespaceSlots, locale: string, namespace: NamespaceId, options: TranslationsOptions): Promise<void> {
  const slot = `${locale}/${namespace}`;
  return new Promise<void>((resolve) => {
    let done = false;
    const fail = (cause: unknown) => {
      if (done) return;
      done = true;
      slots.failed.add(slot);
      options.onLoadError?.(locale, namespace, cause);
      resolve();
    };
    const timeoutMs = options.messageLoadTimeoutMs ?? DEFAULT_MESSAGE_LOAD_TIMEOUT_MS;
    const deadline = options.scheduler?.schedule(() => fail(new Error(`Not loaded within ${timeoutMs} ms`)), timeoutMs);
    (options.messageLoader ?? loadBundledNamespace)(locale, namespace).then(
      (messages) => {
        // A late arrival still counts: the next render shows the real strings.
        slots.loaded.set(slot, messages ?? null);
        slots.failed.delete(slot);
        deadline?.unsubscribe();
        done = true;
        resolve();
      },
      (cause: unknown) => {
        deadline?.unsubscribe();
        fail(cause);
      },
    );
  });
}
