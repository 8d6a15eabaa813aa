// Loaded on demand (by the translator's `load`): only screens past the first, or another
// language, need more than English `main`, which the translator has in the first load.
import { BUNDLED_LOCALES, PSEUDO_LOCALE } from './locale';
import type { MessageOverrides, NamespaceId } from './namespaces';
import { DEFAULT_MESSAGE_LOAD_TIMEOUT_MS, type NamespaceSlots, type TranslationsOptions } from './translator';

/** Loads one namespace of one locale; resolves to undefined when the locale has none. */
export type NamespaceLoader = (locale: string, namespace: NamespaceId) => Promise<MessageOverrides | undefined>;

/** Loads the catalogues bundled with the core; the pseudo-locale is English, transformed. */
export const loadBundledNamespace: NamespaceLoader = async (locale, namespace) => {
  // The transform is a chunk of its own: only someone asking for the pseudo-locale loads it.
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo')).pseudoNamespace(namespace);
  if (!BUNDLED_LOCALES.includes(locale)) return undefined;
  // Found by its path, not listed: the bundler makes each `locales/<locale>/<namespace>.ts` a chunk
  // of its own (a visitor fetches only the namespaces, and the locale, in front of them), and a new
  // namespace is its files plus its entry in namespaces.ts. English `main` is in the first load
  // already: asking for it resolves at once.
  const loaded = (await import(`./locales/${locale}/${namespace}.ts`)) as { readonly default: MessageOverrides };
  return loaded.default;
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
